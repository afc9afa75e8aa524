import Foundation
import TestSupport
import Testing

/// The genres screen in tmux (120×40): against the replay server's recorded Music tree (and a
/// genre feed of the project's own), and against the demo catalogue, whose genre service and
/// genre feeds answer for every medium.
@Suite(
  "The genres screen end to end in tmux", .serialized,
  .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct TUIGenresTests {
  @Test("g → Music → Alternative → its top charts: the songs row has tiles; Enter, Esc, Esc")
  func recordedTree() async throws {
    let app = try TUIAppSession()
    defer { app.close() }
    try app.server.register(
      request: "/us/rss/topsongs/limit=25/genre=20/json",
      body: Fixtures.ownFile("catalog/charts/legacy-topsongs-us-2.json"))
    let tmux = app.tmux
    try await app.waitForApp()
    // The query box has the focus at launch: Tab leaves it, then g is a screen key.
    try tmux.press("Tab")
    try await tmux.waitFor(text: "▸ Top Songs")
    try tmux.press("g")
    try await tmux.waitFor("the media list") {
      $0.contains("Browse by genre · US") && $0.contains("Audiobooks")
    }
    try tmux.press("Enter")
    let music = try await tmux.waitFor("the recorded Music tree") {
      $0.contains("Music · 44 genres · US") && $0.contains("Blues")
    }
    #expect(music.contains("★ Top charts of Music"), "\(music)")
    // Alternative is the 18th genre: row 18, the charts row being row 0.
    for _ in 0..<18 { try tmux.press("Down") }
    try await tmux.waitFor(text: "▌ Alternative")
    try tmux.press("Enter")
    try await tmux.waitFor("Alternative's subgenres") {
      $0.contains("Genres  ›  Music  ›  Alternative") && $0.contains("Alternative · 11 genres")
    }
    try tmux.press("Enter")
    let charts = try await tmux.waitFor("Alternative's chart rows") {
      $0.contains("Top Songs · Alternative · US · 2") && $0.contains("Better Together")
        && $0.contains("Top Albums could not be loaded")
    }
    #expect(charts.contains("楽園"), "\(charts)")
    try tmux.press("Enter")
    try await tmux.waitFor("the song's detail") {
      $0.contains("Esc back") && $0.contains("Better Together") && $0.contains("Details")
    }
    try tmux.press("Escape")
    try await tmux.waitFor("the chart rows again") {
      $0.contains("Top Songs · Alternative · US · 2") && !$0.contains("Details")
    }
    try tmux.press("Escape")
    try await tmux.waitFor(text: "Alternative · 11 genres")
    try tmux.press("q")
    #expect(try await app.waitForExit() == 0)
  }

  @Test("tunes --demo: every medium has genres; a genre's charts open an item; Esc goes back")
  func demo() async throws {
    let app = try TUIAppSession(arguments: ["--demo"])
    defer { app.close() }
    let tmux = app.tmux
    try await app.waitForApp()
    try tmux.press("Tab")
    try await tmux.waitFor(text: "▸ Top Songs")
    try tmux.press("g")
    try await tmux.waitFor(text: "Browse by genre · US")
    // TV (the sixth medium): the demo's shows' genres.
    for _ in 0..<5 { try tmux.press("Down") }
    try await tmux.waitFor(text: "▌ TV")
    try tmux.press("Enter")
    let tv = try await tmux.waitFor("the demo's TV genres") {
      $0.contains("TV Shows · ") && $0.contains("★ Top charts of TV Shows")
    }
    #expect(!tv.contains("could not be loaded"), "\(tv)")
    try tmux.press("Enter")
    let tvCharts = try await tmux.waitFor("the TV charts") {
      $0.contains("Top TV Episodes · TV Shows") && $0.contains("TV Episode")
        && !$0.contains("Loading")
    }
    #expect(!tvCharts.contains("could not be loaded"), "\(tvCharts)")
    try tmux.press("Escape")
    try await tmux.waitFor(text: "★ Top charts of TV Shows")
    try tmux.press("Escape")
    try await tmux.waitFor(text: "Browse by genre · US")
    // Music → Pop → its top songs → a song's detail, looked up by id in the demo.
    try tmux.press("Up", "Up", "Up", "Up", "Up")
    try await tmux.waitFor(text: "▌ Music")
    try tmux.press("Enter")
    try await tmux.waitFor(text: "★ Top charts of Music")
    let list = try tmux.capture()
    let rows = list.split(separator: "\n").map(String.init)
    let top = try #require(rows.firstIndex { $0.contains("★ Top charts of Music") })
    let pop = try #require(rows.firstIndex { $0.contains(" Pop ") || $0.hasSuffix(" Pop") })
    for _ in 0..<(pop - top) { try tmux.press("Down") }
    try await tmux.waitFor(text: "▌ Pop")
    try tmux.press("Enter")
    let charts = try await tmux.waitFor("Pop's charts") {
      $0.contains("Top Songs · Pop · US") && $0.contains("Top Albums · Pop · US")
        && !$0.contains("Loading")
    }
    #expect(!charts.contains("could not be loaded"), "\(charts)")
    try tmux.press("Enter")
    let detail = try await tmux.waitFor("a Pop song's detail") {
      $0.contains("Esc back") && $0.contains("Pop") && $0.contains("Details")
    }
    #expect(detail.contains("demo catalogue"))
    try tmux.press("Escape")
    try await tmux.waitFor(text: "Top Songs · Pop · US")
    try tmux.press("q")
    #expect(try await app.waitForExit() == 0)
  }
}
