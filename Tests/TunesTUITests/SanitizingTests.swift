import Foundation
import ITunesCatalog
import TerminalUI
import TestSupport
import Testing
import TunesFeatures

@testable import TunesTUI

@Suite("Sanitizing and locale independence")
struct SanitizingTests {
  static func hostile() -> CatalogItem {
    var item = CatalogItem(id: 7, kind: .song, title: "Evil\u{1B}[2J Title\u{07}\u{9B}31m")
    item.author = "Bad\u{1B}]8;;http://x\u{1B}\\Artist"
    item.collection = "Line\nBreak\rAlbum"
    item.description = "First\u{1B}[31m line\nsecond\u{0}line"
    item.genre = "\u{202E}Rock"
    return item
  }

  static func containsControl(_ buffer: Buffer) -> Bool {
    buffer.cells.contains { cell in
      cell.symbol.unicodeScalars.contains {
        $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E
      }
    }
  }

  @Test("a title with ESC[2J renders without ESC on the results and the detail")
  func hostileStrings() throws {
    let item = Self.hostile()
    var search = ScreenStates.searched([item], size: Viewport())
    search.search.selection = 0
    let detail = AppState(stack: [.detail(DetailState(item: item, details: .loaded(item)))])
    for state in [search, detail] {
      let frame = AppScreen.render(state)
      #expect(!Self.containsControl(frame.buffer))
      #expect(frame.buffer.text.contains("Evil Title"))
      var renderer = DiffRenderer(colorDepth: .ansi256)
      let bytes = renderer.render(previous: nil, next: frame.buffer)
      let output = String(decoding: bytes, as: UTF8.self)
      #expect(!output.contains("\u{1B}[2J Title"))
      #expect(!output.contains("\u{07}"))
    }
  }

  @Test("rendering does not depend on LANG or LC_ALL")
  func localeIndependence() throws {
    let state = try ScreenStates.search("results", size: Viewport(columns: 120, rows: 40))
    let detail = try ScreenStates.detail("app", size: Viewport())
    let before = (AppScreen.render(state).buffer, AppScreen.render(detail).buffer)
    let saved = (
      getenv("LANG").map { String(cString: $0) }, getenv("LC_ALL").map { String(cString: $0) }
    )
    for (lang, all) in [("C", "C"), ("ja_JP.UTF-8", "ja_JP.UTF-8"), ("de_DE.UTF-8", "POSIX")] {
      setenv("LANG", lang, 1)
      setenv("LC_ALL", all, 1)
      setlocale(LC_ALL, "")
      #expect(AppScreen.render(state).buffer == before.0)
      #expect(AppScreen.render(detail).buffer == before.1)
    }
    if let lang = saved.0 { setenv("LANG", lang, 1) } else { unsetenv("LANG") }
    if let all = saved.1 { setenv("LC_ALL", all, 1) } else { unsetenv("LC_ALL") }
    setlocale(LC_ALL, "C")
  }

  @Test("numbers and prices are formatted without the locale")
  func formatting() {
    #expect(FactText.grouped(1_234_567) == "1,234,567")
    #expect(FactText.countdown(seconds: 41.2) == "0:42")
    #expect(FactText.timestamp(Date(timeIntervalSince1970: 0)) == "1970-01-01 00:00")
    #expect(DisplayText.clean("  \u{1B}[1m ") == nil)
    #expect(DisplayText.clean(" a\u{1B}[1mb ") == "ab")
    #expect(DisplayText.clean(" \u{7} ") == nil)
  }

  @Test("wide characters keep their two cells on a tile")
  func wideCharacters() throws {
    let items = try Recordings.items(Recordings.japanese)
    let state = ScreenStates.searched(items, term: "コブクロ", size: Viewport())
    let frame = AppScreen.render(state)
    let title = try #require(DisplayText.clean(items[0].title))
    #expect(frame.buffer.text.contains(String(title.prefix(3))))
    #expect(!Self.containsControl(frame.buffer))
  }
}

@Suite("Track lists")
struct TrackListTests {
  @Test(
    "a second disc gets its heading where the numbering starts again; videos and explicit tracks are marked"
  )
  func discsAndMarks() {
    var items = (1...3).map { CatalogItem(id: Int64($0), kind: .song, title: "Song \($0)") }
    for index in items.indices { items[index].trackNumber = index + 1 }
    var second = (4...5).map { CatalogItem(id: Int64($0), kind: .song, title: "Song \($0)") }
    second[0].trackNumber = 1
    second[1].trackNumber = 2
    second[1].kind = .musicVideo
    items += second
    let lines = DetailView.trackLines(items, numbered: true)
    let headings = lines.compactMap { line -> Int? in
      if case .disc(let number) = line { return number }
      return nil
    }
    #expect(headings == [1, 2])
    #expect(lines.count == 7)
    guard case .track(let video) = lines.last else {
      Issue.record("the last line is not a track")
      return
    }
    #expect(video.title.contains("(video)"))
    let single = DetailView.trackLines(Array(items.prefix(3)), numbered: true)
    #expect(single.count == 3, "one disc has no heading")
  }
}
