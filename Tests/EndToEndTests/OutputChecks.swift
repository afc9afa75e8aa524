import Foundation

/// Small readers for what the binary prints: JSON, CSV, display widths, control bytes.
enum OutputChecks {
  /// Parses `data` as JSON (arrays and objects of Foundation types); `nil` when it is not JSON.
  static func json(_ data: Data) -> Any? {
    try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
  }

  /// Parses a JSON array of objects; `nil` when `data` is anything else.
  static func objects(_ data: Data) -> [[String: Any]]? {
    json(data) as? [[String: Any]]
  }

  /// Whether `value` or anything inside it is JSON `null`.
  static func containsNull(_ value: Any) -> Bool {
    switch value {
    case is NSNull: return true
    case let array as [Any]: return array.contains(where: containsNull)
    case let object as [String: Any]: return object.values.contains(where: containsNull)
    default: return false
    }
  }

  /// Splits RFC 4180 CSV (quoted fields, doubled quotes, LF or CRLF line ends) into rows of fields.
  static func csvRows(_ text: String) -> [[String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var field = ""
    var quoted = false
    var iterator = Array(text).makeIterator()
    var pending: Character? = nil
    while let character = pending ?? iterator.next() {
      pending = nil
      if quoted {
        if character == "\"" {
          if let next = iterator.next() {
            if next == "\"" {
              field.append("\"")
            } else {
              quoted = false
              pending = next
            }
          } else {
            quoted = false
          }
        } else {
          field.append(character)
        }
        continue
      }
      switch character {
      case "\"": quoted = true
      case ",":
        row.append(field)
        field = ""
      case "\n", "\r\n":
        row.append(field)
        rows.append(row)
        row = []
        field = ""
      default: field.append(character)
      }
    }
    if !field.isEmpty || !row.isEmpty {
      row.append(field)
      rows.append(row)
    }
    return rows
  }

  /// Terminal cells a line takes: East Asian wide and emoji count 2, combining marks 0, others 1.
  static func displayWidth(_ line: Substring) -> Int {
    line.unicodeScalars.reduce(0) { total, scalar in
      total + width(of: scalar.value)
    }
  }

  private static func width(of value: UInt32) -> Int {
    switch value {
    case 0x0300...0x036F, 0x200B...0x200F, 0x20D0...0x20FF, 0xFE00...0xFE0F: return 0
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return 2
    default: return 1
    }
  }

  /// The terminal control bytes in `data`: ESC, BEL, other C0 controls except tab and line feed,
  /// DEL, and C1 controls encoded in UTF-8 (C2 80…C2 9F). Returns a description of each found.
  /// C0 (but LF, and TAB when `allowTab`), DEL and C1 bytes in `data`; with `allowCRLF`, a CR
  /// right before an LF (a CSV line end) is allowed too.
  static func controlBytes(in data: Data, allowTab: Bool = false, allowCRLF: Bool = false)
    -> [String]
  {
    var found: [String] = []
    let bytes = [UInt8](data)
    for (index, byte) in bytes.enumerated() {
      switch byte {
      case 0x0A: continue
      case 0x09 where allowTab: continue
      case 0x0D where allowCRLF && index + 1 < bytes.count && bytes[index + 1] == 0x0A: continue
      case 0..<0x20, 0x7F: found.append(String(format: "0x%02X at %d", byte, index))
      case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
        found.append(String(format: "C2 %02X at %d", bytes[index + 1], index))
      default: continue
      }
    }
    return found
  }
}
