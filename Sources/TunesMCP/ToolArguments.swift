import ITunesCatalog

/// One argument of a tool: its JSON Schema and its check come from this one declaration, so the
/// schema `tools/list` shows and what `tools/call` accepts cannot drift apart.
package struct ToolParameter: Sendable {
  package enum Kind: Sendable {
    case string
    /// One of these words.
    case choice([String])
    case integer(ClosedRange<Int>)
    case boolean
    /// iTunes ids: a non-empty array of positive integers, at most this many.
    case ids(maximum: Int)
  }

  package var name: String
  package var kind: Kind
  package var description: String
  package var required = false

  /// This argument's JSON Schema.
  var schema: JSONValue {
    var members: [(key: String, value: JSONValue)] = []
    switch kind {
    case .string:
      members = [("type", .string("string")), ("minLength", .number(1))]
    case .choice(let words):
      members = [("type", .string("string")), ("enum", .array(words.map { .string($0) }))]
    case .integer(let range):
      members = [
        ("type", .string("integer")), ("minimum", .number(range.lowerBound)),
        ("maximum", .number(range.upperBound)),
      ]
    case .boolean:
      members = [("type", .string("boolean"))]
    case .ids(let maximum):
      members = [
        ("type", .string("array")),
        ("items", .object([("type", .string("integer")), ("minimum", .number(1))])),
        ("minItems", .number(1)), ("maxItems", .number(maximum)),
      ]
    }
    members.append(("description", .string(description)))
    return .object(members)
  }

  /// Checks one value; the error names the argument.
  func check(_ value: JSONValue) throws(RPCError) {
    func refuse(_ what: String) -> RPCError {
      .invalidParams("argument \"\(name)\" must be \(what)", field: name)
    }
    switch kind {
    case .string:
      guard case .string(let text) = value, !text.isEmpty else {
        throw refuse("a non-empty string")
      }
    case .choice(let words):
      guard case .string(let text) = value, words.contains(text) else {
        throw refuse("one of " + words.joined(separator: ", "))
      }
    case .integer(let range):
      guard let number = Self.integer(value), range.contains(number) else {
        throw refuse("an integer from \(range.lowerBound) to \(range.upperBound)")
      }
    case .boolean:
      guard case .bool = value else { throw refuse("true or false") }
    case .ids(let maximum):
      guard case .array(let elements) = value, !elements.isEmpty, elements.count <= maximum,
        elements.allSatisfy({ Self.integer($0).map { $0 >= 1 } ?? false })
      else { throw refuse("an array of 1 to \(maximum) positive integer ids") }
    }
  }

  /// A JSON number that is a whole number in range of `Int`.
  static func integer(_ value: JSONValue) -> Int? {
    guard case .number(let number) = value, let whole = number.int64 else { return nil }
    return Int(exactly: whole)
  }
}

extension JSONValue {
  /// A number member for schemas and results.
  static func number(_ value: Int) -> JSONValue { .number(JSONNumber(text: String(value))) }
  static func number(_ value: Int64) -> JSONValue { .number(JSONNumber(text: String(value))) }
}

/// A tool call's arguments, checked against the tool's parameters.
package struct ToolArguments: Sendable {
  private var values: [String: JSONValue]

  /// Checks `arguments` (absent, or an object) against `parameters`: unknown, missing and
  /// mistyped arguments are `-32602` errors naming the field.
  init(_ arguments: JSONValue?, parameters: [ToolParameter]) throws(RPCError) {
    var values: [String: JSONValue] = [:]
    switch arguments {
    case nil, .null?: break
    case .object(let members)?:
      for (key, value) in members {
        guard let parameter = parameters.first(where: { $0.name == key }) else {
          throw .invalidParams("unknown argument \"\(key)\"", field: key)
        }
        try parameter.check(value)
        values[key] = value
      }
    default:
      throw .invalidParams("\"arguments\" must be an object", field: "arguments")
    }
    for parameter in parameters where parameter.required && values[parameter.name] == nil {
      throw .invalidParams(
        "argument \"\(parameter.name)\" is required", field: parameter.name)
    }
    self.values = values
  }

  package func string(_ name: String) -> String? {
    guard case .string(let text)? = values[name] else { return nil }
    return text
  }

  package func integer(_ name: String) -> Int? {
    values[name].flatMap(ToolParameter.integer)
  }

  package func bool(_ name: String) -> Bool? {
    guard case .bool(let flag)? = values[name] else { return nil }
    return flag
  }

  package func ids(_ name: String) -> [Int64] {
    guard case .array(let elements)? = values[name] else { return [] }
    var seen = Set<Int64>()
    return elements.compactMap { ToolParameter.integer($0).map(Int64.init) }.filter {
      seen.insert($0).inserted
    }
  }
}
