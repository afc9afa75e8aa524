import Foundation
import TestSupport
import Testing

/// The home screen in tmux (120×40) against the replay server: the recorded top songs fill
/// their row, the charts Apple's recordings lack show their own errors, an entry opens, and
/// `h` comes back home from the detail and from a search.
@Suite(
  "The home screen end to end in tmux", .serialized,
  .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct TUIHomeTests {
  @Test("launch shows chart rows; Tab, →, Enter open an entry; h goes home; a search and h again")
  func homeRows() async throws {
    let app = try TUIAppSession(
      extra: [TUIEndToEndTests.search: TUIEndToEndTests.recording])
    defer { app.close() }
    let tmux = app.tmux
    try await app.waitForApp()
    let home = try await tmux.waitFor("the top songs row and a failed row") {
      $0.contains("Top Songs · US · 25") && $0.contains("pushin P")
        && $0.contains("Top Albums could not be loaded")
    }
    #expect(home.contains("thought i was"))
    // The query box has the focus at launch: Tab moves into the rows.
    try tmux.press("Tab")
    try await tmux.waitFor(text: "▸ Top Songs")
    try tmux.press("Right")
    try tmux.press("Enter")
    let detail = try await tmux.waitFor("the second song's detail") {
      $0.contains("Esc back") && $0.contains("Gunna & 21 Savage") && $0.contains("Details")
    }
    #expect(detail.contains("thought i was playing"))
    try tmux.press("H")
    try await tmux.waitFor("home again, the rows focused") {
      $0.contains("▸ Top Songs") && !$0.contains("Esc back")
    }
    // `/` goes back to the query box; a search replaces the rows; H brings them back.
    try tmux.type("/")
    try tmux.type("jack johnson")
    try tmux.press("Enter")
    try await tmux.waitFor(text: "25 results")
    // A submitted search puts the focus on the results, where H is a screen key.
    try tmux.press("H")
    try await tmux.waitFor("the rows instead of the results") {
      $0.contains("Top Songs · US · 25") && !$0.contains("25 results")
    }
    try tmux.press("q")
    #expect(try await app.waitForExit() == 0)
  }

  @Test(
    "the demo catalogue: home rows → a chart song → its album (c) → the artist (A) → home (h, and a click on ♪ tunes); an app page; the country in the settings"
  )
  func browseWalk() async throws {
    let app = try TUIAppSession(arguments: ["--demo"])
    defer { app.close() }
    let tmux = app.tmux
    try await app.waitForApp()
    try await tmux.waitFor("the demo's chart rows") {
      $0.contains("Top Songs · US · 25") && $0.contains("Top Free Apps") && !$0.contains("Loading")
    }
    try tmux.press("Tab")
    try await tmux.waitFor(text: "▸ Top Songs")
    try tmux.press("Enter")
    try await tmux.waitFor("the first song's detail, looked up") {
      $0.contains("›  Song  ›") && $0.contains("Duration") && $0.contains("c album")
    }
    try tmux.press("c")
    let album = try await tmux.waitFor("its album page with the track list") {
      $0.contains("›  Album  ›") && $0.contains("Tracks · ") && $0.contains("Copyright")
    }
    #expect(album.contains("A artist"), "\(album)")
    try tmux.press("A")
    try await tmux.waitFor("the artist's page: top songs and albums") {
      $0.contains("›  Artist  ›") && $0.contains("Top songs · ") && $0.contains("Albums · ")
    }
    try tmux.press("H")
    try await tmux.waitFor("home again") {
      $0.contains("▸ Top Songs · US") && !$0.contains("Esc back")
    }
    // Again into a detail, and home by a click on the header's name (SGR reports count from 1).
    try tmux.press("Enter")
    try await tmux.waitFor(text: "›  Song  ›")
    try tmux.type("\u{1B}[<0;3;1M\u{1B}[<0;3;1m")
    try await tmux.waitFor("home after the click on ♪ tunes") {
      $0.contains("▸ Top Songs · US") && !$0.contains("Esc back")
    }
    // An app from the free apps row: its facts and the developer's other apps.
    try tmux.press("Down", "Down", "Down")
    try await tmux.waitFor(text: "▸ Top Free Apps")
    try tmux.press("Enter")
    try await tmux.waitFor("the app page") {
      $0.contains("›  App  ›") && $0.contains("Developer") && $0.contains("Size")
        && $0.contains("What's new")
    }
    try tmux.press("G")
    let apps = try await tmux.waitFor("the developer's other apps") {
      $0.contains("More by ") && $0.contains("a developer") && !$0.contains("Loading")
    }
    #expect(!apps.contains("could not be loaded"), "\(apps)")
    // The country: chosen in the settings, shown in the header, followed by the charts.
    try tmux.press("S")
    try await tmux.waitFor(text: "Settings")
    try tmux.type("gb")
    try await tmux.waitFor(text: "‹ GB · United Kingdom ›")
    try tmux.press("Enter")
    try await tmux.waitFor(text: "♪ tunes · GB · demo catalogue")
    try tmux.press("H")
    try await tmux.waitFor("the charts of the British store") {
      $0.contains("Top Songs · GB · 25") && !$0.contains("Loading")
    }
    try tmux.press("q")
    #expect(try await app.waitForExit() == 0)
    let config = try String(
      contentsOf: app.directory.appendingPathComponent("config/tunes/config.json"),
      encoding: .utf8)
    #expect(config.contains(#""country" : "GB""#), "\(config)")
  }
}
