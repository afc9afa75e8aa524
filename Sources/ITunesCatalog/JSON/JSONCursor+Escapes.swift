extension JSONCursor {
  /// Reads the rest of a string that has escapes, from `start` (after the opening quote; the cursor is
  /// at the first backslash or at the end of the document), and moves past the closing quote.
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
