import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `tunes replay DIR` as a long-running child: it announces its address, serves searches, and
/// exits 0 on SIGTERM.
@Suite("tunes replay as a separate process")
struct ReplayCommandTests {
  /// Starts `tunes replay` on the shared recordings and waits for its `Replaying … at URL` line.
  private func startReplay(
    _ sandbox: Sandbox, extra: [String] = []
  ) async throws -> (ProcessRunner.Running, String) {
    let replay = try sandbox.runner.start(
      ["replay", Fixtures.sharedITunes.path, "--port", "0"] + extra)
    let announced = await ProcessRunner.waitUntil {
      replay.hasExited || replay.standardOutputSoFar.contains("\n")
    }
    let output = replay.standardOutputSoFar
    guard announced,
      let match = output.firstMatch(of: /Replaying .* at (http:\/\/127\.0\.0\.1:\d+)/)
    else {
      replay.send(SIGKILL)
      throw Sandbox.Failure("no Replaying line: \(output) \(replay.standardErrorSoFar)")
    }
    return (replay, String(match.1))
  }

  @Test("tunes replay serves a search, logs it, and exits 0 on SIGTERM")
  func replayServesSearches() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let (replay, base) = try await startReplay(sandbox)
    #expect(base != sandbox.server.baseURL.absoluteString)

    let search = try await sandbox.run(
      ["search", "jack", "johnson", "--limit", "25", "--format", "ndjson", "--api-base", base])
    #expect(search.exited(0), "\(search)")
    #expect(search.stdout.split(separator: "\n").count == 25)
    #expect(sandbox.server.requestCount == 0, "the in-test server was not used")
    let logged = await ProcessRunner.waitUntil { replay.standardErrorSoFar.contains("/search") }
    #expect(logged, "request log: \(replay.standardErrorSoFar)")

