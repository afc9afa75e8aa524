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
    try tmux.press("h")
    try await tmux.waitFor("home again, the rows focused") {
      $0.contains("▸ Top Songs") && !$0.contains("Esc back")
    }
    // `/` goes back to the query box; a search replaces the rows; h brings them back.
    try tmux.type("/")
    try tmux.type("jack johnson")
    try tmux.press("Enter")
    try await tmux.waitFor(text: "25 results")
    // A submitted search puts the focus on the results, where h is a screen key.
    try tmux.press("h")
    try await tmux.waitFor("the rows instead of the results") {
      $0.contains("Top Songs · US · 25") && !$0.contains("25 results")
    }
    try tmux.press("q")
    #expect(try await app.waitForExit() == 0)
  }
}
