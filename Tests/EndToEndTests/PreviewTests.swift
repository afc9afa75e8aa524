import Foundation
import ITunesReplay
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `tunes preview` as a real process with a real mpv (`--ao=null`, real time): it plays to the
/// end, and however tunes ends (SIGKILL, SIGTERM, SIGHUP) no mpv of ours is left, checked by pid.
@Suite("tunes preview (real mpv)", .serialized)
struct PreviewTests {
  /// A replay server with a lookup for item 1 whose preview is a generated tone under /media/.
  final class Fixture: Sendable {
    let directory: TemporaryDirectory
    let server: ReplayServer
    let sandbox: Sandbox

    init(seconds: Int) async throws {
      directory = try TemporaryDirectory(prefix: "tunes-preview-e2e")
      let files = try directory.subdirectory("recordings/files")
      try await PreviewAudio.make(at: files.appendingPathComponent("tone.m4a"), seconds: seconds)
      let lookup = """
        {"resultCount":1,"results":[{"wrapperType":"track","kind":"song","trackId":1,\
        "artistName":"Test Tones","trackName":"A 440","trackViewUrl":"https://music.apple.com/x",\
        "previewUrl":"https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview/v4/tone.m4a"}]}
        """
      try Data(lookup.utf8).write(to: directory.appending("recordings/lookup-1.json"))
      try Data("file\tstatus\trequest\nlookup-1.json\t200\t/lookup?id=1\n".utf8)
        .write(to: directory.appending("recordings/index.tsv"))
      server = try ReplayServer(
        directory: directory.appending("recordings"), log: ReplayServer.silentLog)
      try server.start()
      let base = server.baseURL.absoluteString
      sandbox = try Sandbox(environment: [
        "TUNES_API_BASE": base, "TUNES_MEDIA_BASE": base + "/media",
        "TUNES_MPV_OPTIONS": "--ao=null",
      ])
    }

    func close() {
      sandbox.close()
      server.stop()
      directory.remove()
    }
  }

