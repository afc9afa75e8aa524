import CSQLite
import Foundation

/// A small, thread-safe wrapper around one SQLite connection.
///
/// Every call takes a recursive lock, so one instance may be shared between threads; a
/// ``transaction(_:)`` holds the lock for its whole body. On open it turns on WAL mode (for files),
/// a busy timeout, foreign keys and extended result codes. `BEGIN IMMEDIATE` is retried when another
/// process holds the write lock longer than the timeout, so "database is locked" only surfaces as
/// ``StorageError/busy(path:)`` after every retry has failed.
public final class SQLiteDatabase: @unchecked Sendable {
  /// How to open a database.
  public struct Options: Sendable {
    /// Open read-only (nothing is created or written).
    public var readOnly: Bool
    /// How long SQLite itself waits for another connection's lock, in milliseconds.
    public var busyTimeoutMilliseconds: Int32
    /// How many more times `BEGIN IMMEDIATE` (and autocommit statements) are tried after a busy error.
    public var busyRetries: Int
    /// Use write-ahead logging (ignored for in-memory databases).
    public var walMode: Bool
    /// With `readOnly`: the file cannot change while it is open (SQLite's `immutable=1`), so no
    /// lock or `-shm` file is needed: how a database on a read-only file system is read. A
    /// write-ahead log left beside it is not read.
    public var immutable = false
    /// Checkpoint the write-ahead log into the file when the last connection closes (SQLite's
    /// default: four fsyncs). A short command turns it off and leaves the log to SQLite's
    /// automatic checkpoint (every 1,000 pages) or to the next connection that closes with it on.
    public var checkpointOnClose = true

    /// Creates options; the defaults suit tunes: read-write, 5 s timeout, 3 retries, WAL.
    public init(
      readOnly: Bool = false, busyTimeoutMilliseconds: Int32 = 5_000, busyRetries: Int = 3,
      walMode: Bool = true
    ) {
      self.readOnly = readOnly
      self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
      self.busyRetries = busyRetries
      self.walMode = walMode
    }
  }

