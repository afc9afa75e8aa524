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
        let byte = bytes[index]
        if byte >= 0x20, byte != 0x22, byte != 0x5C, byte != 0x7F, byte != 0xC2 {
          index += 1
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

  /// `\u00XX` for one byte.
  private static func escape(_ byte: UInt8, into out: inout [UInt8]) {
    out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30])
    out.append(hex[Int(byte >> 4)])
    out.append(hex[Int(byte & 0x0F)])
  }
}