  @Test("lookup --format m3u8 writes a playlist that mpv plays to its end")
  func playlistPlays() async throws {
    let fixture = try await Fixture(seconds: 1)
    defer { fixture.close() }
    let result = try await fixture.sandbox.tunes("lookup", "1", "--format", "m3u8", "--no-cache")
    #expect(result.exited(0), "\(result)")
    let base = fixture.server.baseURL.absoluteString
    #expect(
      result.stdout
        == "#EXTM3U\n#EXTINF:-1,Test Tones - A 440\n"
        + "\(base)/media/itunes-assets/AudioPreview/v4/tone.m4a\n", "\(result)")
    let playlist = fixture.directory.appending("queue.m3u8")
    try Data(result.stdout.utf8).write(to: playlist)
    let mpv = ProcessRunner(
      executable: URL(fileURLWithPath: "/usr/bin/mpv"), environment: ["PATH": "/usr/bin:/bin"],
      timeout: .seconds(120))
    let played = try await mpv.run([
      "--no-config", "--ao=null", "--no-video", "--msg-level=all=info",
      "--playlist=" + playlist.path,
    ])
    #expect(played.exited(0), "\(played)")
    #expect(played.stdout.contains("Exiting... (End of file)"), "\(played)")
  }

  @Test("without a terminal it prints playing and finished and exits 0")
  func playsToTheEnd() async throws {
    let fixture = try await Fixture(seconds: 2)
    defer { fixture.close() }
    let result = try await fixture.sandbox.tunes("preview", "1", "--no-cache")
    #expect(result.exited(0), "\(result)")
    #expect(result.stdout == "playing \"A 440\" by Test Tones\nfinished\n", "\(result)")
  }

  /// Whether SIGKILL is pending for `pid` (`SigPnd` or `ShdPnd` in `/proc/PID/status`).
  static func hasPendingKill(_ pid: Int32) -> Bool {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
      return false
    }
    return status.split(separator: "\n").contains { line in
      guard line.hasPrefix("SigPnd:") || line.hasPrefix("ShdPnd:"),
        let mask = UInt64(line.split(separator: "\t").last ?? "", radix: 16)
      else { return false }
      return mask & (1 << (UInt64(SIGKILL) - 1)) != 0
    }
  }

  @Test(
    "no mpv of ours outlives tunes, however it ends",
    arguments: [SIGKILL, SIGTERM, SIGHUP])
  func noOrphan(signal: Int32) async throws {
    let fixture = try await Fixture(seconds: 60)
    defer { fixture.close() }
    let running = try fixture.sandbox.start("preview", "1", "--no-cache")
    let started = await ProcessRunner.waitUntil(timeout: .seconds(60)) {
      running.standardOutputSoFar.contains("playing") || running.hasExited
    }
    #expect(started, "stdout: \(running.standardOutputSoFar)")
    let children = ProcessProbe.children(of: running.pid, named: "mpv")
    #expect(children.count == 1, "mpv children of tunes: \(children)")
    running.send(signal)
    let result = await running.result()
    #expect(result.signal != nil || result.status != 0, "\(result)")
    if signal == SIGKILL {
      // The parent-death signal goes out while tunes exits, before its parent can reap it: by
      // now mpv is dead or has SIGKILL pending, not playing on for a second (issue 21, 17).
      for pid in children {
        #expect(
          !ProcessProbe.isAlive(pid) || Self.hasPendingKill(pid),
          "mpv \(pid) neither dead nor killed when tunes was reaped")
      }
    }
    for pid in children {
      #expect(
        await ProcessRunner.waitUntil(timeout: .seconds(20)) { !ProcessProbe.isAlive(pid) },
        "mpv \(pid) outlived tunes after signal \(signal)")
    }
  }

  @Test(
    "on a terminal: a progress line, Space pauses, → seeks 5 s, q stops and restores the terminal",
    .enabled(if: TmuxSession.isAvailable))
  func interactive() async throws {
    let fixture = try await Fixture(seconds: 30)
    defer { fixture.close() }
    let binary = TmuxSession.shellQuote(try TunesBinary.located.get().path)
    let script = [
      "stty -g > before", "\(binary) preview 1 --no-cache", "echo EXIT=$?", "stty -g > after",
      "sleep 600",
    ].joined(separator: "; ")
    let tmux = try TmuxSession(
      command: script, columns: 100, rows: 10, environment: fixture.sandbox.runner.environment,
      workingDirectory: fixture.directory.url)
    defer { tmux.kill() }
    try await tmux.waitFor(text: "q stop", timeout: .seconds(60))
    try await tmux.waitFor("the progress line", timeout: .seconds(60)) {
      $0.contains("▶ 0:0") && $0.contains("/ 0:30")
    }
    try tmux.press("Space")
    try await tmux.waitFor(text: "⏸ 0:0", timeout: .seconds(30))
    try tmux.press("Right")
    // +5 s from a pause at 0:00.x lands on about 0:05; mpv seeks to a frame boundary, so the
    // whole seconds shown may read 0:04.
    try await tmux.waitFor("paused about 5 s later", timeout: .seconds(30)) { screen in
      screen.contains(/⏸ 0:(0[4-9]|1\d) \/ 0:30/)
    }
    try tmux.press("q")
    try await tmux.waitFor(text: "EXIT=0", timeout: .seconds(30))
    let before = try String(contentsOf: fixture.directory.appending("before"), encoding: .utf8)
    // The shell creates the file before stty writes to it: wait for its line, not for the file.
    let afterFile = fixture.directory.appending("after")
    _ = await ProcessRunner.waitUntil {
      (try? String(contentsOf: afterFile, encoding: .utf8))?.hasSuffix("\n") == true
    }
    let after = try String(contentsOf: fixture.directory.appending("after"), encoding: .utf8)
    #expect(before == after, "the terminal's settings were not restored")
  }
}
