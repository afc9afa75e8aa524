import TerminalUI

/// Bytes shown with ESC as `␛`, for readable exact comparisons of renderer output.
func visible(_ bytes: [UInt8]) -> String {
  String(decoding: bytes, as: UTF8.self).replacingEscapes()
}

extension String {
  func replacingEscapes() -> String {
    var out = ""
    for scalar in unicodeScalars {
      switch scalar.value {
      case 0x1B: out += "␛"
      case 0x0D: out += "␍"
      case 0x08: out += "␈"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}

/// A buffer of the given size with `rows` written from the left edge.
func buffer(_ rows: [String], width: Int? = nil, style: Style = .plain) -> Buffer {
  let w = width ?? rows.map { displayWidth(of: $0) }.max() ?? 0
  var b = Buffer(width: w, height: rows.count)
  for (y, row) in rows.enumerated() {
    b.set(string: row, at: Position(x: 0, y: y), style: style)
  }
  return b
}

/// The rows of a buffer as strings (continuations skipped).
func rows(_ b: Buffer) -> [String] {
  (0..<b.height).map { b.text(row: $0) }
}
