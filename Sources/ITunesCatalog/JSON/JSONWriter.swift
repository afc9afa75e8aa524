import Foundation

/// Writes `JSONValue`s as compact JSON: members in their given order, non-ASCII as UTF-8, control
/// characters escaped.
public enum JSONWriter {
  /// The compact UTF-8 JSON text of `value`.
  public static func bytes(_ value: JSONValue) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(512)
    write(value, into: &out)
    return out
  }

  /// Appends the compact JSON text of `value` to `out`.
  public static func write(_ value: JSONValue, into out: inout [UInt8]) {
    switch value {
    case .null: out.append(contentsOf: Array("null".utf8))
    case .bool(let flag): out.append(contentsOf: Array((flag ? "true" : "false").utf8))
    case .number(let number): out.append(contentsOf: number.text.utf8)
    case .string(let text): writeString(text, into: &out)
    case .array(let elements):
      out.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        write(element, into: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (index, member) in members.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        writeString(member.key, into: &out)
        out.append(UInt8(ascii: ":"))
        write(member.value, into: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  private static let hex = Array("0123456789abcdef".utf8)

  /// Writes a string literal: runs of bytes that need no escape are copied whole (most strings
  /// are one such run), the others escaped one by one.
  private static func writeString(_ text: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
      var start = 0
      var index = 0
      while index < bytes.count {
        // Eight plain ASCII bytes at a time: none a control, `"`, `\\`, DEL or above 0x7F.
        if index + 8 <= bytes.count, let base = bytes.baseAddress,
          !needsLook(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        {
          index += 8
          continue
        }
        let byte = bytes[index]
        if byte >= 0x20, byte != 0x22, byte != 0x5C, byte != 0x7F, byte != 0xC2, byte != 0xD8,
          byte != 0xE2
        {
          index += 1
          continue
        }
        if byte == 0xD8 || byte == 0xE2 {
          // Bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and
          // the line separators (U+2028, U+2029) are escaped, so a title cannot reorder what a
          // terminal shows around it.
          guard let scalar = bidiControl(in: bytes, at: index) else {
            index += 1
            continue
          }
          out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
          escape(scalar, into: &out)
          index += byte == 0xD8 ? 2 : 3
          start = index
          continue
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        index += 1
        if byte == 0xC2 {
          // C1 controls (U+0080–U+009F, UTF-8 C2 80–C2 9F) are escaped too, so no output of ours
          // can carry a terminal control sequence.
          if index < bytes.count, (0x80...0x9F).contains(bytes[index]) {
            escape(bytes[index], into: &out)
            index += 1
          } else {
            out.append(0xC2)
          }
        } else {
          switch byte {
          case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
          case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
          case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
          case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
          case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
          default: escape(byte, into: &out)
          }
        }
        start = index
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
    }
    out.append(UInt8(ascii: "\""))
  }

  /// Whether any of a word's eight bytes is below 0x20, `"`, `\\`, 0x7F or above it (a byte the
  /// byte-by-byte loop must look at); the usual has-zero-byte trick, on each condition.
  @inline(__always)
  private static func needsLook(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZero(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
    let below = (word &- ones &* 0x20) & ~word & highs
    let marks = hasZero(word ^ (ones &* 0x22)) | hasZero(word ^ (ones &* 0x5C))
    return (word & highs) | below | marks | hasZero(word ^ (ones &* 0x7F)) != 0
  }

  /// The bidirectional control or line separator whose UTF-8 starts at `index`, if one does.
  private static func bidiControl(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt16? {
    if bytes[index] == 0xD8 {
      return index + 1 < bytes.count && bytes[index + 1] == 0x9C ? 0x061C : nil
    }
    guard index + 2 < bytes.count else { return nil }
    let second = bytes[index + 1]
    let third = bytes[index + 2]
    switch (second, third) {
    case (0x80, 0x8E), (0x80, 0x8F), (0x80, 0xA8...0xAE), (0x81, 0xA6...0xA9):
      return 0x2000 | UInt16(second & 0x0F) << 6 | UInt16(third & 0x3F)
    default: return nil
    }
  }

  /// `\uXXXX` for one scalar of the Basic Multilingual Plane.
  private static func escape(_ scalar: UInt16, into out: inout [UInt8]) {
    out.append(contentsOf: [0x5C, UInt8(ascii: "u")])
    for shift in [12, 8, 4, 0] { out.append(hex[Int(scalar >> UInt16(shift)) & 0x0F]) }
  }

  /// `\u00XX` for one byte.
  private static func escape(_ byte: UInt8, into out: inout [UInt8]) {
    out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30])
    out.append(hex[Int(byte >> 4)])
    out.append(hex[Int(byte & 0x0F)])
  }
}
