import Foundation

/// One value bound to, or read from, a SQLite statement.
public enum SQLiteValue: Sendable, Equatable, Hashable {
  /// SQL `NULL`.
  case null
  /// A 64-bit integer.
  case integer(Int64)
  /// A double-precision float.
  case real(Double)
  /// UTF-8 text.
  case text(String)
  /// Raw bytes.
  case blob(Data)

  /// The value as an integer, when it is one (a real is truncated).
  public var int64: Int64? {
    switch self {
    case .integer(let value): return value
    case .real(let value): return Int64(exactly: value.rounded(.towardZero))
    default: return nil
    }
  }

  /// The value as a double, when it is numeric.
  public var double: Double? {
    switch self {
    case .integer(let value): return Double(value)
    case .real(let value): return value
    default: return nil
    }
  }

  /// The value as a string, when it is text.
  public var string: String? {
    if case .text(let value) = self { return value }
    return nil
  }

  /// The value as bytes: a blob as is, text as its UTF-8.
  public var data: Data? {
    switch self {
    case .blob(let value): return value
    case .text(let value): return Data(value.utf8)
    default: return nil
    }
  }

  /// Whether the value is SQL `NULL`.
  public var isNull: Bool { self == .null }
}

extension SQLiteValue {
  /// A date stored as seconds since 1970 (a `REAL` column).
  public static func date(_ date: Date) -> SQLiteValue { .real(date.timeIntervalSince1970) }

  /// The value read back as a date written by ``date(_:)``.
  public var date: Date? { double.map { Date(timeIntervalSince1970: $0) } }
}

/// One result row: the values in column order, addressable by index or column name.
public struct SQLiteRow: Sendable, Equatable {
  /// The column names, in order.
  public let columns: [String]
  /// The values, in column order.
  public let values: [SQLiteValue]

  /// Creates a row from column names and values of the same count.
  public init(columns: [String], values: [SQLiteValue]) {
    self.columns = columns
    self.values = values
  }

  /// The value at a column index, or `.null` when out of range.
  public subscript(index: Int) -> SQLiteValue {
    values.indices.contains(index) ? values[index] : .null
  }

  /// The value of the named column, or `.null` when there is no such column.
  public subscript(name: String) -> SQLiteValue {
    guard let index = columns.firstIndex(of: name) else { return .null }
    return values[index]
  }
}
