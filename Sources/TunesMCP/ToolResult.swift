import ITunesCatalog
import ITunesClient

/// What a tool answers: the structured content (an object in the CLI's JSON shapes), a short
/// text summary, and whether it is a failure of the catalogue or the database.
package struct ToolResult: Sendable, Equatable {
  package var structured: JSONValue
  package var text: String
  package var isError = false

  /// The `tools/call` result.
  var jsonValue: JSONValue {
    .object([
      ("content", .array([.object([("type", .string("text")), ("text", .string(text))])])),
      ("structuredContent", structured), ("isError", .bool(isError)),
    ])
  }

  /// A failure as the CLI words it; a rate-limit wait also says, as data, how long to wait.
  static func failure(_ error: any Error, services: MCPServices) -> ToolResult {
    let sentence = services.describe(error)
    var members: [(key: String, value: JSONValue)] = [("error", .string(sentence))]
    if let seconds = retryAfter(error) {
      members.append(("retryAfterSeconds", .number(seconds)))
    }
    return ToolResult(structured: .object(members), text: sentence, isError: true)
  }

  /// How long Apple's rate limit asks to wait, when that is the failure.
  static func retryAfter(_ error: any Error) -> Int? {
    switch error as? ClientError {
    case .rateLimitWait(let seconds)?: return seconds
    case .rateLimited?: return Int(RateLimiterDefaults.blockSeconds)
    default: return nil
    }
  }
}

/// The pipeline's documented pause after a 403 or 429 (docs/ARCHITECTURE.md, "The network").
enum RateLimiterDefaults {
  static let blockSeconds = 60
}

/// The JSON of items and ids, in the CLI's shapes.
enum Shapes {
  static func items(_ items: [CatalogItem]) -> JSONValue { .array(items.map(\.jsonValue)) }

  static func ids(_ ids: [Int64]) -> JSONValue { .array(ids.map { .number($0) }) }

  /// `cachedAt` when an answer came from the response cache, else nothing.
  static func source(_ source: CatalogResponse.Source) -> [(key: String, value: JSONValue)] {
    guard case .cache(let fetchedAt, let stale, _) = source else { return [] }
    return [("cachedAt", .string(ISODate.string(from: fetchedAt))), ("stale", .bool(stale))]
  }

  /// One line an item for the text summary: `Title — Author (kind, id N)`, at most `limit`.
  static func summary(_ items: [CatalogItem], limit: Int = 10) -> String {
    var lines = items.prefix(limit).map { item in
      var line = item.title
      if let author = item.author, !author.isEmpty { line += " — " + author }
      return line + " (\(item.kind.displayName), id \(item.id))"
    }
    if items.count > limit { lines.append("… and \(items.count - limit) more") }
    return lines.joined(separator: "\n")
  }

  static func plural(_ count: Int, _ word: String) -> String {
    Plural.count(count, word)
  }

  /// An output schema: an object with these properties, the listed ones required.
  static func object(
    _ properties: [(key: String, value: JSONValue)], required: [String]
  ) -> JSONValue {
    .object([
      ("type", .string("object")), ("properties", .object(properties)),
      ("required", .array(required.map { .string($0) })),
    ])
  }

  static let itemArray: JSONValue = .object([
    ("type", .string("array")),
    (
      "items",
      .object([
        ("type", .string("object")),
        ("description", .string("an item in the shape of `tunes search --format json`")),
      ])
    ),
  ])
  static let idArray: JSONValue = .object([
    ("type", .string("array")), ("items", .object([("type", .string("integer"))])),
  ])
  static let integer: JSONValue = .object([("type", .string("integer"))])
  static let string: JSONValue = .object([("type", .string("string"))])
  static let boolean: JSONValue = .object([("type", .string("boolean"))])
  static let anyObject: JSONValue = .object([("type", .string("object"))])
}
