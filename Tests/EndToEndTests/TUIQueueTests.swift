import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The queue in the terminal app with a real mpv (`--ao=null`), the replay server's media and a
/// private session bus driven by `playerctl`: `p` on a result tile plays it and queues the rest,
/// the previews follow one another, MPRIS shows what plays and takes pause, play and next, Space
/// pauses from another screen, and tunes leaves the bus when it quits.
@Suite(
  "The queue and MPRIS in the terminal app (real mpv, tmux, playerctl)", .serialized,
  .enabled(if: TmuxSession.isAvailable, "needs tmux"),
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/playerctl")
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon"),
    "needs playerctl and dbus-daemon (make deps)"))
struct TUIQueueTests {
  /// The first four results of the recording: their titles and preview files.
  static func firstResults() throws -> [(title: String, file: String)] {
    let data = try Data(
      contentsOf: Fixtures.sharedITunes.appendingPathComponent(TUIEndToEndTests.recording))
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let results = try #require(json["results"] as? [[String: Any]])
    return try results.prefix(4).map { result in
      let title = try #require(result["trackName"] as? String)
      let url = try #require(result["previewUrl"] as? String)
      return (title, String(url.split(separator: "/").last ?? ""))
    }
  }

  @Test("p on a tile plays it and the rest follow; playerctl reads, pauses, plays and skips")
  func queueAndMPRIS() async throws {
    let results = try Self.firstResults()
    let media = try TemporaryDirectory(prefix: "tunes-tui-queue")
    defer { media.remove() }
    let files = try media.subdirectory("files")
    for (index, result) in results.enumerated() {
      // The second is long, so it is still playing when the test checks it; the others end soon.
      try await PreviewAudio.make(
        at: files.appendingPathComponent(result.file), seconds: index == 1 ? 30 : 4)
    }
    try Data("file\tstatus\trequest\n".utf8).write(to: media.appending("index.tsv"))
    let bus = try await PrivateBus.start()
    do {
      try await Self.play(results, media: media, bus: bus)
    } catch {
      await bus.stop()
      throw error
    }
    await bus.stop()
  }

