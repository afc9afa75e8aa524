/// Lenient percent-decoding and canonical percent-encoding of URL parts.
enum PercentCoding {
  /// Bytes kept as they are in a canonical query value: letters, digits, `-._*~,`.
  static let queryCharacters: Set<UInt8> = unreserved.union(Array(",".utf8))
  /// Bytes kept as they are in a canonical path: the query set plus `/=:`.
  static let pathCharacters: Set<UInt8> = queryCharacters.union(Array("/=:".utf8))

  private static let unreserved: Set<UInt8> = Set(
    Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._*~".utf8))

  /// Decodes `%XX` sequences (and `+` as a space when asked); a malformed `%` stays literal.
  static func decode<S: StringProtocol>(_ text: S, plusIsSpace: Bool) -> String {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
        let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
      {
        out.append(high << 4 | low)
        index += 3
        continue
      }
      out.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
      index += 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Encodes every byte outside `keeping` as `%XX` (upper-case hex); a space becomes `+`.
  static func encode(_ text: String, keeping: Set<UInt8>) -> String {
    var out = ""
    for byte in text.utf8 {
      if keeping.contains(byte) {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else if byte == UInt8(ascii: " ") {
        out += "+"
      } else {
        out +=
          "%" + String(byte >> 4, radix: 16, uppercase: true)
          + String(byte & 0x0F, radix: 16, uppercase: true)
      }
    }
    return out
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
