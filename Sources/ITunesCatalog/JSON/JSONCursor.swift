/// The byte cursor behind `JSONParser`: strict RFC 8259 reading of values, strings and numbers.
///
/// Internal so the catalogue's fast result reader can use the same primitives (and so reject exactly the
/// same documents) without building `JSONValue` trees.
struct JSONCursor {
  typealias Failure = JSONParser.Failure

  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  func fail(_ reason: String) -> Failure { Failure(reason: reason, offset: index) }

  mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
    guard index < bytes.count else { throw fail("the document ends early (truncated?)") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectWord("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectWord("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectWord("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try parseNumber())
    case UInt8(ascii: "<"): throw fail("found HTML where JSON was expected")
    default: throw fail("unexpected character")
    }
  }

  mutating func expectWord(_ word: StaticString) throws(Failure) {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw fail("the document ends early (truncated?)") }
    let start = word.utf8Start
    for offset in 0..<count where bytes[index + offset] != start[offset] {
      throw fail("unexpected word")
    }
    index += count
  }

  mutating func parseObject(depth: Int) throws(Failure) -> JSONValue {
    guard depth <= JSONParser.maximumDepth else { throw fail("nesting is too deep") }
    index += 1
    var members: [(key: String, value: JSONValue)] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw fail("the document ends early (truncated?)") }
      guard bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
      let key = try parseString()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw fail(index < bytes.count ? "expected ':'" : "the document ends early (truncated?)")
      }
      index += 1
      skipWhitespace()
      members.append((key, try parseValue(depth: depth)))
      skipWhitespace()
      guard index < bytes.count else { throw fail("the document ends early (truncated?)") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      } else {
        throw fail("expected ',' or '}'")
      }
    }
  }

  mutating func parseArray(depth: Int) throws(Failure) -> JSONValue {
    guard depth <= JSONParser.maximumDepth else { throw fail("nesting is too deep") }
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth))
      skipWhitespace()
      guard index < bytes.count else { throw fail("the document ends early (truncated?)") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      } else {
        throw fail("expected ',' or ']'")
      }
    }
  }

  mutating func parseNumber() throws(Failure) -> JSONNumber {
    let span = try scanNumber()
    return JSONNumber(
      text: String(decoding: UnsafeBufferPointer(rebasing: bytes[span]), as: UTF8.self))
  }

  /// Reads a number's bytes (the cursor is on its first byte) and returns their range, validated.
  mutating func scanNumber() throws(Failure) -> Range<Int> {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    var digits = 0
    if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "0"), bytes[index + 1] >= 0x30,
      bytes[index + 1] <= 0x39
    {
      throw fail("a number with a leading zero")
    }
    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
      index += 1
      digits += 1
    }
    guard digits > 0 else { throw fail("invalid number") }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      let fractionStart = index
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
      guard index > fractionStart else { throw fail("invalid number") }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count,
        bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      let exponentStart = index
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
      guard index > exponentStart else { throw fail("invalid number") }
    }
    return start..<index
  }

  mutating func parseString() throws(Failure) -> String {
    let start = index + 1
    guard let raw = try scanRawString() else { return try parseEscapedString(from: start) }
    return try string(raw)
  }

  /// A string's bytes between its quotes, when it has no escapes.
  struct RawString {
    /// The first byte after the opening quote.
    var start: Int
    /// The closing quote's offset.
    var end: Int
    /// Whether every byte is below 0x80 (then the bytes need no UTF-8 validation).
    var isASCII: Bool
  }

  /// Reads a string without escapes (the cursor is on its opening quote) and moves past it; `nil` when a
  /// backslash comes first or the document ends, with the cursor there: continue with
  /// `parseEscapedString(from: start)`. Raw control characters are rejected.
  mutating func scanRawString() throws(Failure) -> RawString? {
    // The position is kept in a local (a register) and stored back on every way out.
    let start = index + 1
    var position = start
    defer { index = position }
    let count = bytes.count
    guard let base = bytes.baseAddress else { throw fail("the document ends early (truncated?)") }
    // Fast path: eight bytes at a time up to the first quote, backslash or control character, which
    // the byte loop below then handles.
    var seen: UInt64 = 0
    while position + 8 <= count {
      let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
      let special = Self.specialBytes(word)
      if special != 0 {
        let before = special.trailingZeroBitCount & ~7
        seen |= word & ((1 << before) &- 1)
        position += before >> 3
        break
      }
      seen |= word
      position += 8
    }
    var asciiOnly = seen & 0x8080_8080_8080_8080 == 0
    while position < count {
      let byte = base[position]
      if byte == UInt8(ascii: "\"") {
        position += 1
        return RawString(start: start, end: position - 1, isASCII: asciiOnly)
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 {
        throw Failure(reason: "a control character inside a string", offset: position)
      }
      if byte >= 0x80 { asciiOnly = false }
      position += 1
    }
    return nil
  }

  /// The text of a string read by `scanRawString()`; non-ASCII bytes must be valid UTF-8.
  func string(_ raw: RawString) throws(Failure) -> String {
    let slice = UnsafeBufferPointer(rebasing: bytes[raw.start..<raw.end])
    if raw.isASCII { return String(decoding: slice, as: UTF8.self) }
    guard let text = String(validating: slice, as: UTF8.self) else {
      throw Failure(reason: "a string is not valid UTF-8", offset: raw.start)
    }
    return text
  }

  /// The high bit of each byte of the word that is a quote, a backslash or below 0x20, plus possibly
  /// bits above the first such byte (SWAR "has zero byte" and "has byte less than" tricks: the lowest set
  /// bit is always exact, since borrows only travel upwards from a matching byte). Little-endian: the
  /// lowest byte is the first in memory.
  @inline(__always)
  static func specialBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let zeroQuote = (quote &- ones) & ~quote
    let zeroBackslash = (backslash &- ones) & ~backslash
    let control = (word &- ones &* 0x20) & ~word
    return (zeroQuote | zeroBackslash | control) & 0x8080_8080_8080_8080
  }
}