  static func play(
    _ results: [(title: String, file: String)], media: TemporaryDirectory, bus: PrivateBus
  ) async throws {
    // Every track change is announced (the test's terminal stays in front).
    let config = try media.subdirectory("config/tunes")
    try Data(#"{"notifications": "always"}"#.utf8).write(
      to: config.appendingPathComponent("config.json"))
    let monitor = try await bus.monitor(["interface='org.freedesktop.Notifications'"])
    defer { monitor.send(SIGKILL) }
    let app = try TUIAppSession(
      extra: [TUIEndToEndTests.search: TUIEndToEndTests.recording],
      environment: [
        "DBUS_SESSION_BUS_ADDRESS": bus.address, "XDG_CONFIG_HOME": media.appending("config").path,
      ], media: media.url, arguments: ["--video", "audio"])
    defer { app.close() }
    let tmux = app.tmux
    try await app.waitForApp()
    try tmux.type("jack johnson")
    try tmux.press("Enter")
    try await tmux.waitFor("the results") { $0.contains("25 results") }
    try tmux.press("p")
    do {
      try await tmux.waitFor("the first result playing, 1 of 25", timeout: .seconds(60)) {
        $0.contains(/▶ .* 0:0\d \/ 0:0\d · 1\/25/)
      }
      // The 4-second first preview ends and the second follows by itself.
      try await tmux.waitFor("the second playing by itself", timeout: .seconds(60)) {
        $0.contains(/▶ .* 0:\d\d \/ 0:30 · 2\/25/)
      }
    } catch {
      throw TUIAppFailure("\(error)\nLog:\n\(app.log())")
    }
    // The first track's bubble went out on the bus with its title and its cover's file.
    let announced = await ProcessRunner.waitUntil(timeout: .seconds(30)) {
      let seen = monitor.standardOutputSoFar
      return seen.contains("member=Notify") && seen.contains("string \"\(results[0].title)\"")
        && seen.contains("image-path")
    }
    #expect(announced, "dbus-monitor saw: \(monitor.standardOutputSoFar)")
    #expect(monitor.standardOutputSoFar.contains(/string "file:\/\/\/.*\/artwork\//))
    let player = ["-p", "tunes"]
    let title = try await bus.run("playerctl", player + ["metadata", "xesam:title"])
    #expect(title.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == results[1].title)
    let url = try await bus.run("playerctl", player + ["metadata", "xesam:url"])
    #expect(url.stdout.contains("https://"), "\(url.stdout)")
    _ = try await bus.run("playerctl", player + ["pause"])
    try await tmux.waitFor("paused by playerctl", timeout: .seconds(30)) {
      $0.contains(/⏸ .* · 2\/25/)
    }
    #expect(
      try await bus.run("playerctl", player + ["status"]).stdout.contains("Paused"))
    _ = try await bus.run("playerctl", player + ["play"])
    try await tmux.waitFor("playing again", timeout: .seconds(30)) { $0.contains(/▶ .* · 2\/25/) }
    _ = try await bus.run("playerctl", player + ["next"])
    try await tmux.waitFor("the third, skipped to by playerctl", timeout: .seconds(60)) {
      $0.contains(/▶ .* · 3\/25/)
    }
    // Space pauses from another screen: the detail of the selected tile.
    try tmux.press("Enter")
    try await tmux.waitFor("a detail") { $0.contains("Esc back") }
    try tmux.press("Space")
    try await tmux.waitFor("paused from the detail", timeout: .seconds(30)) {
      $0.contains(/⏸ .* · [34]\/25/)
    }
    // tunes leaves the bus when it quits: the bus announces the name has no owner any more.
    let names = try await bus.monitor(["type='signal',member='NameOwnerChanged'"])
    defer { names.send(SIGKILL) }
    try tmux.press("q")
    #expect(try await app.waitForExit() == 0)
    let released = await ProcessRunner.waitUntil(timeout: .seconds(30)) {
      names.standardOutputSoFar.contains(
        /string "org\.mpris\.MediaPlayer2\.tunes"\s+string ":[0-9.]+"\s+string ""/)
    }
    #expect(released, "dbus-monitor saw: \(names.standardOutputSoFar)")
  }

  @Test("a whole episode resumes where it was left after tunes is quit and started again")
  func episodeResumesAfterRestart() async throws {
    let media = try TemporaryDirectory(prefix: "tunes-tui-episode")
    defer { media.remove() }
    let files = try media.subdirectory("files")
    try await PreviewAudio.make(at: files.appendingPathComponent("episode-77.m4a"), seconds: 60)
    let answer = """
      {"resultCount":1,"results":[{"wrapperType":"podcastEpisode","kind":"podcast-episode",\
      "trackId":77,"trackName":"Episode Seventy-Seven","collectionName":"The Test Show",\
      "collectionId":70,"trackTimeMillis":60000,\
      "episodeUrl":"https://audio-ssl.itunes.apple.com/podcasts/episode-77.m4a"}]}
      """
    try Data(answer.utf8).write(to: media.appending("search-episode.json"))
    try Data(
      "file\tstatus\trequest\nsearch-episode.json\t200\t/search?term=episode&limit=30\n".utf8
    ).write(to: media.appending("index.tsv"))
    let data = try media.subdirectory("data")
    // First run: play it for a few seconds, then quit.
    let left = try await Self.playEpisode(media: media, data: data) { screen in
      guard let match = screen.firstMatch(of: /▶ Episode Seventy-Seven 0:(\d\d) \/ 1:00/),
        let seconds = Int(match.1), seconds >= 6
      else { return nil }
      return seconds
    }
    // Second run: p starts where it was left (a resumed file reports no earlier position).
    let resumed = try await Self.playEpisode(media: media, data: data) { screen in
      guard let match = screen.firstMatch(of: /▶ Episode Seventy-Seven 0:(\d\d) \/ 1:00/)
      else { return nil }
      return Int(match.1)
    }
    #expect(resumed >= left, "resumed at 0:\(resumed), left at 0:\(left)")
  }

  /// Searches "episode" in a fresh app over `data`, plays the result, waits until `position`
  /// reads a position off the screen, then quits; returns that position.
  static func playEpisode(
    media: TemporaryDirectory, data: URL, position: @escaping (String) -> Int?
  ) async throws -> Int {
    let app = try TUIAppSession(
      environment: ["XDG_DATA_HOME": data.path], media: media.url)
    defer { app.close() }
    let tmux = app.tmux
    try await app.waitForApp()
    try tmux.type("episode")
    try tmux.press("Enter")
    try await tmux.waitFor("the episode's tile") { $0.contains("1 result") }
    try tmux.press("p")
    var seen: Int?
    do {
      try await tmux.waitFor("the episode playing far enough", timeout: .seconds(60)) { screen in
        seen = position(screen)
        return seen != nil
      }
    } catch {
      throw TUIAppFailure("\(error)\nLog:\n\(app.log())")
    }
    try tmux.press("q")
    #expect(try await app.waitForExit() == 0)
    return try #require(seen)
  }
}
