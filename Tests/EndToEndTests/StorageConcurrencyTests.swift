import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Real processes writing `tunes.sqlite` at once, a lock held by another program, and kill -9.
@Suite("Concurrent writers, held locks and kill -9", .serialized)
struct StorageConcurrencyTests {
  /// `imported N favourites; skipped M` from an import's stderr.
  private func summary(_ result: ProcessRunner.Result) -> (added: Int, skipped: Int)? {
    guard let match = result.stderr.firstMatch(of: /imported (\d+) favourites?; skipped (\d+)/),
      let added = Int(match.1), let skipped = Int(match.2)
    else { return nil }
    return (added, skipped)
  }

  /// The size of a file, 0 when it does not exist.
  private static func size(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
  }

  /// Sends SIGKILL to `running` as soon as `condition` holds, watching every 0.5 ms from a plain
  /// thread: Swift concurrency's two pool threads may be busy with other tests, and a poll that
  /// wakes late would miss the moment.
  private static func kill(
    _ running: ProcessRunner.Running, when condition: @escaping @Sendable () -> Bool
  ) {
    Thread.detachNewThread {
      let deadline = Date().addingTimeInterval(30)
      while !running.hasExited, !condition(), Date() < deadline { usleep(500) }
      running.send(SIGKILL)
    }
  }

