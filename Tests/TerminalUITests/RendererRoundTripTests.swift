import Testing

@testable import TerminalUI

/// A small deterministic random generator (SplitMix64).
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@Suite("Renderer round trip")
struct RendererRoundTripTests {
  static let texts = [
    "a", "bc", "坂本", "👍🏽", "e\u{301}", "👨\u{200D}👩\u{200D}👧", "🇯🇵", "  ", "xyz", "ＡＢ", "한",
    "longer text here",
  ]
  static let styles = [
    Style.plain, Style.plain.bold.fg(.red), Style.plain.underline,
    Style(background: .rgb(10, 20, 30)),
    Style(foreground: .indexed(123)), Style(hyperlink: "https://example.com/a"),
    Style(foreground: .green, hyperlink: "https://example.com/b"), Style.plain.dim.italic.reversed,
  ]

  func randomFrame(from base: Buffer, changes: Int, using rng: inout SplitMix) -> Buffer {
    var b = base
    for _ in 0..<changes {
      let text = Self.texts[Int.random(in: 0..<Self.texts.count, using: &rng)]
      let style = Self.styles[Int.random(in: 0..<Self.styles.count, using: &rng)]
      let x = Int.random(in: 0..<b.width, using: &rng)
      let y = Int.random(in: 0..<b.height, using: &rng)
      if Int.random(in: 0..<10, using: &rng) == 0 {
        b.clear(Rect(x: x, y: y, width: 5, height: 2))
      } else {
        b.set(string: text, at: Position(x: x, y: y), style: style)
      }
    }
    return b
  }

  @Test("diffs of random frames reproduce every frame on a terminal", arguments: 1...12)
  func roundTrip(seed: Int) {
    var rng = SplitMix(state: UInt64(seed))
    let width = 17
    let height = 6
    var renderer = DiffRenderer(synchronizedOutput: seed % 2 == 0)
    var terminal = VirtualTerminal(width: width, height: height)
    var previous: Buffer?
    for frameNumber in 0..<40 {
      let base = previous ?? Buffer(width: width, height: height)
      let next = randomFrame(from: base, changes: Int.random(in: 0...8, using: &rng), using: &rng)
      let cursor: CursorPlacement =
        frameNumber % 3 == 0
        ? .visible(Position(x: Int.random(in: 0..<width, using: &rng), y: 1)) : .hidden
      let bytes = renderer.render(previous: previous, next: next, cursor: cursor)
      terminal.apply(bytes)
      #expect(terminal.errors.isEmpty, "frame \(frameNumber): \(terminal.errors)")
      terminal.errors.removeAll()
      #expect(
        terminal.screen == next, "frame \(frameNumber)\n\(terminal.screen.text)\n---\n\(next.text)")
      if case .visible(let p) = cursor {
        #expect(Position(x: terminal.x, y: terminal.y) == p)
        #expect(terminal.cursorVisible)
      } else {
        #expect(!terminal.cursorVisible)
      }
      previous = next
    }
  }
}
