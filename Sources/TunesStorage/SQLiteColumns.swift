import CSQLite
import Foundation

/// The current row of a statement, read column by column without building ``SQLiteValue``s:
/// for queries that turn many rows straight into their own values.
///
/// Valid only inside the closure it is passed to.
public struct SQLiteColumns {
  let handle: OpaquePointer

  /// Whether column `index` is SQL `NULL`.
  public func isNull(_ index: Int32) -> Bool {
    sqlite3_column_type(handle, index) == SQLITE_NULL
  }

  /// Column `index` as an integer; `nil` for `NULL` (a real is truncated, text converted).
  public func int64(_ index: Int32) -> Int64? {
    isNull(index) ? nil : sqlite3_column_int64(handle, index)
  }

  /// Column `index` as text; `nil` for `NULL` (numbers become their text).
  public func text(_ index: Int32) -> String? {
    guard !isNull(index), let text = sqlite3_column_text(handle, index) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }
}

extension SQLiteStatement {
  /// Binds `values` and returns `transform` of every result row.
  public func map<T>(_ values: [SQLiteValue] = [], _ transform: (SQLiteColumns) -> T) throws
    -> [T]
  {
    try database.withLock {
      try bind(values)
      var result: [T] = []
      while true {
        let rc = sqlite3_step(handle)
        if rc == SQLITE_DONE { break }
        guard rc == SQLITE_ROW else {
          let error = database.failure(rc)
          sqlite3_reset(handle)
          throw error
        }
        result.append(transform(SQLiteColumns(handle: handle)))
      }
      sqlite3_reset(handle)
      return result
    }
  }
}

extension SQLiteDatabase {
  /// Runs one query and returns `transform` of every row (a busy error outside a transaction is
  /// retried as for `query`, from the first row again).
  public func query<T>(
    _ sql: String, _ bindings: [SQLiteValue] = [], map transform: (SQLiteColumns) -> T
  ) throws -> [T] {
    try retryingBusyOutsideTransaction { try prepare(sql).map(bindings, transform) }
  }
}
