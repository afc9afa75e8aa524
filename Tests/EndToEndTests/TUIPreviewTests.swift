import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Previews in the terminal app with a real mpv (`--ao=null`) in tmux: `p` on a detail plays the
/// item's preview from the replay server, the progress bar and the now-playing line show it,
/// Space pauses, and no mpv of ours is left once tunes ends (`q` or SIGTERM), checked by pid.
@Suite(
  "Previews in the terminal app (real mpv, tmux)", .serialized,
  .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct TUIPreviewTests {
  /// The file name of the first result's `previewUrl` in the recording (served by name).
  static let previewFile = "mzaf_4150435585996894188.plus.aac.p.m4a"

  @Test(
    "p plays the detail's preview with a progress bar, Space pauses, the line stays after Esc; mpv ends with tunes",
    arguments: ["q", "SIGTERM"])
  func playPauseQuit(ending: String) async throws {
    let media = try TemporaryDirectory(prefix: "tunes-tui-preview")
    defer { media.remove() }
    let files = try media.subdirectory("files")
    try await PreviewAudio.make(at: files.appendingPathComponent(Self.previewFile), seconds: 30)
    try Data("file\tstatus\trequest\n".utf8).write(to: media.appending("index.tsv"))
    let app = try TUIAppSession(
      extra: [TUIEndToEndTests.search: TUIEndToEndTests.recording], media: media.url)
    defer { app.close() }
    let tmux = app.tmux
    try await app.waitForApp()
    try tmux.type("jack johnson")
    try tmux.press("Enter")
    try await tmux.waitFor("the results") { $0.contains("25 results") }
    try tmux.press("Enter")
    try await tmux.waitFor("the detail with a play key") {
      $0.contains("Esc back") && $0.contains("p play")
    }
    try tmux.press("p")
    do {
      try await tmux.waitFor("the progress bar and the now-playing line", timeout: .seconds(60)) {
        $0.contains("← → seek") && $0.contains(/▶ .* 0:0\d \/ 0:30/)
      }
    } catch {
      throw TUIAppFailure("\(error)\nLog:\n\(app.log())")
    }
    let pid = try await app.pid()
    let players = ProcessProbe.children(of: pid, named: "mpv")
    #expect(players.count == 1, "mpv children of tunes: \(players)")
    try tmux.press("Space")
    try await tmux.waitFor("paused", timeout: .seconds(30)) {
      $0.contains("p resume") && $0.contains(/⏸ .* 0:\d\d \/ 0:30/)
    }
    try tmux.press("Escape")
    try await tmux.waitFor("the now-playing line on the search screen") {
      !$0.contains("Esc back") && $0.contains(/⏸ .* 0:\d\d \/ 0:30/)
    }
    if ending == "q" {
      try tmux.press("q")
      #expect(try await app.waitForExit() == 0)
    } else {
      kill(pid, SIGTERM)
      #expect(try await app.waitForExit() == 128 + SIGTERM)
    }
    for player in players {
      #expect(
        await ProcessRunner.waitUntil(timeout: .seconds(20)) { !ProcessProbe.isAlive(player) },
        "mpv \(player) outlived tunes (\(ending))")
    }
  }

  @Test("a preview the server answers 404 for says so on the detail and in the status line")
  func missingPreview() async throws {
    let media = try TemporaryDirectory(prefix: "tunes-tui-preview")
    defer { media.remove() }
    _ = try media.subdirectory("files")
    try Data("file\tstatus\trequest\n".utf8).write(to: media.appending("index.tsv"))
    let app = try TUIAppSession(
      extra: [TUIEndToEndTests.search: TUIEndToEndTests.recording], media: media.url)
    defer { app.close() }
    let tmux = app.tmux
    try await app.waitForApp()
    try tmux.type("jack johnson")
    try tmux.press("Enter")
    try await tmux.waitFor("the results") { $0.contains("25 results") }
    try tmux.press("Enter")
    try await tmux.waitFor("the detail with a play key") { $0.contains("p play") }
    try tmux.press("p")
    let screen = try await tmux.waitFor("the failure", timeout: .seconds(60)) {
      $0.contains("✗ Preview:") && $0.contains("p tries again")
    }
    #expect(!screen.contains("p pause"), "nothing is shown as playing:\n\(screen)")
    try tmux.press("q")
    #expect(try await app.waitForExit() == 0)
  }
}