  /// Whether process `pid` has `path` open (read from `/proc/PID/fd`).
  private func process(_ pid: Int32, hasOpen path: String) -> Bool {
    let directory = "/proc/\(pid)/fd"
    let path = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return descriptors.contains {
      (try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + $0)) == path
    }
  }

  @Test("two imports at the same time both succeed without 'database is locked'")
  func concurrentImports() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let created = try await sandbox.tunes("favorites", "list")
    #expect(created.exited(0), "\(created)")
    let first = try sandbox.write(Samples.favorites(count: 3000, firstID: 1), to: "a.json")
    let second = try sandbox.write(Samples.favorites(count: 3000, firstID: 2001), to: "b.json")

    let runs = [
      try sandbox.start("favorites", "import", first),
      try sandbox.start("favorites", "import", second),
    ]
    var results: [ProcessRunner.Result] = []
    for run in runs { results.append(await run.result()) }

    var added = 0
    var skipped = 0
    for result in results {
      #expect(result.exited(0), "\(result)")
      #expect(!result.stderr.contains("locked"), "\(result)")
      let counts = try #require(summary(result), "\(result)")
      added += counts.added
      skipped += counts.skipped
    }
    #expect(added == 5000)
    #expect(skipped == 1000)
    #expect(try await sandbox.favoritesCount() == 5000)
  }

  @Test("four processes recording searches at once all succeed and none is lost")
  func concurrentHistoryWriters() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let terms = ["alpha", "beta", "gamma", "delta"]
    for term in terms {
      try sandbox.server.register(
        request: "/search?term=\(term)&limit=30", body: Samples.searchAnswer(titles: [term]))
    }
    let runs = try terms.map { try sandbox.start("search", $0, "--format", "json") }
    for run in runs {
      let result = await run.result()
      #expect(result.exited(0), "\(result)")
      #expect(result.stderr.isEmpty, "\(result)")
    }
    let history = try await sandbox.tunes("history", "--format", "json")
    let queries = OutputChecks.objects(history.standardOutput)?.compactMap {
      $0["query"] as? String
    }
    #expect(Set(queries ?? []) == Set(terms), "\(history)")
  }

  @Test(
    "a write lock held by the sqlite3 shell makes tunes wait, then succeed",
    arguments: ["history --clear", "favorites import"])
  func waitsForLockHeldByAnotherProgram(command: String) async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let setUp = try await sandbox.tunes("search", "jack", "johnson", "--limit", "3")
    #expect(setUp.exited(0), "\(setUp)")
    let database = sandbox.databaseFile.path
    #expect(FileManager.default.fileExists(atPath: database))
    let file = try sandbox.write(Samples.favorites(count: 50), to: "favorites.json")

    let shell = try ProcessRunner(
      executable: URL(fileURLWithPath: "/usr/bin/sqlite3"), timeout: .seconds(60)
    ).start([database], standardInput: true)
    shell.write("BEGIN IMMEDIATE;\nSELECT 'locked';\n")
    let locked = await ProcessRunner.waitUntil { shell.standardOutputSoFar.contains("locked") }
    try #require(locked, "the sqlite3 shell did not take the lock: \(shell.standardErrorSoFar)")

    let arguments =
      command == "favorites import" ? ["favorites", "import", file] : ["history", "--clear"]
    let tunes = try sandbox.runner.start(arguments)
    let opened = await ProcessRunner.waitUntil {
      tunes.hasExited || process(tunes.pid, hasOpen: database)
    }
    #expect(opened, "tunes never opened the database")
    // Keep the lock a while (the fault being tested, not a wait for a condition): tunes must wait.
    try await Task.sleep(for: .seconds(1))
    #expect(!tunes.hasExited, "tunes gave up while the lock was held: \(tunes.standardErrorSoFar)")
    shell.write("COMMIT;\n")
    shell.closeStandardInput()

    let result = await tunes.result()
    #expect(result.exited(0), "\(result)")
    #expect(!result.stderr.contains("locked"), "\(result)")
    #expect(result.duration >= .seconds(1), "it waited for the lock")
    let shellResult = await shell.result()
    #expect(shellResult.exited(0), "\(shellResult)")
    if command == "favorites import" {
      #expect(summary(result)?.added == 50, "\(result)")
      #expect(try await sandbox.favoritesCount() == 50)
    } else {
      #expect(result.stderr.contains("history cleared"), "\(result)")
      let history = try await sandbox.tunes("history", "--format", "json")
      #expect(history.stdout == "[]\n", "\(history)")
    }
  }

  @Test("kill -9 in the middle of importing 20,000 favourites leaves none or all of them")
  func killedImport() async throws {
    let favorites = Samples.favorites(count: 20_000)
    // Kill once the write-ahead log has grown past each size: early, middle and late; then early
    // again (at most three more times) until one kill has landed inside the transaction.
    let thresholds = [64 * 1024, 1024 * 1024, 3 * 1024 * 1024, 64 * 1024, 64 * 1024, 64 * 1024]
    var outcomes: [(threshold: Int, killed: Bool, count: Int)] = []
    for (attempt, threshold) in thresholds.enumerated() {
      if attempt >= 3, outcomes.contains(where: { $0.killed && $0.count == 0 }) { break }
      let sandbox = try Sandbox()
      defer { sandbox.close() }
      let created = try await sandbox.tunes("favorites", "list")
      #expect(created.exited(0), "\(created)")
      let file = try sandbox.write(favorites, to: "favorites.json")
      let wal = sandbox.databaseFile.path + "-wal"
      let journal = sandbox.databaseFile.path + "-journal"
      let startSize = Self.size(wal)

      let importing = try sandbox.start("favorites", "import", file)
      Self.kill(importing) {
        Self.size(wal) >= startSize + threshold || Self.size(journal) >= threshold
      }
      let result = await importing.result()
      let killed = result.signal == SIGKILL
      if !killed { #expect(result.exited(0), "\(result)") }

      let count = try await sandbox.favoritesCount()
      outcomes.append((threshold, killed, count))
      #expect(count == 0 || count == 20_000, "after a kill at \(threshold) bytes: \(count)")
      if attempt == 0 {
        let again = try await sandbox.tunes("favorites", "import", file)
        #expect(again.exited(0), "the database is still writable after kill -9: \(again)")
        #expect(again.stderr.contains("imported \(20_000 - count) favourites"), "\(again)")
        #expect(try await sandbox.favoritesCount() == 20_000)
      }
    }
    // The whole file is about 4 MB of log, so a kill at the first threshold lands inside the
    // import's transaction: at least one run must have been cut off there and left nothing.
    #expect(outcomes.contains { $0.killed && $0.count == 0 }, "\(outcomes)")
  }
}
