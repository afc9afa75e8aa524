/// WCAG 2 contrast between colours, for checking a palette against the background it is drawn
/// on.
extension Color {
  /// The colour's red, green and blue as a terminal with xterm's default palette shows them;
  /// `nil` for `.default` (the terminal's own colour, which only it knows).
  public var xtermRGB: (red: UInt8, green: UInt8, blue: UInt8)? {
    switch self {
    case .default: return nil
    case .ansi(let n):
      let (r, g, b) = Color.ansiPalette[Int(n & 0x0f)]
      return (r, g, b)
    case .indexed(let n):
      let (r, g, b) = Color.rgbOf256(n)
      return (r, g, b)
    case .rgb(let r, let g, let b): return (r, g, b)
    }
  }

  /// WCAG 2 relative luminance of an sRGB colour, 0 (black) to 1 (white).
  public static func relativeLuminance(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Double {
    func linear(_ value: UInt8) -> Double {
      let c = Double(value) / 255
      return c <= 0.04045 ? c / 12.92 : pow24((c + 0.055) / 1.055)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// The WCAG 2 contrast ratio of two luminances, 1 to 21.
  public static func contrastRatio(luminance a: Double, _ b: Double) -> Double {
    (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }

  /// `x` to the power 2.4 without Foundation (TerminalUI imports nothing): exp(2.4 · ln x).
  private static func pow24(_ x: Double) -> Double {
    guard x > 0 else { return 0 }
    return exp(2.4 * log(x))
  }

  private static func log(_ x: Double) -> Double {
    // ln x = 2 · atanh((x − 1) / (x + 1)), the series converges for every x > 0.
    let y = (x - 1) / (x + 1)
    let y2 = y * y
    var term = y
    var sum = 0.0
    var n = 1.0
    while abs(term) > 1e-15 * abs(sum) || sum == 0 {
      sum += term / n
      term *= y2
      n += 2
      if n > 2001 { break }
    }
    return 2 * sum
  }

  private static func exp(_ x: Double) -> Double {
    // Halve until small, sum the series, square back.
    var r = x
    var halvings = 0
    while abs(r) > 0.5 {
      r /= 2
      halvings += 1
    }
    var term = 1.0
    var sum = 1.0
    for n in 1..<30 {
      term *= r / Double(n)
      sum += term
    }
    for _ in 0..<halvings { sum *= sum }
    return sum
  }
}
