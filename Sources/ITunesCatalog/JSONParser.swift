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
    try bytes.withUnsafeBufferPointer { buffer throws(Failure) in
      var parser = Cursor(bytes: buffer)
      parser.skipWhitespace()
      let value = try parser.parseValue(depth: 0)
      parser.skipWhitespace()
      guard parser.index == buffer.count else {
        throw Failure(reason: "unexpected bytes after the JSON document", offset: parser.index)
      }
      return value
    }
  }

  private struct Cursor {
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
      return JSONNumber(
        text: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    mutating func parseString() throws(Failure) -> String {
      index += 1
      let start = index
      // Fast path: find the closing quote eight bytes at a time; fall back to the escape-aware path
      // at the first backslash, and reject raw control characters.
      let count = bytes.count
      guard let base = bytes.baseAddress else { throw fail("the document ends early (truncated?)") }
      var asciiOnly = true
      while index + 8 <= count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        if Self.hasSpecialByte(word) { break }
        if word & 0x8080_8080_8080_8080 != 0 { asciiOnly = false }
        index += 8
      }
      while index < count {
        let byte = base[index]
        if byte == UInt8(ascii: "\"") {
          let slice = UnsafeBufferPointer(start: base + start, count: index - start)
          index += 1
          if asciiOnly { return String(decoding: slice, as: UTF8.self) }
          guard let text = String(validating: slice, as: UTF8.self) else {
            throw Failure(reason: "a string is not valid UTF-8", offset: start)
          }
          return text
        }
        if byte == UInt8(ascii: "\\") { break }
        if byte < 0x20 { throw fail("a control character inside a string") }
        if byte >= 0x80 { asciiOnly = false }
        index += 1
      }
      return try parseEscapedString(from: start)
    }

    /// Whether any byte of the word is a quote, a backslash or below 0x20 (SWAR: "has zero byte" trick
    /// applied to the word XORed with each pattern).
    @inline(__always)
    static func hasSpecialByte(_ word: UInt64) -> Bool {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      func hasZero(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
      let quote = word ^ (ones &* 0x22)
      let backslash = word ^ (ones &* 0x5C)
      // Bytes below 0x20: (v - 0x20 repeated) & ~v & highs, for bytes without the high bit.
      let control = (word &- ones &* 0x20) & ~word & highs
      return hasZero(quote) || hasZero(backslash) || control != 0
    }

    mutating func parseEscapedString(from start: Int) throws(Failure) -> String {
      var out = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<index]))
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""):
          index += 1
          guard let text = String(validating: out, as: UTF8.self) else {
            throw Failure(reason: "a string is not valid UTF-8", offset: start)
          }
          return text
        case UInt8(ascii: "\\"):
          index += 1
          guard index < bytes.count else { break }
          let escape = bytes[index]
          index += 1
          switch escape {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
          case UInt8(ascii: "b"): out.append(0x08)
          case UInt8(ascii: "f"): out.append(0x0C)
          case UInt8(ascii: "n"): out.append(0x0A)
          case UInt8(ascii: "r"): out.append(0x0D)
          case UInt8(ascii: "t"): out.append(0x09)
          case UInt8(ascii: "u"): try appendUnicodeEscape(to: &out)
          default: throw fail("invalid escape in a string")
          }
        default:
          if byte < 0x20 { throw fail("a control character inside a string") }
          out.append(byte)
          index += 1
        }
      }
      throw fail("the document ends early (truncated?)")
    }

    mutating func readHex4() throws(Failure) -> UInt32 {
      guard index + 4 <= bytes.count else { throw fail("the document ends early (truncated?)") }
      var value: UInt32 = 0
      for _ in 0..<4 {
        let byte = bytes[index]
        let digit: UInt32
        switch byte {
        case 0x30...0x39: digit = UInt32(byte - 0x30)
        case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
        case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
        default: throw fail("invalid \\u escape")
        }
        value = value << 4 | digit
        index += 1
      }
      return value
    }

    mutating func appendUnicodeEscape(to out: inout [UInt8]) throws(Failure) {
      var scalarValue = try readHex4()
      if (0xD800...0xDBFF).contains(scalarValue), index + 6 <= bytes.count,
        bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
      {
        let saved = index
        index += 2
        let low = try readHex4()
        if (0xDC00...0xDFFF).contains(low) {
          scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
        } else {
          index = saved
        }
      }
      // A lone surrogate cannot be represented: use U+FFFD as JSON decoders commonly do.
      let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
      out.append(contentsOf: Array(String(scalar).utf8))
    }
  }
}
