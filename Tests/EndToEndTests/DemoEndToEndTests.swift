import Foundation
import ITunesReplay
import TestSupport
import Testing

/// `tunes --demo`: commands and the app on the built-in catalogue, with terms no recording has;
/// `d` when Apple cannot be reached; the demo's previews in mpv.
@Suite("The demo catalogue, end to end")
struct DemoEndToEndTests {
  @Test("Commands answer from the demo with terms no recording has, and record no history")
  func commands() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let search = try await sandbox.tunes(
      "search", "harbour", "lights", "--demo", "--format", "json")
    #expect(search.exited(0), "\(search)")
    let items = try #require(OutputChecks.objects(search.standardOutput), "\(search)")
    #expect(items.count >= 10)
    #expect(items.contains { $0["kind"] as? String == "tv-episode" })
    #expect(sandbox.server.requestCount == 0, "the demo is served in-process, not by the sandbox")
    let first = try #require(items.first?["id"] as? Int)
    let lookup = try await sandbox.tunes("--demo", "lookup", String(first), "--format", "ndjson")
    #expect(lookup.exited(0), "\(lookup)")
    #expect(lookup.stdout.contains("\"id\":\(first)"))
    let jp = try await sandbox.tunes(
      "search", "星", "--demo", "--country", "jp", "--limit", "3", "--format", "csv")
    #expect(jp.exited(0) && jp.stdout.contains("JPY"), "\(jp)")
    let empty = try await sandbox.tunes("search", "qqqzzzxx", "--demo", "--fail-empty")
    #expect(empty.exited(2), "\(empty)")
    let history = try await sandbox.tunes("history", "--format", "json")
    #expect(history.stdout == "[]\n", "\(history)")
    let both = try await sandbox.tunes("search", "x", "--demo", "--api-base", "http://127.0.0.1:1")
    #expect(both.exited(64), "\(both)")
  }

  @Test("The words a newcomer types first find demo items; no artist has a song twice")
  func firstWords() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    for term in ["love", "rock", "dance", "happy", "christmas", "hello"] {
      let result = try await sandbox.tunes("--demo", "search", term, "--format", "json")
      #expect(result.exited(0), "\(term): \(result)")
      let items = try #require(OutputChecks.objects(result.standardOutput), "\(result)")
      #expect(items.count >= 1, "\(term) finds nothing in the demo")
    }
    let golden = try await sandbox.tunes(
      "--demo", "search", "golden", "--limit", "200", "--format", "json")
    #expect(golden.exited(0), "\(golden)")
    let items = try #require(OutputChecks.objects(golden.standardOutput), "\(golden)")
    let songs = items.filter { $0["kind"] as? String == "song" }
    #expect(songs.count >= 5, "\(songs.count)")
    var seen: Set<String> = []
    for song in songs {
      let key = "\(song["author"] as? String ?? "") / \(song["title"] as? String ?? "")"
      #expect(seen.insert(key).inserted, "the same song twice: \(key)")
    }
  }

  @Test("tunes charts has the movie, TV and music-video charts; a podcast's price is not Get")
  func legacyCharts() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    for (chart, kind) in [
      ("movies", "feature-movie"), ("tv-episodes", "tv-episode"), ("tv-seasons", "tv-season"),
      ("music-videos", "music-video"),
    ] {
      let result = try await sandbox.tunes(
        "--demo", "charts", chart, "--limit", "3", "--format", "json")
      #expect(result.exited(0), "\(chart): \(result)")
      let items = try #require(OutputChecks.objects(result.standardOutput), "\(result)")
      #expect(items.count == 3, "\(chart): \(items.count)")
      #expect(items.allSatisfy { $0["kind"] as? String == kind }, "\(chart): \(items)")
    }
    let table = try await sandbox.tunes("--demo", "charts", "movies", "--limit", "2")
    #expect(table.exited(0) && table.stdout.contains("Movie"), "\(table)")
    let wrong = try await sandbox.tunes("--demo", "charts", "movie")
    #expect(wrong.exited(64) && wrong.stderr.contains("Did you mean \"movies\"?"), "\(wrong)")
    // Apple's legacy podcast feed labels every podcast "Get" (the store's button).
    let podcasts = try await sandbox.tunes(
      "charts", "podcasts", "--genre", "1310", "--limit", "100")
    #expect(podcasts.exited(0), "\(podcasts)")
    #expect(podcasts.stdout.contains("Free"), "\(podcasts)")
    #expect(!podcasts.stdout.contains("Get"), "\(podcasts)")
  }

  @Test("tunes --demo: the header says so; any term finds items; a detail loads its lookups")
  func app() async throws {
    let app = try TUIAppSession(arguments: ["--demo"])
    defer { app.close() }
    let tmux = app.tmux
    let first = try await app.waitForApp()
    #expect(first.contains("demo catalogue"), "\(first)")
    // The home screen's charts come from the demo too.
    let home = try await tmux.waitFor("the demo's chart rows") {
      $0.contains("Top Songs") && $0.contains("Top Albums") && !$0.contains("Loading Top")
    }
    #expect(!home.contains("could not be loaded"), "\(home)")
    try tmux.type("harbour lights")
    try tmux.press("Enter")
    let grid = try await tmux.waitFor("demo results") {
      $0.contains("Harbour Lights, Season") && $0.contains("results")
    }
    #expect(grid.contains("TV Episode"), "\(grid)")
    try tmux.press("Right")
    try tmux.press("Enter")
    let detail = try await tmux.waitFor("the episode's detail with the show's other works") {
      $0.contains("Esc back") && $0.contains("More by Harbour Lights")
        && $0.contains("Season 2")
    }
    #expect(detail.contains("demo catalogue"))
    try tmux.press("Escape")
    try tmux.press("q")
    #expect(try await app.waitForExit() == 0)
    #expect(app.server.requestCount == 0)
  }

  @Test("When Apple cannot be reached the error offers d, and d shows the demo's answer")
  func switchWithD() async throws {
    let refusing = try RefusingPort()
    let app = try TUIAppSession(environment: ["TUNES_API_BASE": refusing.baseURL])
    defer { app.close() }
    let tmux = app.tmux
    try await app.waitForApp()
    try tmux.type("castell")
    try tmux.press("Enter")
    let failed = try await tmux.waitFor("the cannot-reach error with the d offer") {
      $0.contains("cannot reach Apple") && $0.contains("d switches to the built-in demo")
    }
    #expect(!failed.contains("demo catalogue ·"))
    try tmux.press("d")
    let switched = try await tmux.waitFor("the demo's results") {
      $0.contains("demo catalogue") && $0.contains("Mira Castell")
    }
    #expect(!switched.contains("cannot reach Apple"))
    try tmux.press("q")
    #expect(try await app.waitForExit() == 0)
    withExtendedLifetime(refusing) {}
  }

  @Test(
    "A demo preview plays in mpv",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mpv")))
  func previewPlays() async throws {
    let server = try ReplayServer(log: ReplayServer.silentLog)
    try server.start()
    defer { server.stop() }
    server.serve(catalogue: DemoCatalogue.make(base: server.baseURL))
    let url =
      server.baseURL.absoluteString + "/media/" + DemoCatalogue.previewPrefix
      + "/9100000003.wav"
    let mpv = ProcessRunner(
      executable: URL(fileURLWithPath: "/usr/bin/mpv"),
      environment: ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()], timeout: .seconds(60))
    let result = try await mpv.run([
      "--no-config", "--no-video", "--ao=null", "--start=28", "--msg-level=all=info", url,
    ])
    #expect(result.exited(0), "\(result)")
    #expect(result.stdout.contains("Audio") || result.stdout.contains("pcm"), "\(result)")
    #expect(!result.stdout.contains("Failed"), "\(result)")
  }
}
