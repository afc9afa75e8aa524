/// A small strict JSON parser (RFC 8259) over UTF-8 bytes.
///
/// Written for the catalogue because Foundation's `JSONDecoder` spends most of its time building
/// containers and dictionaries; this parser reads bytes once. Strings are validated as UTF-8: invalid bytes
/// are an error, not silently replaced. Depth is limited so hostile input cannot exhaust the stack.
public struct JSONParser {
  /// Why a document could not be parsed, with the byte offset.
  public struct Failure: Error, Equatable, Sendable {
    /// What is wrong.
    public var reason: String
    /// The byte offset where it was noticed.
    public var offset: Int
  }

  /// The deepest nesting accepted.
  public static let maximumDepth = 128

  /// Parses one JSON document; leading and trailing white space are allowed (Apple frames its bodies
  /// with newlines).
  public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
    try bytes.withUnsafeBufferPointer { buffer throws(Failure) in try parse(buffer: buffer) }
  }

  /// Parses one JSON document from memory the caller keeps alive. See `parse(_:)`.
  static func parse(buffer: UnsafeBufferPointer<UInt8>) throws(Failure) -> JSONValue {
    var parser = JSONCursor(bytes: buffer)
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    guard parser.index == buffer.count else {
      throw Failure(reason: "unexpected bytes after the JSON document", offset: parser.index)
    }
    return value
  }
}
