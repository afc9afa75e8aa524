import Testing

@testable import TerminalUI

@Suite("Colour")
struct ColorTests {
  @Test(
    "truecolor downgrades to the 256-colour cube and grey ramp",
    arguments: [
      (Color.rgb(255, 0, 0), Color.indexed(196)), (.rgb(0, 0, 0), .indexed(16)),
      (.rgb(255, 255, 255), .indexed(231)), (.rgb(128, 128, 128), .indexed(244)),
      (.rgb(0, 135, 255), .indexed(33)), (.rgb(8, 8, 8), .indexed(232)),
    ])
  func to256(input: Color, expected: Color) {
    #expect(input.downgraded(to: .ansi256) == expected)
  }

  @Test(
    "colours downgrade to the 16 ANSI colours",
    arguments: [
      (Color.rgb(250, 10, 10), Color.ansi(9)), (.rgb(0, 0, 0), .ansi(0)),
      (.rgb(255, 255, 255), .ansi(15)), (.rgb(0, 200, 0), .ansi(2)), (.indexed(196), .ansi(9)),
      (.indexed(4), .ansi(4)), (.indexed(244), .ansi(8)), (.ansi(3), .ansi(3)),
      (.default, .default),
    ])
  func to16(input: Color, expected: Color) {
    #expect(input.downgraded(to: .ansi16) == expected)
  }

  @Test("truecolor keeps colours and none drops them")
  func extremes() {
    #expect(Color.rgb(1, 2, 3).downgraded(to: .truecolor) == .rgb(1, 2, 3))
    #expect(Color.indexed(7).downgraded(to: .ansi256) == .indexed(7))
    #expect(Color.red.downgraded(to: .none) == nil)
  }

  @Test("every palette entry maps back to itself at 256 colours")
  func paletteRoundTrip() {
    for n in 16...255 {
      let (r, g, b) = Color.rgbOf256(UInt8(n))
      let back = Color.nearest256(r, g, b)
      #expect(Color.rgbOf256(back) == Color.rgbOf256(UInt8(n)), "\(n) -> \(back)")
    }
  }
}
