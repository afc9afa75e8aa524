/// The fast way through a Search/Lookup answer: the `results` list is read from the bytes straight into
/// `WireFields` and items, with no `JSONValue` tree for the results. Keys are matched on their bytes, numbers
/// are converted from their digits, strings are made only for the fields the catalogue reads, and
/// everything else is validated and skipped without allocating. The grammar, depth limit and UTF-8 checks
/// are the same primitives `JSONParser` uses, so both accept exactly the same documents.
extension JSONCursor {
  /// Items read from the `results` list, and how many results could not be read.
  typealias ReadResults = (items: [CatalogItem], skipped: Int)

  /// Reads a whole document that is an object. Its members other than the first `results` are kept as
  /// `JSONValue`s; the first `results`, when it is a list, is replaced by an empty list in `document` and
  /// read into `results`.
  ///
  /// - Throws: `Failure` for invalid JSON and for a top level that is not an object (the caller then
  ///   falls back to `JSONParser`, which gives the verdict).
  mutating func readCatalogDocument() throws(Failure) -> (
    document: JSONValue, results: ReadResults?
  ) {
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else {
      throw fail("the top level is not an object")
    }
    index += 1
    var members: [(key: String, value: JSONValue)] = []
    var results: ReadResults?
    var sawResults = false
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
    } else {
      while true {
        skipWhitespace()
        guard index < bytes.count else { throw fail("the document ends early (truncated?)") }
        guard bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
        let key = try parseString()
        try expectColon()
        if key == "results", !sawResults, index < bytes.count, bytes[index] == UInt8(ascii: "[") {
          // Apple sends resultCount first: size the list once (bounded: the count is only a hint).
          let expected = members.first { $0.key == "resultCount" }?.value.integer ?? 0
          results = try readResults(depth: 1, capacity: Int(clamping: min(max(expected, 0), 500)))
          members.append((key, .array([])))
        } else {
          members.append((key, try parseValue(depth: 1)))
        }
        if key == "results" { sawResults = true }
        if try atEndOfMembers() { break }
      }
    }
    skipWhitespace()
    guard index == bytes.count else { throw fail("unexpected bytes after the JSON document") }
    return (.object(members), results)
  }

  /// Reads a list of results (the cursor is on `[`; `depth` as for `parseValue(depth:)`), reserving
  /// room for `capacity` items.
  mutating func readResults(depth: Int, capacity: Int) throws(Failure) -> ReadResults {
    let depth = depth + 1
    guard depth <= JSONParser.maximumDepth else { throw fail("nesting is too deep") }
    index += 1
    var items: [CatalogItem] = []
    items.reserveCapacity(capacity)
    var skipped = 0
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return (items, skipped)
    }
    while true {
      skipWhitespace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
        if let item = CatalogItem(wire: try readWireFields(depth: depth)) {
          items.append(item)
        } else {
          skipped += 1
        }
      } else {
        try skipValue(depth: depth)
        skipped += 1
      }
      if try atEndOfElements() { return (items, skipped) }
    }
  }

  /// Reads one result object (the cursor is on `{`) into its fields; a later duplicate key wins.
  mutating func readWireFields(depth: Int) throws(Failure) -> WireFields {
    let depth = depth + 1
    guard depth <= JSONParser.maximumDepth else { throw fail("nesting is too deep") }
    index += 1
    var wire = WireFields()
    wire.source = bytes
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return wire
    }
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw fail("the document ends early (truncated?)") }
      guard bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
      let field = try readKey()
      try expectColon()
      if let field {
        try readValue(of: field, into: &wire, depth: depth)
      } else {
        try skipValue(depth: depth)
      }
      if try atEndOfMembers() { return wire }
    }
  }

  /// Reads a member name (the cursor is on its quote) and returns the key it names, if the catalogue
  /// reads it. Plain ASCII names are matched on their bytes; escaped names are decoded first.
  private mutating func readKey() throws(Failure) -> WireKey? {
    let start = index + 1
    guard let raw = try scanRawString() else {
      return WireKey.byName[try parseEscapedString(from: start)]
    }
    guard raw.isASCII, let base = bytes.baseAddress else {
      _ = try string(raw)  // validates the UTF-8; no key the catalogue reads is non-ASCII
      return nil
    }
    return WireKey.matching(base + raw.start, count: raw.end - raw.start)
  }

  /// Reads the value of `field` (the cursor is on its first byte). Strings for text fields and numbers
  /// for number fields are converted directly; anything else is parsed and read as `WireFields` reads
  /// a `JSONValue`, so the lenient conversions stay in one place.
  private mutating func readValue(
    of field: WireKey, into wire: inout WireFields, depth: Int
  ) throws(Failure) {
    guard index < bytes.count else { throw fail("the document ends early (truncated?)") }
    let first = bytes[index]
    let isNumber = first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39)
    switch field.shape {
    case .text where first == UInt8(ascii: "\""):
      let start = index + 1
      if let raw = try scanRawString() {
        if raw.isASCII, raw.end > raw.start, wire.set(field, ascii: raw.start..<raw.end) { return }
        wire.set(field, text: raw.end == raw.start ? nil : try string(raw))
      } else {
        let text = try parseEscapedString(from: start)
        wire.set(field, text: text.isEmpty ? nil : text)
      }
    case .integer where isNumber:
      wire.set(field, integer: integer(in: try scanNumber()))
    case .decimal where isNumber:
      wire.set(field, decimal: decimal(in: try scanNumber()))
    default:
      wire.read(field, try parseValue(depth: depth))
    }
  }
}
