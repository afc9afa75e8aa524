import Foundation

/// One decoded chart feed: its entries as catalogue items, in Apple's order.
///
/// Chart entries carry only ids, names, artists, genres, links and small artwork; a lookup by id
/// fills in the rest (prices, durations, descriptions).
public struct ChartPage: Hashable, Sendable {
  /// Which generation of feed the answer was.
  public enum Format: String, Hashable, Sendable {
    /// `feed.results[]` (the v1 and v2 feed generators).
    case v2
    /// `feed.entry[]` with `im:` labels (`/{cc}/rss/…/json`).
    case legacy
  }

  /// The feed's title, e.g. "Top Songs".
  public var title: String?
  /// When Apple last built the feed, as Apple wrote it.
  public var updated: String?
  /// The readable entries, in chart order.
  public var items: [CatalogItem]
  /// How many entries could not be read (no id or no name) and were left out.
  public var skippedCount: Int
  /// Which generation of feed answered.
  public var format: Format
  /// Whether raw control characters inside strings had to be replaced by spaces to read the
  /// feed (strict JSON forbids them; some feeds carry them in summaries).
  public var repairedControlCharacters: Bool

  /// Makes a page.
  public init(
    title: String? = nil, updated: String? = nil, items: [CatalogItem], skippedCount: Int = 0,
    format: Format, repairedControlCharacters: Bool = false
  ) {
    self.title = title
    self.updated = updated
    self.items = items
    self.skippedCount = skippedCount
    self.format = format
    self.repairedControlCharacters = repairedControlCharacters
  }

  /// Decodes a chart feed body, v2 (`feed.results`) or legacy (`feed.entry`, a list or a single
  /// object). `expected` is the entries' kind when the feed does not name it.
  ///
  /// A feed with no entries is an empty page, not an error; entries without an id or a name are
  /// skipped and counted.
  /// - Throws: `CatalogError.malformed` for an empty body, an HTML page or invalid JSON;
  ///   `.apple` for Apple's error object; `.notFeed` for JSON of another shape.
  public static func decode(_ body: Data, expected: ItemKind? = nil) throws(CatalogError)
    -> ChartPage
  {
    let parsed = try FeedJSON.parse(body)
    let document = parsed.value
    guard case .object = document else {
      throw .notFeed(reason: "the top level is not an object")
    }
    if let message = document["errorMessage"]?.text { throw .apple(message: message) }
    guard let feed = document["feed"], case .object = feed else {
      if document["results"] != nil {
        throw .notFeed(reason: "it is a search or lookup answer, not a chart feed")
      }
      throw .notFeed(reason: "it has no \"feed\" object")
    }
    var page: ChartPage
    if let results = feed["results"] {
      guard case .array(let elements) = results else {
        throw .notFeed(reason: "\"feed.results\" is not a list")
      }
      page = v2Page(feed: feed, elements: elements, expected: expected)
    } else {
      page = legacyPage(feed: feed, expected: expected)
    }
    page.repairedControlCharacters = parsed.repaired
    return page
  }

  private static func v2Page(feed: JSONValue, elements: [JSONValue], expected: ItemKind?)
    -> ChartPage
  {
    var items: [CatalogItem] = []
    var skipped = 0
    for element in elements {
      if let item = ChartEntry.v2Item(element, expected: expected) {
        items.append(item)
      } else {
        skipped += 1
      }
    }
    return ChartPage(
      title: feed["title"]?.text, updated: feed["updated"]?.text, items: items,
      skippedCount: skipped, format: .v2)
  }

  private static func legacyPage(feed: JSONValue, expected: ItemKind?) -> ChartPage {
    let entries: [JSONValue]
    switch feed["entry"] {
    case .array(let list)?: entries = list
    case .object?: entries = feed["entry"].map { [$0] } ?? []
    default: entries = []
    }
    var items: [CatalogItem] = []
    var skipped = 0
    for entry in entries {
      if let item = ChartEntry.legacyItem(entry, expected: expected) {
        items.append(item)
      } else {
        skipped += 1
      }
    }
    return ChartPage(
      title: feed["title"]?["label"]?.text, updated: feed["updated"]?["label"]?.text,
      items: items, skippedCount: skipped, format: .legacy)
  }
}

/// Parsing of feed bodies: strict JSON first, then once more with raw control characters inside
/// strings replaced by spaces.
enum FeedJSON {
  static func parse(_ body: Data) throws(CatalogError) -> (value: JSONValue, repaired: Bool) {
    let bytes = [UInt8](body)
    guard bytes.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else {
      throw .malformed(reason: "the body is empty")
    }
    do {
      return (try JSONParser.parse(bytes), false)
    } catch {
      if bytes.first(where: { $0 > 0x20 }) == UInt8(ascii: "<") {
        throw .malformed(reason: "an HTML page came instead of JSON")
      }
      if let repaired = replacingControlCharactersInStrings(bytes),
        let value = try? JSONParser.parse(repaired)
      {
        return (value, true)
      }
      throw .malformed(reason: "\(error.reason) at byte \(error.offset)")
    }
  }

  /// The bytes with every raw control character (U+0000–U+001F) inside a string replaced by a
  /// space; `nil` when there is none.
  static func replacingControlCharactersInStrings(_ bytes: [UInt8]) -> [UInt8]? {
    var out = bytes
    var inString = false
    var escaped = false
    var changed = false
    for index in out.indices {
      let byte = out[index]
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        } else if byte < 0x20 {
          out[index] = 0x20
          changed = true
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      }
    }
    return changed ? out : nil
  }
}
