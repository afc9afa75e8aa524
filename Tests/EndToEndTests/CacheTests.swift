import Foundation
import ITunesReplay
import TestSupport
import Testing

/// The response cache (`$XDG_CACHE_HOME/tunes/responses.sqlite`) shared by separate processes.
@Suite("Response cache across processes")
struct CacheTests {
  static let search = ["search", "jack", "johnson", "--limit", "25", "--format", "json"]
  static let request = "/search?term=jack+johnson&limit=25"

  /// Makes every cached answer two days old, through the sqlite3 shell.
  private func ageCache(_ sandbox: Sandbox) async throws {
    let shell = ProcessRunner(
      executable: URL(fileURLWithPath: "/usr/bin/sqlite3"), timeout: .seconds(30))
    let result = try await shell.run([
      sandbox.responseCacheFile.path,
      "UPDATE responses SET fetched_at = fetched_at - 172800; SELECT changes();",
    ])
    guard result.exited(0), result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) != "0"
    else {
      throw Sandbox.Failure("could not age the cache: \(result)")
    }
  }

  @Test("a second identical search is answered from the cache without reaching the server")
  func secondSearchFromCache() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let first = try await sandbox.run(Self.search)
    #expect(first.exited(0), "\(first)")
    #expect(FileManager.default.fileExists(atPath: sandbox.responseCacheFile.path))
    let second = try await sandbox.run(Self.search)
    #expect(second.exited(0), "\(second)")
    #expect(second.stdout == first.stdout)
    #expect(second.stderr.isEmpty, "a fresh hit needs no note: \(second)")
    #expect(sandbox.server.requestCount(for: Self.request) == 1)
  }

  @Test(
    "when the server fails, a stale cached answer is served with a note and exit 0",
    arguments: [ReplayFault.status(403), .status(503), .html503])
  func staleFallback(fault: ReplayFault) async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let first = try await sandbox.run(Self.search)
    #expect(first.exited(0), "\(first)")
    try await ageCache(sandbox)
    sandbox.server.setFault(fault)
    let second = try await sandbox.run(Self.search)
    #expect(second.exited(0), "\(second)")
    #expect(second.stdout == first.stdout)
    #expect(second.stderr.contains("cached answer from"), "\(second)")
    #expect(second.stderr.contains("because the request failed"), "\(second)")
    #expect(sandbox.server.requestCount(for: Self.request) >= 2, "the stale entry was revalidated")
  }

  @Test("when the server is gone or never answers, a stale cached answer is served")
  func staleFallbackWithoutServer() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let first = try await sandbox.run(Self.search)
    #expect(first.exited(0), "\(first)")
    try await ageCache(sandbox)

    sandbox.server.setFault(.hang)
    let hung = try await sandbox.run(Self.search + ["--timeout", "1"])
    #expect(hung.exited(0), "\(hung)")
    #expect(hung.stdout == first.stdout)
    #expect(hung.stderr.contains("cached answer from"), "\(hung)")
    #expect(hung.stderr.contains("did not answer within 1 second"), "\(hung)")

    let port = sandbox.server.port
    sandbox.server.stop()
    // Hold the port so no other test's server takes it before tunes connects. The stopped
    // server's closing sockets can hold it a moment, so retry briefly; should that fail, go on
    // without the hold.
    var gone: RefusingPort?
    for _ in 0..<200 {
      gone = try? RefusingPort(port: port)
      if gone != nil { break }
      try await Task.sleep(for: .milliseconds(10))
    }
    let refused = try await sandbox.run(Self.search)
    withExtendedLifetime(gone) {}
    #expect(refused.exited(0), "\(refused)")
    #expect(refused.stdout == first.stdout)
    #expect(refused.stderr.contains("cached answer from"), "\(refused)")
    #expect(refused.stderr.contains("refused"), "\(refused)")
  }

  @Test("a stale entry is refreshed when the server answers")
  func staleRefreshed() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let first = try await sandbox.run(Self.search)
    #expect(first.exited(0), "\(first)")
    try await ageCache(sandbox)
    let second = try await sandbox.run(Self.search)
    #expect(second.exited(0), "\(second)")
    #expect(second.stderr.isEmpty, "\(second)")
    #expect(sandbox.server.requestCount(for: Self.request) == 2)
    let third = try await sandbox.run(Self.search)
    #expect(third.exited(0))
    #expect(sandbox.server.requestCount(for: Self.request) == 2, "the refreshed entry is fresh")
  }

  @Test("--offline answers a cached request without the network and fails clearly on a miss")
  func offline() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let miss = try await sandbox.run(Self.search + ["--offline"])
    #expect(miss.exited(69), "\(miss)")
    #expect(miss.stdout.isEmpty)
    #expect(miss.stderr.contains("No cached answer"), "\(miss)")
    #expect(miss.stderr.contains("--offline"), "\(miss)")
    #expect(sandbox.server.requestCount == 0)

    let online = try await sandbox.run(Self.search)
    #expect(online.exited(0), "\(online)")
    let hit = try await sandbox.run(Self.search + ["--offline"])
    #expect(hit.exited(0), "\(hit)")
    #expect(hit.stdout == online.stdout)
    #expect(sandbox.server.requestCount == 1)
  }

  @Test("--offline serves a stale entry too, saying how old it is")
  func offlineStale() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let online = try await sandbox.run(Self.search)
    #expect(online.exited(0), "\(online)")
    try await ageCache(sandbox)
    let offline = try await sandbox.run(Self.search + ["--offline"])
    #expect(offline.exited(0), "\(offline)")
    #expect(offline.stdout == online.stdout)
    #expect(offline.stderr.contains("cached answer from"), "\(offline)")
    #expect(sandbox.server.requestCount == 1)
  }

  @Test("--no-cache always reaches the server and stores nothing")
  func noCache() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    for _ in 0..<2 {
      let result = try await sandbox.run(Self.search + ["--no-cache"])
      #expect(result.exited(0), "\(result)")
      #expect(OutputChecks.objects(result.standardOutput)?.count == 25)
    }
    #expect(sandbox.server.requestCount(for: Self.request) == 2)
    let offline = try await sandbox.run(Self.search + ["--offline"])
    #expect(offline.exited(69), "--no-cache must not have written the cache: \(offline)")
  }

  @Test("a failure is never cached: after a 429 the next search reaches the server again")
  func failureNotCached() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    sandbox.server.setFault(.status(429))
    let throttled = try await sandbox.run(Self.search)
    #expect(throttled.exited(75), "\(throttled)")
    sandbox.server.setFault(nil)
    let answered = try await sandbox.run(Self.search)
    #expect(answered.exited(0), "\(answered)")
    #expect(OutputChecks.objects(answered.standardOutput)?.count == 25)
    #expect(sandbox.server.requestCount(for: Self.request) == 2)
  }

  @Test("a damaged cache file is not fatal: the search still answers")
  func damagedCache() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let directory = sandbox.responseCacheFile.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(repeating: 0x5A, count: 8192).write(to: sandbox.responseCacheFile)
    let result = try await sandbox.run(Self.search)
    #expect(result.exited(0), "\(result)")
    #expect(OutputChecks.objects(result.standardOutput)?.count == 25)
  }
}
