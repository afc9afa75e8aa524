import Foundation

/// One decoded answer of the Search or Lookup API.
public struct CatalogPage: Hashable, Sendable {
  /// The readable results, in Apple's order.
  public var items: [CatalogItem]
  /// How many results could not be read (no id or name) and were skipped.
  public var skippedCount: Int
  /// Apple's `resultCount`, when it sent one.
  public var resultCount: Int?

  /// Makes a page.
  public init(items: [CatalogItem], skippedCount: Int = 0, resultCount: Int? = nil) {
    self.items = items
    self.skippedCount = skippedCount
    self.resultCount = resultCount
  }

  /// Decodes a response body.
  ///
  /// - Throws: `CatalogError.apple` for Apple's error object, `.malformed` for bytes that are not JSON
  ///   (empty, HTML, truncated, invalid UTF-8), `.notITunesDocument` for JSON of another shape.
  /// - Complexity: one pass over the bytes; the results are read straight into items (see
  ///   `JSONCursor+Wire.swift`).
  public static func decode(_ body: Data) throws(CatalogError) -> CatalogPage {
    let result = body.withUnsafeBytes { raw in
      Result { () throws(CatalogError) -> CatalogPage in
        try decode(buffer: raw.bindMemory(to: UInt8.self))
      }
    }
    return try result.get()
  }

  /// Decodes a response body given as bytes. See `decode(_:)`.
  public static func decode(bytes: [UInt8]) throws(CatalogError) -> CatalogPage {
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(CatalogError) -> CatalogPage in try decode(buffer: buffer) }
    }
    return try result.get()
  }

  /// Decodes bytes the caller keeps alive: the fast reader first; anything it refuses (invalid JSON, a
  /// top level that is not an object) goes through `decodeTree(buffer:)`, which gives the same verdict
  /// with its reason and offset.
  static func decode(buffer: UnsafeBufferPointer<UInt8>) throws(CatalogError) -> CatalogPage {
    guard buffer.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else {
      throw .malformed(reason: "the body is empty")
    }
    var cursor = JSONCursor(bytes: buffer)
    if let read = try? cursor.readCatalogDocument() {
      return try page(from: read.document, results: read.results)
    }
    // Invalid JSON, or a top level that is not an object: the tree parser gives the verdict.
    return try decodeTree(buffer: buffer)
  }

  /// Decodes through a `JSONValue` tree: the reference the fast path is tested against, and the path
  /// for documents the fast path refuses.
  static func decodeTree(buffer: UnsafeBufferPointer<UInt8>) throws(CatalogError) -> CatalogPage {
    guard buffer.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else {
      throw .malformed(reason: "the body is empty")
    }
    let document: JSONValue
    do {
      document = try JSONParser.parse(buffer: buffer)
    } catch {
      let start = buffer.first(where: { $0 > 0x20 })
      if start == UInt8(ascii: "<") {
        throw .malformed(reason: "an HTML page came instead of JSON")
      }
      throw .malformed(reason: "\(error.reason) at byte \(error.offset)")
    }
    return try page(from: document, results: nil)
  }

  /// The page a parsed document describes; `results`, when given, are the items already read from the
  /// document's first `results` list.
  private static func page(
    from document: JSONValue, results: JSONCursor.ReadResults?
  ) throws(CatalogError) -> CatalogPage {
    guard case .object = document else {
      throw .notITunesDocument(reason: "the top level is not an object")
    }
    if let message = document["errorMessage"]?.text { throw .apple(message: message) }
    guard let list = document["results"] else {
      if document["contents"] != nil {
        throw .notITunesDocument(
          reason: "it is a proxy's wrapper (the real response is a string inside \"contents\")")
      }
      if document["feed"] != nil {
        throw .notITunesDocument(reason: "it is a chart feed, not a search or lookup answer")
      }
      throw .notITunesDocument(reason: "it has no \"results\" list")
    }
    guard case .array(let elements) = list else {
      throw .notITunesDocument(reason: "\"results\" is not a list")
    }
    let count = document["resultCount"]?.integer.map { Int(clamping: $0) }
    if let results {
      return CatalogPage(items: results.items, skippedCount: results.skipped, resultCount: count)
    }
    var items: [CatalogItem] = []
    items.reserveCapacity(elements.count)
    var skipped = 0
    for element in elements {
      if case .object(let members) = element, let item = CatalogItem(wire: WireFields(members)) {
        items.append(item)
      } else {
        skipped += 1
      }
    }
    return CatalogPage(items: items, skippedCount: skipped, resultCount: count)
  }
}
