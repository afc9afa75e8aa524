/// A terminal colour: the terminal's default, one of the 16 ANSI colours, an entry of the
/// 256-colour palette, or 24-bit RGB.
public enum Color: Sendable, Hashable {
  /// The terminal's own default foreground or background.
  case `default`
  /// One of the 16 ANSI colours, 0–7 normal and 8–15 bright (values above 15 wrap).
  case ansi(UInt8)
  /// An entry of the xterm 256-colour palette.
  case indexed(UInt8)
  /// A 24-bit colour.
  case rgb(UInt8, UInt8, UInt8)

  /// ANSI black (0).
  public static let black = Color.ansi(0)
  /// ANSI red (1).
  public static let red = Color.ansi(1)
  /// ANSI green (2).
  public static let green = Color.ansi(2)
  /// ANSI yellow (3).
  public static let yellow = Color.ansi(3)
  /// ANSI blue (4).
  public static let blue = Color.ansi(4)
  /// ANSI magenta (5).
  public static let magenta = Color.ansi(5)
  /// ANSI cyan (6).
  public static let cyan = Color.ansi(6)
  /// ANSI white, usually light grey (7).
  public static let white = Color.ansi(7)
  /// ANSI bright black, usually dark grey (8).
  public static let gray = Color.ansi(8)
  /// ANSI bright red (9).
  public static let brightRed = Color.ansi(9)
  /// ANSI bright green (10).
  public static let brightGreen = Color.ansi(10)
  /// ANSI bright yellow (11).
  public static let brightYellow = Color.ansi(11)
  /// ANSI bright blue (12).
  public static let brightBlue = Color.ansi(12)
  /// ANSI bright magenta (13).
  public static let brightMagenta = Color.ansi(13)
  /// ANSI bright cyan (14).
  public static let brightCyan = Color.ansi(14)
  /// ANSI bright white (15).
  public static let brightWhite = Color.ansi(15)

  /// This colour as the nearest colour the given depth can show; `nil` for `.none`
  /// (the caller then uses the terminal default).
  public func downgraded(to depth: ColorDepth) -> Color? {
    switch depth {
    case .none:
      return nil
    case .truecolor:
      return self
    case .ansi256:
      if case .rgb(let r, let g, let b) = self {
        return .indexed(Color.nearest256(r, g, b))
      }
      return self
    case .ansi16:
      switch self {
      case .default, .ansi:
        return self
      case .indexed(let n):
        if n < 16 { return .ansi(n) }
        let (r, g, b) = Color.rgbOf256(n)
        return .ansi(Color.nearest16(r, g, b))
      case .rgb(let r, let g, let b):
        return .ansi(Color.nearest16(r, g, b))
      }
    }
  }

  /// The xterm default RGB values of the 16 ANSI colours.
  static let ansiPalette: [(UInt8, UInt8, UInt8)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
    (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
    (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]

  private static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

  /// The RGB value of a 256-palette entry (xterm defaults).
  static func rgbOf256(_ n: UInt8) -> (UInt8, UInt8, UInt8) {
    if n < 16 { return ansiPalette[Int(n)] }
    if n >= 232 {
      let v = UInt8(8 + 10 * (Int(n) - 232))
      return (v, v, v)
    }
    let i = Int(n) - 16
    return (
      UInt8(cubeLevels[i / 36]), UInt8(cubeLevels[(i / 6) % 6]), UInt8(cubeLevels[i % 6])
    )
  }

  private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
    let dr = a.0 - b.0
    let dg = a.1 - b.1
    let db = a.2 - b.2
    return 2 * dr * dr + 4 * dg * dg + 3 * db * db
  }

  private static func cubeIndex(_ v: Int) -> Int {
    if v < 48 { return 0 }
    if v < 115 { return 1 }
    return (v - 35) / 40
  }

  /// The nearest entry of the 256-colour cube or grey ramp (never 0–15, whose values
  /// terminals change with their themes).
  static func nearest256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
    let c = (Int(r), Int(g), Int(b))
    let ri = cubeIndex(c.0)
    let gi = cubeIndex(c.1)
    let bi = cubeIndex(c.2)
    let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
    let cubeCode = 16 + 36 * ri + 6 * gi + bi
    let average = (c.0 + c.1 + c.2) / 3
    let grayIndex = average > 238 ? 23 : max(0, (average - 3) / 10)
    let grayValue = 8 + 10 * grayIndex
    let grayCode = 232 + grayIndex
    if distance(c, (grayValue, grayValue, grayValue)) < distance(c, cube) {
      return UInt8(grayCode)
    }
    return UInt8(cubeCode)
  }

  /// The nearest of the 16 ANSI colours by the xterm default palette.
  static func nearest16(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
    let c = (Int(r), Int(g), Int(b))
    var best = 0
    var bestDistance = Int.max
    for (i, p) in ansiPalette.enumerated() {
      let d = distance(c, (Int(p.0), Int(p.1), Int(p.2)))
      if d < bestDistance {
        bestDistance = d
        best = i
      }
    }
    return UInt8(best)
  }
}
