/// A parsed JSON value. Objects keep their members in document order as an array: the catalogue reads
/// each member once, so a hash table per object would only cost time.
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  /// A number, kept as its text so integers never lose precision and prices keep their decimals.
  case number(JSONNumber)
  case string(String)
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  /// The member named `key` of an object, else `nil`.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// Whether two values are the same JSON: objects compare their members in order.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: return false
    }
  }
}

/// A JSON number as written in the document.
public struct JSONNumber: Sendable, Equatable {
  /// The number's text, e.g. `13.99` or `-1.00`.
  public var text: String

  /// Makes a number from its JSON text.
  public init(text: String) { self.text = text }

  /// The value as a whole number, when it is one (`12.0` counts; `12.5` does not).
  public var int64: Int64? {
    if let value = Int64(text) { return value }
    if let double = Double(text), double.rounded() == double, abs(double) < 9.0e15 {
      return Int64(double)
    }
    return nil
  }

  /// The value as a double.
  public var double: Double? { Double(text) }
}
