import Foundation
import TerminalUI
import TestSupport
import Testing
import TunesFeatures

@testable import TunesTUI

/// The screens of keeping watch: the home screen's Changes row in each of its states, and a
/// page's history and other storefronts.
@Suite("Keeping watch on screen")
struct WatchScreenTests {
  static let sizes = [Viewport(columns: 80, rows: 24), Viewport(columns: 120, rows: 40)]
  static let day = Date(timeIntervalSince1970: 1_796_200_000)  // 2026-12-02 08:26:40 UTC

  static let homeCases = [
    "changes", "changes-nothing", "changes-unwatched", "changes-unchecked", "changes-checking",
    "changes-failed", "changes-check-failed", "changes-focused",
  ]
  static let detailCases = [
    "history", "storefronts", "storefronts-loading", "storefronts-failed",
  ]

  static func entries() -> [ChangeEntry] {
    [
      ChangeEntry(
        itemID: 9, country: "us", itemKind: "album", title: "Night Songs", kind: .newRelease,
        notes: "The Band", at: day + 300),
      ChangeEntry(
        itemID: 41, country: "us", itemKind: "software", title: "Pocket Planner",
        kind: .priceDown, field: "price", old: "4.99", new: "3.99", currency: "USD", at: day + 200),
      ChangeEntry(
        itemID: 41, country: "us", itemKind: "software", title: "Pocket Planner",
        kind: .newVersion, old: "2.0", new: "2.1", notes: "Plans for leap years.", at: day + 200),
      ChangeEntry(
        itemID: 42, country: "gb", itemKind: "software", title: "Night Sky", kind: .gone,
        old: "0", currency: "GBP", at: day + 100),
    ]
  }

  static func home(_ name: String, size: Viewport) throws -> AppState {
    var state = try ScreenStates.home("home", size: size)
    state.favoriteIDs = [41, 42]
    let since = day - 29 * 86_400
    switch name {
    case "changes":
      var watch = WatchState(
        digest: .loaded(
          WatchDigest(
            changes: Array(entries().dropFirst()), lastCheck: day + 200, since: since)))
      watch.releases = [entries()[0]]
      state.watch = watch
    case "changes-focused":
      // ↑ from the first chart row: the second change picked.
      state.watch = WatchState(
        digest: .loaded(
          WatchDigest(changes: entries(), lastCheck: day + 200, since: since)))
      state.watch.selection = 1
      state.search.focus = .results
    case "changes-nothing":
      state.watch = WatchState(
        digest: .loaded(WatchDigest(changes: [], lastCheck: day, since: since)))
    case "changes-unwatched":
      state.favoriteIDs = []
      state.watch = WatchState(
        digest: .loaded(WatchDigest(changes: [], lastCheck: nil, since: day)))
    case "changes-unchecked":
      state.watch = WatchState(
        digest: .loaded(WatchDigest(changes: [], lastCheck: nil, since: day)))
    case "changes-checking":
      state.watch = WatchState(
        digest: .loaded(WatchDigest(changes: [], lastCheck: day, since: since)))
      state.watch.isChecking = true
      state.spinnerTick = 1
    case "changes-failed":
      state.watch = WatchState(
        digest: .failed(.storage("database disk image is malformed"), previous: nil))
    case "changes-check-failed":
      state.watch = WatchState(
        digest: .loaded(WatchDigest(changes: [], lastCheck: day, since: since)))
      state.watch.checkError = .other(
        "Apple's rate limit is used up for now: try again in 40 s (or give --wait 60).")
    default:
      throw RecordingError.missing(name)
    }
    return ScreenStates.settled(state)
  }

