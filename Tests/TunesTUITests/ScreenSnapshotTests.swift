import TerminalUI
import TestSupport
import Testing
import TunesFeatures

@testable import TunesTUI

/// Golden files of whole screens: the characters and, separately, the styles.
@Suite("Screen golden files")
struct ScreenSnapshotTests {
  static let sizes = [Viewport(columns: 80, rows: 24), Viewport(columns: 120, rows: 40)]

  static let searchCases = [
    "welcome", "suggestions", "loading", "reloading", "results", "error", "rate-limited", "empty",
    "grouped", "playing", "help", "filters", "failed-after-results", "load-more-failed",
    "not-found", "settings", "settings-error", "cancelled", "all-loaded", "rate-limited-queued",
    "arranged",
  ]

  static let detailCases = [
    "song", "album", "movie", "app", "podcast", "song-playing", "song-paused", "song-failed",
    "album-loading", "artist", "artist-loaded", "app-loaded", "app-notes", "author-empty",
    "book", "app-screenshots",
  ]

  @Test("the search screen matches its golden files", arguments: searchCases, sizes)
  func searchScreen(name: String, size: Viewport) throws {
    let frame = AppScreen.render(try ScreenStates.search(name, size: size))
    let mismatch = snapshotMismatch(
      frame.buffer, named: "search-\(name)-\(size.columns)x\(size.rows)")
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }

  @Test("the detail screen matches its golden files", arguments: detailCases, sizes)
  func detailScreen(name: String, size: Viewport) throws {
    let frame = AppScreen.render(try ScreenStates.detail(name, size: size))
    let mismatch = snapshotMismatch(
      frame.buffer, named: "detail-\(name)-\(size.columns)x\(size.rows)")
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }

  @Test("the home screen matches its golden files", arguments: ScreenStates.homeCases, sizes)
  func homeScreen(name: String, size: Viewport) throws {
    let frame = AppScreen.render(try ScreenStates.home(name, size: size))
    let mismatch = snapshotMismatch(frame.buffer, named: "\(name)-\(size.columns)x\(size.rows)")
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }

  @Test("the favourites screen matches its golden files", arguments: ScreenStates.favoritesCases)
  func favoritesScreen(name: String) throws {
    let frame = AppScreen.render(try ScreenStates.favorites(name, size: Viewport()))
    let mismatch = snapshotMismatch(frame.buffer, named: "favorites-\(name)-80x24")
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }

  @Test("the favourites list at 120x40 matches its golden file")
  func favoritesWide() throws {
    let frame = AppScreen.render(
      try ScreenStates.favorites("list", size: Viewport(columns: 120, rows: 40)))
    let mismatch = snapshotMismatch(frame.buffer, named: "favorites-list-120x40")
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }

  static let tinySizes = [
    Viewport(columns: 1, rows: 1), Viewport(columns: 12, rows: 4), Viewport(columns: 30, rows: 8),
    Viewport(columns: 250, rows: 70),
  ]

  @Test(
    "every screen draws at any size, tiny or huge, filling exactly the viewport",
    arguments: tinySizes)
  func anySize(size: Viewport) throws {
    var states = try Self.searchCases.map { try ScreenStates.search($0, size: size) }
    states += try Self.detailCases.map { try ScreenStates.detail($0, size: size) }
    states += try ScreenStates.favoritesCases.map { try ScreenStates.favorites($0, size: size) }
    states += try ScreenStates.homeCases.map { try ScreenStates.home($0, size: size) }
    for state in states {
      let frame = AppScreen.render(state)
      #expect(frame.buffer.width == size.columns)
      #expect(frame.buffer.height == size.rows)
      for region in frame.hits.regions {
        #expect(frame.buffer.area.intersection(region.rect) == region.rect)
      }
    }
  }
}

@Suite("Colours on light and dark terminals")
struct ContrastTests {
  @Test(
    "no visible character is drawn in the terminal's default colour over an explicit background",
    arguments: [Viewport(columns: 80, rows: 24), Viewport(columns: 120, rows: 40)])
  func noDefaultForegroundOnExplicitBackground(size: Viewport) throws {
    var states = try ScreenSnapshotTests.searchCases.map { try ScreenStates.search($0, size: size) }
    states += try ScreenSnapshotTests.detailCases.map { try ScreenStates.detail($0, size: size) }
    states += try ScreenStates.favoritesCases.map { try ScreenStates.favorites($0, size: size) }
    states += try ScreenStates.homeCases.map { try ScreenStates.home($0, size: size) }
    for state in states {
      let buffer = AppScreen.render(state).buffer
      var found: [String] = []
      for y in 0..<buffer.height {
        for x in 0..<buffer.width {
          let cell = buffer[x, y]
          guard cell.style.background != .default, cell.style.foreground == .default,
            cell.symbol != " ", !cell.symbol.isEmpty
          else { continue }
          found.append("\(cell.symbol)@\(x),\(y)")
        }
      }
      #expect(found.isEmpty, "\(found.prefix(20))")
    }
  }
}