    let signalled = ContinuousClock.now
    replay.send(SIGTERM)
    let result = await replay.result()
    #expect(result.exited(0), "\(result)")
    // Measured from the signal: the run before it waited for the tests' process slots.
    #expect(result.ended - signalled < .seconds(10))
    #expect(result.stdout.contains("Try: TUNES_API_BASE=\(base) tunes search"), "\(result)")
  }

  /// Starts `tunes replay` with `arguments`, waits for its `Try:` line and returns the base URL
  /// and the words of the search it suggests.
  private func suggested(
    _ sandbox: Sandbox, _ arguments: [String]
  ) async throws -> (ProcessRunner.Running, String, [String]) {
    let replay = try sandbox.runner.start(["replay"] + arguments + ["--port", "0", "--quiet"])
    let announced = await ProcessRunner.waitUntil {
      replay.hasExited || replay.standardOutputSoFar.firstMatch(of: /Try: .*\n/) != nil
    }
    let output = replay.standardOutputSoFar
    guard announced,
      let match = output.firstMatch(
        of: /Try: TUNES_API_BASE=(http:\/\/127\.0\.0\.1:\d+) tunes search (.*)\n/)
    else {
      replay.send(SIGKILL)
      throw Sandbox.Failure("no Try line: \(output) \(replay.standardErrorSoFar)")
    }
    return (replay, String(match.1), match.2.split(separator: " ").map(String.init))
  }

  @Test("replay DIR without index.tsv reads every .json; the banner suggests a search it answers")
  func replayWithoutIndex() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tunes-replay-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for name in [
      "software-lookup-id-284882215-facebook.json", "song-search-japanese-kobukuro-jp-jpy.json",
      "album-lookup-songs-queen-night-at-the-opera-gb.json",
    ] {
      try FileManager.default.copyItem(
        at: Fixtures.sharedITunes.appendingPathComponent(name),
        to: directory.appendingPathComponent(name))
    }
    let (replay, base, words) = try await suggested(sandbox, [directory.path])
    defer { replay.send(SIGTERM) }
    // Queen has the most songs there: the suggestion comes from the catalogue, not a fixed term.
    #expect(words == ["Queen"], "\(words)")
    let search = try await sandbox.run(
      ["search"] + words + ["--country", "gb", "--format", "ndjson", "--api-base", base])
    #expect(search.exited(0), "\(search)")
    #expect(search.stdout.contains("Bohemian Rhapsody"), "\(search)")
    let lookup = try await sandbox.run(["lookup", "284882215", "--api-base", base])
    #expect(lookup.exited(0) && lookup.stdout.contains("Facebook"), "\(lookup)")
  }

  @Test("The banner of exact recordings suggests a search that was recorded, and it answers")
  func replaySuggestsRecordedSearch() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let (replay, base, words) = try await suggested(sandbox, [Fixtures.sharedITunes.path])
    defer { replay.send(SIGTERM) }
    let search = try await sandbox.run(
      ["search"] + words + ["--format", "ndjson", "--api-base", base, "--no-cache"])
    #expect(search.exited(0), "\(words): \(search)")
    #expect(!search.stdout.isEmpty, "\(words): \(search)")
    let demo = try await suggested(sandbox, ["--demo"])
    defer { demo.0.send(SIGTERM) }
    let found = try await sandbox.run(
      ["search"] + demo.2 + ["--format", "ndjson", "--api-base", demo.1, "--no-cache"])
    #expect(found.exited(0) && !found.stdout.isEmpty, "\(demo.2): \(found)")
  }

  @Test("tunes replay --fault status=429 makes searches exit 75; SIGINT stops it too")
  func replayWithFault() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let (replay, base) = try await startReplay(
      sandbox, extra: ["--fault", "status=429", "--quiet"])
    let search = try await sandbox.run(["search", "jack", "johnson", "--api-base", base])
    #expect(search.exited(75), "\(search)")
    #expect(search.stderr.contains("429"), "\(search)")
    replay.send(SIGINT)
    let result = await replay.result()
    #expect(result.exited(0), "\(result)")
    #expect(result.stderr.isEmpty, "--quiet logs nothing: \(result)")
  }

  @Test("tunes replay --random-faults SEED says so and faults answers; rate 1 faults every one")
  func replayRandomFaults() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let (replay, base) = try await startReplay(
      sandbox, extra: ["--random-faults", "2", "--fault-rate", "1"])
    #expect(replay.standardOutputSoFar.contains("Random faults: seed 2, 100 % of answers"))
    let search = try await sandbox.run(
      ["search", "jack", "johnson", "--api-base", base, "--timeout", "2", "--no-cache"])
    #expect(!search.exited(0), "every answer is faulted: \(search)")
    // Seed 2 draws a 500 first, which is logged at once (a hang would be logged only at stop).
    let logged = await ProcessRunner.waitUntil {
      replay.standardErrorSoFar.contains("/search")
        && replay.standardErrorSoFar.contains("[fault status=500]")
    }
    #expect(logged, "request log: \(replay.standardErrorSoFar)")
    replay.send(SIGTERM)
    let result = await replay.result()
    #expect(result.exited(0), "\(result)")
  }

  @Test("tunes replay refuses a directory with neither index.tsv nor .json files, a bad fault")
  func replayBadArguments() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let missing = try await sandbox.run(["replay", sandbox.home.path, "--port", "0"])
    #expect(missing.exited(66), "\(missing)")
    #expect(missing.stderr.contains("index.tsv") && missing.stderr.contains(".json"), "\(missing)")
    #expect(!missing.stdout.contains("Replaying"))
    let fault = try await sandbox.run(
      ["replay", Fixtures.sharedITunes.path, "--fault", "explode"])
    #expect(!fault.exited(0), "\(fault)")
    #expect(fault.stderr.contains("explode"), "\(fault)")
    let port = try await sandbox.run([
      "replay", Fixtures.sharedITunes.path, "--port", "http",
    ])
    #expect(port.exited(64), "\(port)")
  }
}