  /// `file:PATH?immutable=1`, with the characters a URI gives meaning to percent-encoded.
  static func immutableURI(_ path: String) -> String {
    var encoded = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x21, 0x7F...:
        let hex = String(byte, radix: 16, uppercase: true)
        encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
      default:
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      }
    }
    return "file:" + encoded + "?immutable=1"
  }

  /// The file path (or `:memory:`), used in error messages.
  public let path: String
  private let options: Options
  private let lock = NSRecursiveLock()
  private var handle: OpaquePointer?
  private var savepointDepth = 0

  /// Opens (creating when allowed) the database at `path`.
  /// - Throws: ``StorageError``: `.cannotOpen` (missing directory, permission), `.readOnly`,
  ///   `.corrupt` (not a database), `.diskFull`, `.busy`.
  public init(path: String, options: Options = Options()) throws {
    self.path = path
    self.options = options
    var db: OpaquePointer?
    let flags =
      (options.readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
      // Every call on the connection already holds this object's lock, so SQLite's own mutex
      // would only be paid twice (a sixth of listing 10,000 favourites).
      | SQLITE_OPEN_NOMUTEX
    let rc: Int32
    if options.readOnly && options.immutable {
      rc = sqlite3_open_v2(Self.immutableURI(path), &db, flags | SQLITE_OPEN_URI, nil)
    } else {
      rc = sqlite3_open_v2(path, &db, flags, nil)
    }
    guard rc == SQLITE_OK, let db else {
      let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      let errno = db.map { sqlite3_system_errno($0) } ?? 0
      sqlite3_close_v2(db)
      throw StorageError.from(code: rc, systemErrno: errno, message: message, path: path)
    }
    handle = db
    sqlite3_extended_result_codes(db, 1)
    sqlite3_busy_timeout(db, options.busyTimeoutMilliseconds)
    do {
      // Reading the header here surfaces "not a database" at once, before any caller query.
      _ = try query("PRAGMA user_version")
      if options.walMode && !isInMemory && !options.readOnly {
        _ = try query("PRAGMA journal_mode=WAL")
        try execute("PRAGMA synchronous=NORMAL")
        if !options.checkpointOnClose { _ = csqlite_skip_checkpoint_on_close(db) }
      }
      try execute("PRAGMA foreign_keys=ON")
    } catch {
      close()
      throw error
    }
  }

  /// Opens a private in-memory database (for tests, or to keep going when the disk is unusable).
  public static func inMemory() throws -> SQLiteDatabase {
    try SQLiteDatabase(path: ":memory:")
  }

  deinit { close() }

  /// Closes the connection; later calls fail with `.cannotOpen`. Safe to call twice.
  public func close() {
    withLock {
      if let handle { sqlite3_close_v2(handle) }
      handle = nil
    }
  }

  /// Whether this is an in-memory database.
  public var isInMemory: Bool { path == ":memory:" || path.isEmpty }

  // MARK: Statements

  /// Prepares one statement for repeated use with bound parameters.
  public func prepare(_ sql: String) throws -> SQLiteStatement {
    try withLock {
      let db = try connection()
      var statement: OpaquePointer?
      let rc = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
      guard rc == SQLITE_OK, let statement else {
        sqlite3_finalize(statement)
        throw failure(rc)
      }
      return SQLiteStatement(database: self, handle: statement)
    }
  }

  /// Runs one statement with bound parameters and returns the number of rows it changed.
  ///
  /// Outside a transaction a busy error is retried like `BEGIN IMMEDIATE`.
  @discardableResult
  public func execute(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> Int {
    try retryingBusyOutsideTransaction { try prepare(sql).run(bindings) }
  }

  /// Runs one query with bound parameters and returns all rows.
  public func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> [SQLiteRow] {
    try retryingBusyOutsideTransaction { try prepare(sql).rows(bindings) }
  }

  /// Runs several `;`-separated statements without parameters (schema scripts only).
  public func executeScript(_ sql: String) throws {
    try withLock {
      let db = try connection()
      let rc = sqlite3_exec(db, sql, nil, nil, nil)
      guard rc == SQLITE_OK else { throw failure(rc) }
    }
  }

  /// The rowid of the last inserted row on this connection.
  public var lastInsertRowID: Int64 {
    withLock { handle.map { sqlite3_last_insert_rowid($0) } ?? 0 }
  }

  /// The schema version kept in `PRAGMA user_version`.
  public func userVersion() throws -> Int {
    Int(try query("PRAGMA user_version").first?[0].int64 ?? 0)
  }

  // MARK: Transactions

  /// Runs `body` in one transaction: `BEGIN IMMEDIATE` … `COMMIT`, or `ROLLBACK` when it throws.
  ///
  /// Nested calls become savepoints. The write lock is taken up front (retried on busy), so a
  /// transaction never fails half-way because another process started writing.
  @discardableResult
  public func transaction<T>(_ body: (SQLiteDatabase) throws -> T) throws -> T {
    try withLock {
      if savepointDepth > 0 || !isAutocommit {
        return try savepoint(body)
      }
      try retryingBusy { try prepare("BEGIN IMMEDIATE").run() }
      savepointDepth += 1
      defer { savepointDepth -= 1 }
      let result: T
      do {
        result = try body(self)
        try execute("COMMIT")
      } catch {
        if !isAutocommit { _ = try? execute("ROLLBACK") }
        throw error
      }
      return result
    }
  }

  private func savepoint<T>(_ body: (SQLiteDatabase) throws -> T) throws -> T {
    let name = "sp\(savepointDepth)"
    try execute("SAVEPOINT \(name)")
    savepointDepth += 1
    defer { savepointDepth -= 1 }
    do {
      let result = try body(self)
      try execute("RELEASE \(name)")
      return result
    } catch {
      _ = try? execute("ROLLBACK TO \(name)")
      _ = try? execute("RELEASE \(name)")
      throw error
    }
  }

  private var isAutocommit: Bool {
    withLock { handle.map { sqlite3_get_autocommit($0) != 0 } ?? true }
  }

  // MARK: Internals

  func withLock<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  var rawHandle: OpaquePointer? { handle }

  private func connection() throws -> OpaquePointer {
    guard let handle else { throw StorageError.cannotOpen(path: path, reason: "it was closed") }
    return handle
  }

  /// The ``StorageError`` for a failed result code, with SQLite's message and errno.
  func failure(_ rc: Int32) -> StorageError {
    guard let handle else {
      return StorageError.from(code: rc, systemErrno: 0, message: "closed", path: path)
    }
    return StorageError.from(
      code: rc, systemErrno: sqlite3_system_errno(handle),
      message: String(cString: sqlite3_errmsg(handle)), path: path)
  }

  func retryingBusyOutsideTransaction<T>(_ body: () throws -> T) throws -> T {
    try withLock { isAutocommit ? try retryingBusy(body) : try body() }
  }

  /// Runs `body`, trying again after a short, growing pause while it fails with `.busy`.
  @discardableResult
  private func retryingBusy<T>(_ body: () throws -> T) throws -> T {
    var attempt = 0
    while true {
      do {
        return try body()
      } catch StorageError.busy(let busyPath) {
        attempt += 1
        guard attempt <= options.busyRetries else { throw StorageError.busy(path: busyPath) }
        usleep(UInt32(20_000 * attempt))
      }
    }
  }
}
