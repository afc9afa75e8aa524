import CSQLite
import Foundation

/// `SQLITE_TRANSIENT` written out: function-like and cast macros are not imported into Swift.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement on one ``SQLiteDatabase``, reusable with new bindings.
///
/// Not `Sendable`: use it on the thread that prepared it, typically inside
/// ``SQLiteDatabase/transaction(_:)``. Every call takes the database's lock.
public final class SQLiteStatement {
  let database: SQLiteDatabase
  let handle: OpaquePointer
  private let columns: [String]

  init(database: SQLiteDatabase, handle: OpaquePointer) {
    self.database = database
    self.handle = handle
    columns = (0..<sqlite3_column_count(handle)).map {
      sqlite3_column_name(handle, $0).map { String(cString: $0) } ?? ""
    }
  }

  deinit {
    database.withLock { _ = sqlite3_finalize(handle) }
  }

  /// Resets the statement and binds `values` to its parameters `?1…?n`, in order.
  /// - Throws: ``StorageError`` when a value cannot be bound.
  public func bind(_ values: [SQLiteValue]) throws {
    try database.withLock {
      sqlite3_reset(handle)
      sqlite3_clear_bindings(handle)
      for (offset, value) in values.enumerated() {
        let index = Int32(offset + 1)
        let rc: Int32
        switch value {
        case .null:
          rc = sqlite3_bind_null(handle, index)
        case .integer(let number):
          rc = sqlite3_bind_int64(handle, index, number)
        case .real(let number):
          rc = sqlite3_bind_double(handle, index, number)
        case .text(let text):
          let bytes = Array(text.utf8)
          rc = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
              base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                sqlite3_bind_text(handle, index, $0, Int32(buffer.count), sqliteTransient)
              }
            } ?? sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
          }
        case .blob(let bytes):
          rc = bytes.withUnsafeBytes { buffer in
            buffer.baseAddress.map {
              sqlite3_bind_blob(handle, index, $0, Int32(buffer.count), sqliteTransient)
            } ?? sqlite3_bind_zeroblob(handle, index, 0)
          }
        }
        guard rc == SQLITE_OK else { throw database.failure(rc) }
      }
    }
  }

  /// Advances one step: returns the next row, or `nil` when the statement is done.
  /// - Throws: ``StorageError`` (busy, disk full, corrupt, constraint failures as `.sqlite`).
  public func step() throws -> SQLiteRow? {
    try database.withLock {
      let rc = sqlite3_step(handle)
      switch rc {
      case SQLITE_ROW:
        return currentRow()
      case SQLITE_DONE:
        return nil
      default:
        let error = database.failure(rc)
        sqlite3_reset(handle)
        throw error
      }
    }
  }

  /// Binds `values`, runs the statement to completion and returns the number of rows it changed.
  @discardableResult
  public func run(_ values: [SQLiteValue] = []) throws -> Int {
    try database.withLock {
      try bind(values)
      while try step() != nil {}
      sqlite3_reset(handle)
      return Int(sqlite3_changes(database.rawHandle))
    }
  }

  /// Binds `values` and returns every result row.
  public func rows(_ values: [SQLiteValue] = []) throws -> [SQLiteRow] {
    try database.withLock {
      try bind(values)
      var rows: [SQLiteRow] = []
      while let row = try step() { rows.append(row) }
      sqlite3_reset(handle)
      return rows
    }
  }

  private func currentRow() -> SQLiteRow {
    var values: [SQLiteValue] = []
    values.reserveCapacity(columns.count)
    for index in 0..<Int32(columns.count) { values.append(columnValue(index)) }
    return SQLiteRow(columns: columns, values: values)
  }

  private func columnValue(_ index: Int32) -> SQLiteValue {
    switch sqlite3_column_type(handle, index) {
    case SQLITE_INTEGER:
      return .integer(sqlite3_column_int64(handle, index))
    case SQLITE_FLOAT:
      return .real(sqlite3_column_double(handle, index))
    case SQLITE_TEXT:
      let count = Int(sqlite3_column_bytes(handle, index))
      guard let text = sqlite3_column_text(handle, index) else { return .text("") }
      return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
    case SQLITE_BLOB:
      let count = Int(sqlite3_column_bytes(handle, index))
      guard let bytes = sqlite3_column_blob(handle, index), count > 0 else { return .blob(Data()) }
      return .blob(Data(bytes: bytes, count: count))
    default:
      return .null
    }
  }
}
