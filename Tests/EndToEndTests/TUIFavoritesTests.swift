import Foundation
import TestSupport
import Testing

/// The favourites screen of the real binary in tmux: two results kept with `*`, the screen
/// opened with `F`, one removed with `*` and put back with `u`; storage holds both at the end.
@Suite(
  "Favourites in the terminal app", .serialized,
  .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct TUIFavoritesTests {
  @Test("* on two results, F lists them; * removes one, u puts it back in its place")
  func removeThenUndo() async throws {
    let results = try TUIEndToEndTests.recordedResults()
    try #require(results.count >= 2)
    let app = try TUIAppSession(extra: [TUIEndToEndTests.search: TUIEndToEndTests.recording])
    defer { app.close() }
    let tmux = app.tmux
    try await app.waitForApp()
    try tmux.type("jack johnson")
    try tmux.press("Enter")
    try await tmux.waitFor(text: "25 results")
    try tmux.press("*")
    try await tmux.waitFor(text: "Saved to favourites")
    try tmux.press("Right")
    try tmux.press("*")
    try await tmux.waitFor("the second saved") { $0.contains("Saved to favourites") }
    try tmux.press("F")
    let listed = try await tmux.waitFor("the favourites screen with both") {
      $0.contains("All 2") && $0.contains("1/2") && $0.contains("2 favourites · newest first")
    }
    // Newest first: the second result kept above the first.
    let second = try #require(listed.range(of: results[1].title))
    let first = try #require(
      listed.range(of: results[0].title, range: second.upperBound..<listed.endIndex))
    #expect(second.lowerBound < first.lowerBound)

    try tmux.press("*")
    let removed = try await tmux.waitFor("the row removed, undo offered") {
      $0.contains("Removed “\(results[1].title)” · u puts it back") && $0.contains("1/1")
    }
    #expect(removed.contains("All 1"))
    try tmux.press("u")
    let back = try await tmux.waitFor("the row put back") {
      $0.contains("Put back “\(results[1].title)”") && $0.contains("1/2")
    }
    // In its place again: first, and selected.
    let again = try #require(back.range(of: results[1].title))
    let other = try #require(
      back.range(of: results[0].title, range: again.upperBound..<back.endIndex))
    #expect(again.lowerBound < other.lowerBound)

    try tmux.press("q")
    #expect(try await app.waitForExit() == 0)
    // What storage holds now, read by the CLI: both, the second kept first.
    let list = Process()
    list.executableURL = try TUIAppSession.binary()
    list.arguments = ["favorites", "list", "--format", "ndjson"]
    list.environment = [
      "HOME": app.directory.appendingPathComponent("home").path,
      "XDG_DATA_HOME": app.directory.appendingPathComponent("data").path,
      "XDG_CACHE_HOME": app.directory.appendingPathComponent("cache").path,
      "XDG_CONFIG_HOME": app.directory.appendingPathComponent("config").path,
    ]
    let output = Pipe()
    list.standardOutput = output
    list.standardError = FileHandle.nullDevice
    try list.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    list.waitUntilExit()
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.contains(results[1].title) == true)
  }
}
