import Foundation
import ITunesReplay
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Video previews with the real binary and a real mpv (`--ao=null`): in the terminal with
/// `--vo=tct` in tmux (mpv's picture on the screen, then tunes' screen back after the end or
/// `q`), as sound only, and the modes that cannot work here. No mpv is left behind (by pid).
@Suite("Video previews (real mpv, tmux)", .serialized)
struct VideoPreviewTests {
  /// A replay server with a lookup for item 2, a music video whose preview is a generated
  /// test pattern under /media/.
  final class Fixture: Sendable {
    let directory: TemporaryDirectory
    let server: ReplayServer
    let sandbox: Sandbox

    init(seconds: Int = 3) async throws {
      directory = try TemporaryDirectory(prefix: "tunes-video-e2e")
      let files = try directory.subdirectory("recordings/files")
      try await PreviewVideo.make(at: files.appendingPathComponent("clip.m4v"), seconds: seconds)
      let lookup = """
        {"resultCount":1,"results":[{"wrapperType":"track","kind":"music-video","trackId":2,\
        "artistName":"Test Patterns","trackName":"Bars","trackViewUrl":"https://music.apple.com/x",\
        "previewUrl":"https://video-ssl.itunes.apple.com/itunes-assets/Video126/v4/clip.m4v"}]}
        """
      try Data(lookup.utf8).write(to: directory.appending("recordings/lookup-2.json"))
      try Data("file\tstatus\trequest\nlookup-2.json\t200\t/lookup?id=2\n".utf8)
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

    /// tunes in a tmux pane with `arguments`, its pid written to `pid`, then `EXIT=code`.
    func tmux(_ arguments: String, columns: Int = 80, rows: Int = 24) throws -> TmuxSession {
      let binary = TmuxSession.shellQuote(try TunesBinary.located.get().path)
      let script = [
        "clear", "echo SHELL-SCREEN",
        "sh -c 'echo $$ > pid; exec \"$0\" \(arguments)' \(binary)", "echo EXIT=$?",
        "sleep 600",
      ].joined(separator: "; ")
      var environment = sandbox.runner.environment
      environment["DISPLAY"] = ""
      environment["WAYLAND_DISPLAY"] = ""
      return try TmuxSession(
        command: script, columns: columns, rows: rows, environment: environment,
        workingDirectory: directory.url)
    }

    /// The pid tunes wrote, once it is there.
    func pid() async throws -> pid_t {
      let file = directory.appending("pid")
      var pid: pid_t?
      _ = await ProcessRunner.waitUntil(timeout: .seconds(30)) {
        pid = (try? String(contentsOf: file, encoding: .utf8))
          .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        return pid != nil
      }
      return try #require(pid)
    }

    func close() {
      sandbox.close()
      server.stop()
      directory.remove()
    }
  }

  /// Whether the pane shows mpv's half-block picture.
  static func showsPicture(_ screen: String) -> Bool {
    screen.split(separator: "\n").filter { $0.filter { $0 == "▄" }.count > 20 }.count > 5
  }

  @Test(
    "tunes preview --video terminal: mpv draws in the terminal, then the shell's screen and the progress line come back",
    .enabled(if: TmuxSession.isAvailable), arguments: ["end", "q"])
  func cliTerminal(ending: String) async throws {
    // The picture is seen by polling the pane. In the parallel run's busiest seconds both pool
    // threads are held by synchronous suites and a poll can wait several seconds: a 3-second
    // video ended unseen (twice in six clean runs). Ten seconds outlasts that and still ends.
    let fixture = try await Fixture(seconds: ending == "q" ? 30 : 10)
    defer { fixture.close() }
    let tmux = try fixture.tmux("preview 2 --no-cache --video terminal")
    defer { tmux.kill() }
    let clock = ContinuousClock()
    let start = clock.now
    try await tmux.waitFor("mpv's picture", timeout: .seconds(60)) { Self.showsPicture($0) }
    print("video preview: first picture in the terminal (tmux) after \(clock.now - start)")
    let pid = try await fixture.pid()
    let players = ProcessProbe.children(of: pid, named: "mpv")
    #expect(players.count == 1, "mpv children of tunes: \(players)")
    if ending == "q" { try tmux.press("q") }
    let screen = try await tmux.waitFor(text: "EXIT=0", timeout: .seconds(60))
    #expect(screen.contains("SHELL-SCREEN"), "the shell's screen is not back:\n\(screen)")
    #expect(!Self.showsPicture(screen), "mpv's picture stayed:\n\(screen)")
    #expect(screen.contains(/▶ 0:\d\d \/ 0:(10|30)/), "\(screen)")
    for player in players {
      #expect(
        await ProcessRunner.waitUntil(timeout: .seconds(20)) { !ProcessProbe.isAlive(player) },
        "mpv \(player) outlived tunes")
    }
  }

