import Foundation
import ITunesCatalog
import TerminalUI
import TestSupport
import Testing
import TunesFeatures

@testable import TunesTUI

@Suite("Key table")
struct KeyTableTests {
  /// A state for each focus with a screen, named as in the goldens.
  static func states() throws -> [(String, AppState)] {
    let size = Viewport(columns: 80, rows: 24)
    var query = try ScreenStates.search("results", size: size)
    query.search.focus = .query
    return [
      ("query box", query),
      ("results", try ScreenStates.search("results", size: size)),
      ("welcome results", try ScreenStates.search("empty", size: size)),
      ("home", try ScreenStates.home("home-rows", size: size)),
      ("detail", try ScreenStates.detail("song", size: size)),
      ("detail playing", try ScreenStates.detail("song-playing", size: size)),
      ("detail artist", try ScreenStates.detail("artist-loaded", size: size)),
      ("favourites", try ScreenStates.favorites("list", size: size)),
    ]
  }

  /// The key a hint names: its first word (`Enter`, `Esc`, `p`, `← →` is ←).
  static func key(named label: String) -> Key? {
    let first = String(label.split(separator: " ").first ?? "")
    switch first {
    case "Enter": return .enter
    case "Esc": return .escape
    case "Tab": return .tab
    case "←": return .left
    case "→": return .right
    case "↑": return .up
    case "↓": return .down
    default: return first.count == 1 ? first.first.map(Key.character) : nil
    }
  }

  @Test("every hint shown in a bar names a key that does something there")
  func hintsAreTrue() throws {
    for (name, state) in try Self.states() {
      let hints = KeyTable.hints(.header, state: state) + KeyTable.hints(.bar, state: state)
      #expect(!hints.isEmpty, "\(name) shows no hints")
      for hint in hints {
        let key = try #require(Self.key(named: hint.key), "\(name): hint \(hint.key)")
        let actions = KeyTable.actions(for: key, [], state: state)
        #expect(!actions.isEmpty, "\(name): \(hint.key) \(hint.action) does nothing")
      }
    }
  }

  @Test("h j k l move like the arrows wherever the help says they move")
  func vimKeysMove() throws {
    let results = try ScreenStates.search("results", size: Viewport(columns: 120, rows: 40))
    for (letter, arrow) in [("h", Key.left), ("j", .down), ("k", .up), ("l", .right)] {
      let byLetter = KeyTable.actions(for: .character(Character(letter)), [], state: results)
      #expect(byLetter == KeyTable.actions(for: arrow, [], state: results), "\(letter)")
      #expect(byLetter != [.home(.opened)])
    }
    let home = try ScreenStates.home("home-rows", size: Viewport(columns: 120, rows: 40))
    #expect(
      KeyTable.actions(for: .character("h"), [], state: home) == [.home(.selectionMoved(.left))])
    #expect(KeyTable.actions(for: .character("H"), [], state: results) == [.home(.opened)])
  }

  @Test("while a preview plays on a detail, h and l pick works as the bar says")
  func worksWhilePlaying() throws {
    var state = try ScreenStates.detail("artist-loaded", size: Viewport(columns: 80, rows: 24))
    let detail = try #require(state.topDetail)
    state.playback = ScreenStates.playing(detail.item, at: 3)
    #expect(KeyTable.hints(.bar, state: state).contains { $0 == ("h l", "works") })
    #expect(
      KeyTable.actions(for: .character("h"), [], state: state) == [
        .detail(.workMoved(forward: false))
      ])
    #expect(
      KeyTable.actions(for: .character("l"), [], state: state) == [
        .detail(.workMoved(forward: true))
      ])
    #expect(KeyTable.actions(for: .left, [], state: state) == [.playback(.seekRequested(-5))])
  }

  @Test("an album tile offers p (its tracks play from the first), as a song tile does")
  func albumTilePlays() throws {
    let size = Viewport(columns: 120, rows: 40)
    var state = try ScreenStates.search("results", size: size)
    var album = CatalogItem(id: 7, kind: .album, title: "Kites")
    album.author = "Mira Castell"
    state.search.results = .loaded([album])
    state.search.selection = 0
    #expect(KeyTable.hints(.bar, state: state).contains { $0 == ("p", "play") })
    #expect(
      KeyTable.actions(for: .character("p"), [], state: state) == [
        .playback(.listPlayRequested(PlayList(items: [album], start: 0)))
      ])
  }

  @Test("on the offline home banner d switches to the demo from the rows, not from the box")
  func demoFromHomeBanner() throws {
    var state = try ScreenStates.home("home-offline", size: Viewport(columns: 80, rows: 24))
    #expect(KeyTable.actions(for: .character("d"), [], state: state) != [.demoRequested])
    state.search.focus = .results
    #expect(KeyTable.actions(for: .character("d"), [], state: state) == [.demoRequested])
    state.demoAvailable = false
    #expect(KeyTable.actions(for: .character("d"), [], state: state) != [.demoRequested])
  }

  @Test("/ reaches the search box from a detail, the favourites and the genres")
  func slashFromEveryScreen() throws {
    let size = Viewport(columns: 80, rows: 24)
    var genres = try ScreenStates.search("results", size: size)
    genres.stack = [.genres(GenresState())]
    for state in [
      try ScreenStates.detail("song", size: size), try ScreenStates.favorites("list", size: size),
      genres,
    ] {
      #expect(KeyTable.actions(for: .character("/"), [], state: state) == [.searchBoxRequested])
    }
  }

  @Test("the help lists every screen and panel, each row fitting its column")
  func helpCoversEverything() {
    let titles = HelpOverlay.sections().map(\.title)
    #expect(titles.count == KeyFocus.allCases.count)
    for focus in KeyFocus.allCases {
      #expect(titles.contains(focus.title))
      #expect(HelpOverlay.sections(focus: focus).first?.title == focus.title)
    }
    for section in KeyTable.sections {
      for row in section.rows {
        #expect(displayWidth(of: row.label) <= 16, "\(section.title): \(row.label)")
        #expect(displayWidth(of: row.help) <= 40, "\(section.title): \(row.help)")
      }
    }
    let demo = KeyTable.sections.flatMap(\.rows).filter { $0.label == "d" }
    // `d` for the demo: under the results and on the home rows (one offline banner).
    #expect(demo.count == 2)
  }

  @Test("the README's key table is the one the key table makes")
  func readmeMatches() throws {
    let readme = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    let begin = "<!-- keys:begin (made by KeyTable.markdown(); RECORD_SNAPSHOTS=1 rewrites) -->\n"
    let end = "<!-- keys:end -->"
    let start = try #require(text.range(of: begin), "README has no key table markers")
    let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
    let table = KeyTable.markdown()
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
      let updated = text.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: table)
      try updated.write(to: readme, atomically: true, encoding: .utf8)
      return
    }
    #expect(String(text[start.upperBound..<stop.lowerBound]) == table)
  }
}
