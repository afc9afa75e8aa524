import Foundation
import TestSupport
import Testing

@testable import TunesStorage

@Suite("SQLiteDatabase")
struct SQLiteDatabaseTests {
  @Test("every value type binds and reads back unchanged")
  func valuesRoundTrip() throws {
    let db = try SQLiteDatabase.inMemory()
    try db.execute("CREATE TABLE t (a, b, c, d, e, f)")
    let values: [SQLiteValue] = [
      .integer(Int64.max), .real(-0.25), .text("Björk 坂本 🎵 'x' \"y\""),
      .blob(Data([0, 1, 2, 255])), .null, .blob(Data()),
    ]
    try db.execute("INSERT INTO t VALUES (?1, ?2, ?3, ?4, ?5, ?6)", values)
    let row = try #require(try db.query("SELECT a, b, c, d, e, f FROM t").first)
    #expect(row.values == values)
    #expect(row["c"] == values[2])
    #expect(row["missing"] == .null)
  }

  @Test("a text with SQL in it is bound as data, not run")
  func boundParametersAreData() throws {
    let db = try SQLiteDatabase.inMemory()
    try db.execute("CREATE TABLE t (x TEXT)")
    let hostile = "'); DROP TABLE t; --"
    try db.execute("INSERT INTO t VALUES (?1)", [.text(hostile)])
    #expect(try db.query("SELECT x FROM t").map { $0[0] } == [.text(hostile)])
  }

  @Test("a file database opens in WAL mode with foreign keys on")
  func pragmasOnOpen() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let db = try SQLiteDatabase(path: dir.path + "/x.sqlite")
    #expect(try db.query("PRAGMA journal_mode").first?[0] == .text("wal"))
    #expect(try db.query("PRAGMA foreign_keys").first?[0] == .integer(1))
    #expect(try db.query("PRAGMA busy_timeout").first?[0] == .integer(5_000))
  }

  @Test("a transaction commits, and rolls back everything when its body throws")
  func transactionRollsBack() throws {
    struct Boom: Error {}
    let db = try SQLiteDatabase.inMemory()
    try db.execute("CREATE TABLE t (x INTEGER)")
    try db.transaction { try $0.execute("INSERT INTO t VALUES (1)") }
    #expect(throws: Boom.self) {
      try db.transaction { db in
        try db.execute("INSERT INTO t VALUES (2)")
        try db.execute("INSERT INTO t VALUES (3)")
        throw Boom()
      }
    }
    #expect(try db.query("SELECT x FROM t").map { $0[0] } == [.integer(1)])
  }

  @Test("a nested transaction is a savepoint: its failure undoes only its own rows")
  func nestedTransaction() throws {
    struct Boom: Error {}
    let db = try SQLiteDatabase.inMemory()
    try db.execute("CREATE TABLE t (x INTEGER)")
    try db.transaction { db in
      try db.execute("INSERT INTO t VALUES (1)")
      _ = try? db.transaction { inner in
        try inner.execute("INSERT INTO t VALUES (2)")
        throw Boom()
      }
    }
    #expect(try db.query("SELECT x FROM t").map { $0[0] } == [.integer(1)])
  }

  @Test("a prepared statement is reused with new bindings")
  func statementReuse() throws {
    let db = try SQLiteDatabase.inMemory()
    try db.execute("CREATE TABLE t (x INTEGER)")
    let insert = try db.prepare("INSERT INTO t VALUES (?1)")
    for value in 1...5 { #expect(try insert.run([.integer(Int64(value))]) == 1) }
    #expect(try db.query("SELECT sum(x) FROM t").first?[0] == .integer(15))
  }

  @Test("a constraint failure is reported as a storage error with SQLite's message")
  func constraintError() throws {
    let db = try SQLiteDatabase.inMemory()
    try db.execute("CREATE TABLE t (x INTEGER PRIMARY KEY)")
    try db.execute("INSERT INTO t VALUES (1)")
    do {
      try db.execute("INSERT INTO t VALUES (1)")
      Issue.record("expected a constraint error")
    } catch let error as StorageError {
      guard case .sqlite(let path, _, let message) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(path == ":memory:")
      #expect(message.contains("UNIQUE"))
    }
  }

  @Test("two connections writing at once from two threads both succeed")
  func concurrentWriters() async throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let path = dir.path + "/shared.sqlite"
    let setup = try SQLiteDatabase(path: path)
    try setup.execute("CREATE TABLE t (writer INTEGER, n INTEGER)")
    let connections = [try SQLiteDatabase(path: path), try SQLiteDatabase(path: path)]
    let failures = FailureLog()
    // The writers block in SQLite's busy wait: keep them off the cooperative pool.
    await DedicatedThread.run {
      DispatchQueue.concurrentPerform(iterations: 2) { writer in
        do {
          for n in 0..<200 {
            try connections[writer].transaction { db in
              try db.execute(
                "INSERT INTO t VALUES (?1, ?2)", [.integer(Int64(writer)), .integer(Int64(n))])
              _ = try db.query("SELECT count(*) FROM t")
            }
            try connections[writer].execute(
              "INSERT INTO t VALUES (?1, ?2)", [.integer(Int64(writer)), .integer(Int64(-1))])
          }
        } catch {
          failures.append("\(error)")
        }
      }
    }
    #expect(failures.all.isEmpty)
    #expect(try setup.query("SELECT count(*) FROM t").first?[0] == .integer(800))
  }

  @Test("a writer that holds the lock makes the other one wait, not fail")
  func writerWaitsForLock() async throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let path = dir.path + "/locked.sqlite"
    let first = try SQLiteDatabase(path: path)
    try first.execute("CREATE TABLE t (who TEXT)")
    let second = try SQLiteDatabase(path: path)
    let holding = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    let failures = FailureLog()
    // Both writers block (a semaphore, SQLite's busy wait), so each gets a thread of its own
    // rather than one of the cooperative pool's few threads (or the global queue's).
    Thread.detachNewThread {
      do {
        try first.transaction { db in
          try db.execute("INSERT INTO t VALUES ('first')")
          holding.signal()
          usleep(300_000)  // keep the write lock so the second writer must wait
        }
      } catch {
        failures.append("first: \(error)")
      }
      done.signal()
    }
    try await DedicatedThread.run {
      holding.wait()
      try second.transaction { try $0.execute("INSERT INTO t VALUES ('second')") }
      done.wait()
    }
    #expect(failures.all.isEmpty)
    #expect(
      try second.query("SELECT who FROM t ORDER BY rowid").map { $0[0] } == [
        .text("first"), .text("second"),
      ])
  }

  @Test("with no timeout and no retries, a held lock surfaces as busy naming the file")
  func busyAfterRetries() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let path = dir.path + "/busy.sqlite"
    let first = try SQLiteDatabase(path: path)
    try first.execute("CREATE TABLE t (x)")
    let impatient = try SQLiteDatabase(
      path: path, options: .init(busyTimeoutMilliseconds: 0, busyRetries: 0))
    try first.transaction { db in
      try db.execute("INSERT INTO t VALUES (1)")
      #expect(throws: StorageError.busy(path: path)) {
        try impatient.transaction { try $0.execute("INSERT INTO t VALUES (2)") }
      }
    }
  }
}

/// Thread-safe list of failure descriptions collected from worker threads.
final class FailureLog: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [String] = []

  func append(_ item: String) {
    lock.lock()
    items.append(item)
    lock.unlock()
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return items
  }
}