  @Test("--video audio plays a video as sound only, to the end, without a terminal")
  func cliAudio() async throws {
    let fixture = try await Fixture()
    defer { fixture.close() }
    let result = try await fixture.sandbox.tunes("preview", "2", "--no-cache", "--video", "audio")
    #expect(result.exited(0), "\(result)")
    #expect(result.stdout == "playing \"Bars\" by Test Patterns\nfinished\n", "\(result)")
  }

  @Test(
    "a mode that cannot show the video here, or no mode at all, is a usage error (64)",
    arguments: [
      (["--video", "window"], "No display for a video window"),
      (["--video", "terminal"], "needs a terminal"),
      (["--video", "cinema"], "--video takes one of auto, window, terminal, audio, not cinema."),
    ])
  func cliRefused(arguments: [String], words: String) async throws {
    let fixture = try await Fixture()
    defer { fixture.close() }
    let result = try await fixture.sandbox.run(
      ["preview", "2", "--no-cache"] + arguments, environment: ["DISPLAY": ""])
    #expect(result.exited(64), "\(result)")
    #expect(result.stderr.contains(words), "\(result)")
  }

  @Test(
    "the app: p on a movie hands the terminal to mpv; the app's screen comes back after the end and on q",
    .enabled(if: TmuxSession.isAvailable))
  func app() async throws {
    let media = try TemporaryDirectory(prefix: "tunes-tui-video")
    defer { media.remove() }
    let files = try media.subdirectory("files")
    // The second result of the recording, a movie, and its trailer's file name.
    try await PreviewVideo.make(
      at: files.appendingPathComponent("mzvf_6313901593442783545.640x354.h264lc.U.p.m4v"),
      seconds: 3)
    try Data("file\tstatus\trequest\n".utf8).write(to: media.appending("index.tsv"))
    let app = try TUIAppSession(
      extra: [TUIEndToEndTests.search: TUIEndToEndTests.recording], columns: 100, rows: 30,
      environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""], media: media.url)
    defer { app.close() }
    let tmux = app.tmux
    try await app.waitForApp()
    try tmux.type("jack johnson")
    try tmux.press("Enter")
    try await tmux.waitFor("the results") { $0.contains("25 results") }
    try tmux.press("Right")
    try tmux.press("Enter")
    try await tmux.waitFor("the movie's detail") {
      $0.contains("Star Wars: The Force Awakens") && $0.contains("p play")
    }
    let pid = try await app.pid()
    for ending in ["end", "q"] {
      try tmux.press("p")
      do {
        try await tmux.waitFor("mpv's picture", timeout: .seconds(60)) { Self.showsPicture($0) }
      } catch {
        throw TUIAppFailure("\(error)\nLog:\n\(app.log())")
      }
      let players = ProcessProbe.children(of: pid, named: "mpv")
      #expect(players.count == 1, "mpv children of tunes: \(players)")
      // The last row, below mpv's picture, says what plays.
      let caption = try await tmux.waitFor("the caption under the picture") { screen in
        let last =
          screen.split(separator: "\n", omittingEmptySubsequences: false)
          .prefix(30).last ?? ""
        return last.contains("▶ Star Wars: The Force Awakens") && last.contains("q stops")
      }
      #expect(Self.showsPicture(caption))
      if ending == "q" { try tmux.press("q") }
      let screen = try await tmux.waitFor("the detail again (\(ending))", timeout: .seconds(60)) {
        $0.contains("Esc back") && $0.contains("Director") && !Self.showsPicture($0)
      }
      #expect(!screen.contains(TUIAppSession.doneMarker), "q quit the app instead of the video")
    }
    let players = ProcessProbe.children(of: pid, named: "mpv")
    try tmux.press("q")
    #expect(try await app.waitForExit() == 0)
    for player in players {
      #expect(
        await ProcessRunner.waitUntil(timeout: .seconds(20)) { !ProcessProbe.isAlive(player) },
        "mpv \(player) outlived tunes")
    }
  }
}
