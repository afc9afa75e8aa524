import Foundation
import Testing

@testable import TunesStorage

@Suite("Migrations")
struct MigrationTests {
  @Test("migrating sets user_version to the newest step and creates the tables")
  func migratesLibrary() throws {
    let db = try SQLiteDatabase.inMemory()
    #expect(try db.userVersion() == 0)
    #expect(try db.migrate(StorageSchema.library) == StorageSchema.library.count)
    #expect(try db.userVersion() == StorageSchema.library.count)
    let tables = try db.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .compactMap { $0[0].string }
    #expect(
      tables == [
        "episode_progress", "favorite_kinds", "favorites", "history", "release_checks",
        "release_seen",
        "watch_changes", "watch_snapshots", "where_storefronts", "where_sweeps",
      ])
  }

  @Test("migrating twice changes nothing")
  func idempotent() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let first = try TunesDatabase.open(paths: dir.paths, now: fixedClock)
    try first.history.record(query: "kept", at: fixedDate)
    first.database.close()
    let second = try TunesDatabase.open(paths: dir.paths, now: fixedClock)
    #expect(try second.database.userVersion() == StorageSchema.library.count)
    #expect(try second.history.recent().map(\.query) == ["kept"])
  }

  @Test("only the steps above the current version run, in order")
  func incremental() throws {
    let db = try SQLiteDatabase.inMemory()
    let one = [SchemaMigration(version: 1, sql: "CREATE TABLE a (x); INSERT INTO a VALUES (1);")]
    try db.migrate(one)
    let two = one + [SchemaMigration(version: 2, sql: "ALTER TABLE a ADD COLUMN y DEFAULT 7;")]
    #expect(try db.migrate(two) == 2)
    #expect(try db.query("SELECT x, y FROM a").first?.values == [.integer(1), .integer(7)])
  }

  @Test("a failing step leaves the schema and version untouched and names the step")
  func failureRollsBack() throws {
    let db = try SQLiteDatabase.inMemory()
    let steps = [
      SchemaMigration(version: 1, sql: "CREATE TABLE a (x);"),
      SchemaMigration(version: 2, sql: "CREATE TABLE broken ("),
    ]
    do {
      try db.migrate(steps)
      Issue.record("expected a failure")
    } catch let error as StorageError {
      guard case .migrationFailed(let path, let version, _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(path == ":memory:")
      #expect(version == 2)
    }
    #expect(try db.userVersion() == 0)
    #expect(try db.query("SELECT name FROM sqlite_master").isEmpty)
  }

  @Test("a database from a newer tunes is refused, not downgraded")
  func newerSchema() throws {
    let db = try SQLiteDatabase.inMemory()
    try db.executeScript("PRAGMA user_version = 99")
    #expect(throws: StorageError.newerSchema(path: ":memory:", found: 99, supported: 1)) {
      try db.migrate([SchemaMigration(version: 1, sql: "CREATE TABLE a (x);")])
    }
  }

  @Test("steps must be numbered without gaps")
  func gapsRefused() throws {
    let db = try SQLiteDatabase.inMemory()
    #expect(throws: StorageError.self) {
      try db.migrate([SchemaMigration(version: 2, sql: "CREATE TABLE a (x);")])
    }
    #expect(try db.userVersion() == 0)
  }
}
