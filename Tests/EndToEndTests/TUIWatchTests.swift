import Foundation
import ITunesCatalog
import ITunesReplay
import TestSupport
import Testing

/// Keeping watch in the app, in tmux against a replay server whose answers change: `C` checks
/// the favourites as `tunes watch` does, and the home screen's Changes row shows the price drop
/// found by the second check; a page lists the states seen and, on `w`, other storefronts.
@Suite(
  "Keeping watch in the app end to end", .serialized,
  .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct TUIWatchTests {
  static let apps = ChangingCatalogue(apps: [
    .init(id: 41, title: "Pocket Planner", price: 4.99, version: "2.0", storefronts: ["us", "gb"])
  ])

  @Test("C records, then finds the price drop: the Changes row shows it once; its page and w")
  func changesRow() async throws {
    var catalogue = Self.apps
    let app = try TUIAppSession { environment, server in
      server.serve(catalogue: try catalogue.engine())
      // The watched item: a favourite, added as a person would (it is looked up once).
      let add = Process()
      add.executableURL = try TUIAppSession.binary()
      add.arguments = ["favorites", "add", "41"]
      add.environment = environment
      add.standardOutput = FileHandle.nullDevice
      add.standardError = FileHandle.nullDevice
      try add.run()
      add.waitUntilExit()
      guard add.terminationStatus == 0 else {
        throw TUIAppFailure("tunes favorites add 41 ended with \(add.terminationStatus)")
      }
    }
    defer { app.close() }
    let tmux = app.tmux
    try await app.waitForApp()
    try await tmux.waitFor("the Changes row before any check") {
      $0.contains("Changes · C checks now")
        && $0.contains("Not checked yet: C checks your favourite in US now.")
    }
    // The query box has the focus at launch: Tab to the rows, where C is a key.
    try tmux.press("Tab")
    try tmux.press("C")
    try await tmux.waitFor("the first check: recorded, nothing to compare") {
      $0.contains("first check of 1 item in US: recorded; nothing to compare yet.")
        && $0.contains("Nothing changed since")
    }
    let lookupsBefore = app.server.requestCount
    catalogue.apps[0].price = 3.99
    app.server.serve(catalogue: try catalogue.engine())
    try tmux.press("C")
    let changed = try await tmux.waitFor("the price drop in the Changes row") {
      $0.contains("▼ Pocket Planner: price down 4.99 → 3.99 USD")
        && $0.contains("The watch found 1 change.")
    }
    #expect(changed.contains("Changes · 1 · last check "), "\(changed)")
    // One lookup for the one id (its developer is not followed: no releases asked).
    #expect(app.server.requestCount - lookupsBefore == 1)
    // A third check finds nothing new: the row keeps the one change, the notice says so.
    try tmux.press("C")
    let again = try await tmux.waitFor("the repeat check reporting nothing") {
      $0.contains("no changes since the last check")
    }
    #expect(again.contains("Changes · 1 · last check "), "\(again)")
    #expect(again.contains("▼ Pocket Planner: price down 4.99 → 3.99 USD"))
    #expect(app.server.requestCount - lookupsBefore == 2)
    // The changed item's page, from the Changes row: ↑ from the first chart row, Enter.
    try tmux.press("Up")
    try await tmux.waitFor(text: "▸ Changes")
    try tmux.press("Enter")
    // The page's own lookups (details, the developer's apps) end first.
    try await tmux.waitFor("the app's page, looked up") {
      $0.contains("Esc back") && $0.contains("Details") && !$0.contains("Loading")
    }
    let asked = app.server.requestCount
    try tmux.press("w")
    for _ in 0..<12 { try tmux.press("j") }
    let page = try await tmux.waitFor("the history and the other storefronts") {
      $0.contains("Other storefronts · sold in 2 of 7") && $0.contains("GB  3.19 GBP")
    }
    #expect(page.contains("Seen by the watch · US · 2"), "\(page)")
    #expect(page.contains("version 2.0 · 4.99 USD"), "\(page)")
    #expect(page.contains("version 2.0 · 3.99 USD"), "\(page)")
    #expect(page.contains("JP  not sold"), "\(page)")
    #expect(app.server.requestCount - asked == 7, "one request a storefront")
    try tmux.press("q")
    #expect(try await app.waitForExit() == 0)
  }
}
