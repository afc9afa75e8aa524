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
  public static func decode(_ body: Data) throws(CatalogError) -> CatalogPage {
    try decode(bytes: [UInt8](body))
  }

  /// Decodes a response body given as bytes. See `decode(_:)`.
  public static func decode(bytes: [UInt8]) throws(CatalogError) -> CatalogPage {
    guard bytes.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else {
      throw .malformed(reason: "the body is empty")
    }
    let document: JSONValue
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      let start = bytes.first(where: { $0 > 0x20 })
      if start == UInt8(ascii: "<") {
        throw .malformed(reason: "an HTML page came instead of JSON")
      }
      throw .malformed(reason: "\(error.reason) at byte \(error.offset)")
    }
    guard case .object = document else {
      throw .notITunesDocument(reason: "the top level is not an object")
    }
    if let message = document["errorMessage"]?.text { throw .apple(message: message) }
    guard let results = document["results"] else {
      if document["contents"] != nil {
        throw .notITunesDocument(
          reason: "it is a proxy's wrapper (the real response is a string inside \"contents\")")
      }
      if document["feed"] != nil {
        throw .notITunesDocument(reason: "it is a chart feed, not a search or lookup answer")
      }
      throw .notITunesDocument(reason: "it has no \"results\" list")
    }
    guard case .array(let elements) = results else {
      throw .notITunesDocument(reason: "\"results\" is not a list")
    }
    var items: [CatalogItem] = []
    items.reserveCapacity(elements.count)
    var skipped = 0
    for element in elements {
      if case .object(let members) = element, let item = CatalogItem(wire: members) {
        items.append(item)
      } else {
        skipped += 1
      }
    }
    let count = document["resultCount"]?.integer.map { Int(clamping: $0) }
    return CatalogPage(items: items, skippedCount: skipped, resultCount: count)
  }
}