  static func detail(_ name: String, size: Viewport) throws -> AppState {
    var state = try ScreenStates.detail("app", size: size)
    guard case .detail(var detail)? = state.stack.last else {
      throw RecordingError.missing("the app's page")
    }
    detail.seen = .loaded([
      SeenState(
        available: true, prices: ["price": "4.99"], currency: "USD", version: "2.0",
        from: day - 2 * 86_400, to: day - 86_400),
      SeenState(available: false, from: day - 86_400 + 600),
      SeenState(
        available: true, prices: ["price": "3.99"], currency: "USD", version: "2.1",
        from: day),
    ])
    let answers = [
      StorefrontAnswer(country: "us", available: true, price: "3.99", currency: "USD"),
      StorefrontAnswer(country: "gb", available: true, price: "3.19", currency: "GBP"),
      StorefrontAnswer(
        country: "jp", available: true, price: "600", currency: "JPY", title: "ポケット手帳"),
      StorefrontAnswer(country: "de", available: false),
    ]
    switch name {
    case "history": break
    case "storefronts": detail.storefronts = .loaded(answers)
    case "storefronts-loading": detail.storefronts = .loading(previous: nil)
    case "storefronts-failed":
      detail.storefronts = .failed(.client(.timedOut(seconds: 15)), previous: nil)
    default: throw RecordingError.missing(name)
    }
    state.stack[state.stack.count - 1] = .detail(detail)
    return ScreenStates.settled(state)
  }

  @Test("the Changes row matches its golden files", arguments: homeCases, sizes)
  func changesRow(name: String, size: Viewport) throws {
    let frame = AppScreen.render(try Self.home(name, size: size))
    let mismatch = snapshotMismatch(
      frame.buffer, named: "home-\(name)-\(size.columns)x\(size.rows)")
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }

  @Test(
    "a page's history and other storefronts match their golden files", arguments: detailCases, sizes
  )
  func detailBlocks(name: String, size: Viewport) throws {
    let frame = AppScreen.render(try Self.detail(name, size: size))
    let mismatch = snapshotMismatch(
      frame.buffer, named: "detail-watch-\(name)-\(size.columns)x\(size.rows)")
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }

  @Test("the row lists the newest first, three at most, and counts the rest in its heading")
  func newestFirst() throws {
    let state = try Self.home("changes", size: Viewport(columns: 120, rows: 40))
    let text = BufferSnapshot.textLayer(AppScreen.render(state).buffer)
    let lines = text.split(separator: "\n").map(String.init)
    let heading = try #require(lines.firstIndex { $0.contains("Changes · 3 of 4") }, "\(text)")
    #expect(lines[heading + 1].contains("♪ Night Songs: new album by The Band"))
    #expect(lines[heading + 2].contains("▼ Pocket Planner: price down 4.99 → 3.99 USD"))
    #expect(lines[heading + 3].contains("★ Pocket Planner: version 2.1 (was 2.0)"))
    #expect(!text.contains("Night Sky"), "the fourth is counted, not listed")
    #expect(lines[heading + 2].contains("US · 2026-12-02 08:30"))
  }

  @Test("↑ on the first chart row picks the newest change; Enter opens it; a click on one too")
  func picking() throws {
    var state = try Self.home("changes", size: Viewport(columns: 120, rows: 40))
    state.search.focus = .results
    #expect(KeyTable.actions(for: .up, [], state: state) == [.watch(.focusEntered)])
    state.watch.selection = 0
    #expect(KeyTable.actions(for: .enter, [], state: state) == [.watch(.entryOpened)])
    #expect(KeyTable.actions(for: .down, [], state: state) == [.watch(.selectionMoved(up: false))])
    let frame = AppScreen.render(state)
    let hit = frame.hits.regions.first { $0.target == .change(1) }
    #expect(hit != nil, "each listed change is a click target")
    // Nothing listed: ↑ goes to the query box as before.
    state.watch = WatchState()
    #expect(KeyTable.actions(for: .up, [], state: state) == [.search(.focusMoved(to: .query))])
  }

  @Test("a picked change is readable on light and dark terminals: no default colour on its bar")
  func contrast() throws {
    for size in Self.sizes {
      let states =
        try Self.homeCases.map { try Self.home($0, size: size) }
        + Self.detailCases.map { try Self.detail($0, size: size) }
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

  @Test("the demo (no watch) draws no Changes row: the charts start at the top")
  func noWatchNoRow() throws {
    let state = try ScreenStates.home("home", size: Viewport(columns: 120, rows: 40))
    let text = BufferSnapshot.textLayer(AppScreen.render(state).buffer)
    #expect(!text.contains("Changes"))
  }

  @Test("C and w are in the key table, and so in the help and the README's keys")
  func keys() {
    let markdown = KeyTable.markdown()
    #expect(markdown.contains("| C | check watched items now (tunes watch) |"))
    #expect(markdown.contains("| w | other storefronts (tunes where) |"))
  }
}