@Suite("Narrow screens")
struct NarrowScreenTests {
  @Test("at 40×12 the detail is text first: the title and the facts, no artwork")
  func smallDetailIsText() throws {
    let size = Viewport(columns: 40, rows: 12)
    let frame = AppScreen.render(try ScreenStates.detail("song", size: size))
    let mismatch = snapshotMismatch(frame.buffer, named: "detail-song-40x12")
    #expect(mismatch == nil, "\(mismatch ?? "")")
    let text = frame.buffer.text
    #expect(text.contains("Better Together"), "\(text)")
    #expect(text.contains("Details"), "\(text)")
    #expect(frame.metrics.artwork.isEmpty)
  }

  @Test("at 50×40 the artwork comes after the title block, which stays at the top")
  func narrowTallDetail() throws {
    let size = Viewport(columns: 50, rows: 40)
    let frame = AppScreen.render(try ScreenStates.detail("song", size: size))
    let lines = frame.buffer.text.split(separator: "\n", omittingEmptySubsequences: false)
    // The document starts on the third line with the badge, not with artwork.
    #expect(lines.count > 3 && lines[2].contains("Song"), "\(frame.buffer.text)")
    #expect(frame.metrics.artwork.count <= 1)
  }

  @Test("at 41 columns the breadcrumb keeps the start of the title", arguments: [41, 50, 60])
  func breadcrumbKeepsTitle(columns: Int) throws {
    let state = try ScreenStates.detail("movie", size: Viewport(columns: columns, rows: 12))
    let header = AppScreen.render(state).buffer.text.split(separator: "\n").first ?? ""
    #expect(header.contains("Star Wars"), "\(header)")
  }

  @Test("one tile column below 60 cells: titles are not wrapped after one word")
  func oneColumn() throws {
    let state = try ScreenStates.search("results", size: Viewport(columns: 40, rows: 20))
    let text = AppScreen.render(state).buffer.text
    #expect(text.contains("This Bike Is a Pipe"), "\(text)")
  }
}

@Suite("Small marks on screen")
struct MarksTests {
  @Test("a link that could not be opened is shown in the status bar as an OSC 8 link")
  func failedLink() throws {
    var state = try ScreenStates.search("results", size: Viewport(columns: 120, rows: 40))
    state.notice = "Could not open the link (xdg-open not found):"
    state.noticeLink = "https://music.apple.com/us/album/1"
    let buffer = AppScreen.render(state).buffer
    #expect(buffer.text.contains("https://music.apple.com/us/album/1"))
    var renderer = DiffRenderer(colorDepth: .ansi256)
    let bytes = String(decoding: renderer.render(previous: nil, next: buffer), as: UTF8.self)
    #expect(bytes.contains("\u{1B}]8;;https://music.apple.com/us/album/1"))
  }

  @Test("--offline shows a marker; explicit items say so on their tile")
  func offlineAndExplicit() throws {
    var state = try ScreenStates.search("results", size: Viewport(columns: 120, rows: 40))
    state.offline = true
    if var items = state.search.results.value {
      items[0].explicitness = .explicit
      state.search.results = .loaded(items)
    }
    let text = AppScreen.render(state).buffer.text
    #expect(text.split(separator: "\n").last?.contains("offline") == true)
    #expect(text.contains("Explicit"))
  }

  @Test("a long query shows … where its start is scrolled out of sight")
  func hiddenQueryStart() {
    var state = AppState(viewport: Viewport(columns: 30, rows: 10))
    state.search.query = "a very long query that cannot fit in the box"
    state.search.queryCursor = state.search.query.count
    let line = AppScreen.render(state).buffer.text.split(separator: "\n")[2]
    #expect(line.contains("…"), "\(line)")
  }

  @Test("a centred message wraps evenly, never leaving one word alone on its last line")
  func balancedWrap() {
    let text = "The iTunes API did not answer within 15 seconds, so nothing could be shown here."
    let lines = MessagePanel.balancedWrap(text, width: 72)
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { $0.split(separator: " ").count > 2 }, "\(lines)")
  }
}
