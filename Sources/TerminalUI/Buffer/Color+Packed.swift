extension Color {
  /// The colour as one number (kind in the top byte, value below; 0 is `.default`), so a
  /// `Style` stores and compares colours as plain integers.
  var packed: UInt32 {
    switch self {
    case .default: return 0
    case .ansi(let n): return 0x0100_0000 | UInt32(n)
    case .indexed(let n): return 0x0200_0000 | UInt32(n)
    case .rgb(let r, let g, let b):
      return 0x0300_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }
  }

  /// The colour stored as `packed`.
  init(packed: UInt32) {
    let value = UInt8(truncatingIfNeeded: packed)
    switch packed >> 24 {
    case 1: self = .ansi(value)
    case 2: self = .indexed(value)
    case 3:
      self = .rgb(
        UInt8(truncatingIfNeeded: packed >> 16), UInt8(truncatingIfNeeded: packed >> 8), value)
    default: self = .default
    }
  }
}
