import Foundation
import TestSupport
import Testing

/// Creators' pages in tmux (120×40) on the demo catalogue: `A` on a book opens its author's
/// page (audiobooks and books), `c` on a TV episode its season, and `A` there the show's page.
@Suite(
  "Creator pages end to end in tmux", .serialized,
  .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct TUICreatorPagesTests {
  @Test("a book → its author (A): books and audiobooks; an episode → its season (c) → the show (A)")
  func authorAndShow() async throws {
    let app = try TUIAppSession(arguments: ["--demo"])
    defer { app.close() }
    let tmux = app.tmux
    try await app.waitForApp()
    try await tmux.waitFor(text: "Top Songs · US · 25")
    try tmux.type("harriet vale")
    try tmux.press("Enter")
    try await tmux.waitFor(text: "Harriet Vale")
    try tmux.press("Enter")
    let book = try await tmux.waitFor("a book's page, its author block loaded") {
      $0.contains("›  Book  ›") && $0.contains("More by Harriet Vale")
        && $0.contains("A author") && !$0.contains("Loading")
    }
    #expect(book.contains("Store page"), "\(book)")
    try tmux.press("A")
    let author = try await tmux.waitFor("the author's page: audiobooks and books") {
      $0.contains("›  Author  ›") && $0.contains("Audiobooks · ") && $0.contains("Books · ")
    }
    #expect(!author.contains("Top songs"), "\(author)")
    #expect(!author.contains("Albums"), "\(author)")
    // Back to the results, and a TV episode.
    try tmux.press("Escape")
    try tmux.press("Escape")
    try await tmux.waitFor(text: "results")
    try tmux.press("/")
    try tmux.press("C-u")
    try tmux.type("pilot")
    try tmux.press("Enter")
    try await tmux.waitFor(text: "TV Episode")
    try tmux.press("Enter")
    try await tmux.waitFor("an episode's page") {
      $0.contains("›  TV Episode  ›") && $0.contains("c season")
    }
    try tmux.press("c")
    try await tmux.waitFor("its season's page with the episodes") {
      $0.contains("›  TV Season  ›") && $0.contains("Episodes · 6")
    }
    try tmux.press("A")
    try await tmux.waitFor("the show's page: episodes and seasons") {
      $0.contains("›  Show  ›") && $0.contains("Episodes · ") && $0.contains("Seasons · ")
    }
    try tmux.press("q")
    #expect(try await app.waitForExit() == 0)
  }
}
