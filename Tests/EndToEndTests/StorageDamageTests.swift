import Foundation
import TestSupport
import Testing

/// A damaged database, a data directory that cannot exist, a read-only and a full file system.
@Suite("Damaged and unusable local files", .serialized)
struct StorageDamageTests {
  static let garbage: [(name: String, bytes: Data)] = [
    ("random bytes", Data((0..<12_288).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })),
    (
      "a SQLite header over garbage pages",
      Data("SQLite format 3\0".utf8) + Data(repeating: 0xA5, count: 16_368)
    ),
  ]

  @Test(
    "a corrupt tunes.sqlite is kept aside as tunes.sqlite.corrupt-* and a fresh one started",
    arguments: garbage)
  func corruptDatabase(_ garbage: (name: String, bytes: Data)) async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let directory = sandbox.databaseFile.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try garbage.bytes.write(to: sandbox.databaseFile)

    let result = try await sandbox.tunes("history")
    #expect(result.exited(0), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains(sandbox.databaseFile.path), "\(result)")
    #expect(result.stderr.contains("damaged"), "\(result)")
    let kept = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter {
        $0.hasPrefix("tunes.sqlite.corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm")
      }
    #expect(kept.count == 1, "\(kept)")
    let keptFile = directory.appendingPathComponent(try #require(kept.first))
    #expect(result.stderr.contains(keptFile.path), "stderr names the kept copy: \(result.stderr)")
    #expect(try Data(contentsOf: keptFile) == garbage.bytes)

    // The fresh database works and the note is not repeated.
    let again = try await sandbox.tunes("history", "--format", "json")
    #expect(again.exited(0), "\(again)")
    #expect(again.stdout == "[]\n")
    #expect(again.stderr.isEmpty, "\(again)")
  }

  @Test("a search with a corrupt database still answers, notes the recovery and records history")
  func corruptDatabaseDuringSearch() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let directory = sandbox.databaseFile.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(repeating: 0x42, count: 4096).write(to: sandbox.databaseFile)
    let result = try await sandbox.tunes(
      "search", "jack", "johnson", "--limit", "3", "--format", "ndjson")
    #expect(result.exited(0), "\(result)")
    #expect(result.stdout.split(separator: "\n").count == 3)
    #expect(result.stderr.contains("damaged"), "\(result)")
    let history = try await sandbox.tunes("history", "--format", "json")
    #expect(history.exited(0), "\(history)")
    #expect(
      OutputChecks.objects(history.standardOutput)?.first?["query"] as? String == "jack johnson")
  }

  @Test("XDG_DATA_HOME under a regular file: search still answers, history fails naming the path")
  func dataDirectoryCannotExist() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let blocker = sandbox.directory.appending("blocker")
    try Data("a file, not a directory\n".utf8).write(to: blocker)
    let dataHome = blocker.appendingPathComponent("data").path

    let search = try await sandbox.run(
      ["search", "jack", "johnson", "--limit", "3", "--format", "ndjson"],
      environment: ["XDG_DATA_HOME": dataHome])
    #expect(search.exited(0), "\(search)")
    #expect(search.stdout.split(separator: "\n").count == 3, "\(search)")
    #expect(search.stderr.contains("not saved in the history"), "\(search)")
    #expect(search.stderr.contains(blocker.path), "\(search)")

    for arguments in [["history"], ["favorites", "list"], ["history", "--clear"]] {
      let result = try await sandbox.run(arguments, environment: ["XDG_DATA_HOME": dataHome])
      #expect(result.exited(73), "\(arguments): \(result)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.contains(blocker.path), "\(arguments): \(result)")
      #expect(result.stderr.contains("XDG_DATA_HOME"), "the advice names the variable: \(result)")
    }
    #expect(try Data(contentsOf: blocker) == Data("a file, not a directory\n".utf8))
  }

  @Test("XDG_CACHE_HOME under a regular file: search answers without the cache; --offline fails")
  func cacheDirectoryCannotExist() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let blocker = sandbox.directory.appending("cache-blocker")
    try Data("not a directory\n".utf8).write(to: blocker)
    let environment = ["XDG_CACHE_HOME": blocker.appendingPathComponent("cache").path]
    let search = ["search", "jack", "johnson", "--limit", "25", "--format", "ndjson"]

    for _ in 0..<2 {
      let result = try await sandbox.run(search, environment: environment)
      #expect(result.exited(0), "\(result)")
      #expect(result.stdout.split(separator: "\n").count == 25)
      #expect(result.stderr.contains("response cache is not available"), "\(result)")
      #expect(result.stderr.contains(blocker.path), "\(result)")
    }
    #expect(sandbox.server.requestCount(for: "/search?term=jack+johnson&limit=25") == 2)

    let offline = try await sandbox.run(search + ["--offline"], environment: environment)
    #expect(!offline.exited(0), "\(offline)")
    #expect(offline.signal == nil)
    #expect(offline.stdout.isEmpty)
    #expect(offline.stderr.contains(blocker.path), "\(offline)")
  }

  @Test(
    "damaged pages found by a command: the file is kept aside, said so, and the next run starts afresh"
  )
  func damageFoundInUse() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let file = try sandbox.write(Samples.favorites(count: 600, firstID: 1), to: "many.json")
    let imported = try await sandbox.tunes("favorites", "import", file)
    #expect(imported.exited(0), "\(imported)")
    // Close the WAL into the file, then overwrite pages in the middle of it.
    let shell = ProcessRunner(
      executable: URL(fileURLWithPath: "/usr/bin/sqlite3"), timeout: .seconds(30))
    let checkpoint = try await shell.run([
      sandbox.databaseFile.path, "PRAGMA wal_checkpoint(TRUNCATE);",
    ])
    #expect(checkpoint.exited(0), "\(checkpoint)")
    let handle = try FileHandle(forWritingTo: sandbox.databaseFile)
    // Past the schema: its pages outgrew page 1 at schema 5 and sit near page 22.
    try handle.seek(toOffset: 4_096 * 30)
    handle.write(Data(repeating: 0xA5, count: 4_096 * 8))
    try handle.close()

    let listed = try await sandbox.tunes("favorites", "list", "--format", "ndjson")
    #expect(listed.exited(73), "\(listed)")
    #expect(listed.stderr.contains("was found damaged while in use; kept as"), "\(listed)")
    let folder = sandbox.databaseFile.deletingLastPathComponent().path
    let kept = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter {
        $0.hasPrefix("tunes.sqlite.corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm")
      }
    #expect(kept.count == 1, "\(kept)")
    let again = try await sandbox.tunes("favorites", "list")
    #expect(again.exited(0), "\(again)")
    #expect(again.stderr.contains("no favourites yet"), "\(again)")
  }

  @Test("a read-only file system: search answers with a note, writes fail with exit 73")
  func readOnlyFileSystem() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    try await TmpfsMount.with(size: "1m", named: "readonly", in: sandbox) { mount in
      let environment = ["XDG_DATA_HOME": mount.url.path]
      let first = try await sandbox.run(
        ["search", "jack", "johnson", "--limit", "3"], environment: environment)
      #expect(first.exited(0), "\(first)")
      try await mount.makeReadOnly()
      let database = mount.url.appendingPathComponent("tunes/tunes.sqlite").path

      let search = try await sandbox.run(
        ["search", "jack", "johnson", "--limit", "25", "--format", "ndjson"],
        environment: environment)
      #expect(search.exited(0), "\(search)")
      #expect(search.stdout.split(separator: "\n").count == 25)
      #expect(search.stderr.contains("not saved in the history"), "\(search)")
      #expect(search.stderr.contains(database), "\(search)")

      // Reading history and favourites works on the read-only database.
      let history = try await sandbox.run(["history"], environment: environment)
      #expect(history.exited(0), "\(history)")
      #expect(history.stdout.contains("jack johnson"), "\(history)")
      for format in ["table", "ndjson"] {
        let listed = try await sandbox.run(
          ["favorites", "list", "--format", format], environment: environment)
        #expect(listed.exited(0), "\(listed)")
        #expect(listed.stderr.contains("no favourites yet") || format != "table", "\(listed)")
      }

      let favorites = try sandbox.write(Samples.favorites(count: 3), to: "three.json")
      for arguments in [["history", "--clear"], ["favorites", "import", favorites]] {
        let result = try await sandbox.run(arguments, environment: environment)
        #expect(result.exited(73), "\(arguments): \(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("read-only"), "\(arguments): \(result)")
        #expect(result.stderr.contains(database), "\(arguments): \(result)")
      }
    }
  }

  @Test("a full disk: favourites import fails saying so, and nothing is half-imported")
  func fullDisk() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let file = try sandbox.write(Samples.favorites(count: 3000), to: "favorites.json")
    try await TmpfsMount.with(size: "64k", named: "full", in: sandbox) { mount in
      let environment = ["XDG_DATA_HOME": mount.url.path]
      let result = try await sandbox.run(
        ["favorites", "import", file], environment: environment)
      #expect(result.exited(73), "\(result)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.contains("full"), "\(result)")
      #expect(result.stderr.contains(mount.url.path), "\(result)")
      #expect(!result.stderr.contains("imported"), "\(result)")

      let list = try await sandbox.run(
        ["favorites", "list", "--format", "ndjson"], environment: environment)
      #expect(list.exited(0), "\(list)")
      #expect(list.stdout.isEmpty, "nothing was half-imported: \(list.stdout.prefix(200))")
    }
  }
}
