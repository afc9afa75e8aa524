import Testing

@testable import TerminalUI

@Suite("ASCII text written in one pass")
struct BufferASCIIRunTests {
  /// The cell-by-cell writer the one-pass path must match.
  static func reference(
    _ buffer: inout Buffer, _ text: String, at x0: Int, y: Int, style: Style, clip: Rect
  ) -> Int {
    let bounds = clip.intersection(buffer.area)
    var x = x0
    guard y >= bounds.y, y < bounds.bottom, bounds.width > 0 else { return x }
    for byte in text.utf8 {
      if x >= bounds.right { return x }
      if x >= bounds.x {
        buffer.set(Cell(code: UInt32(byte), style: style, rawWidth: 1), x: x, y: y)
      }
      x += 1
    }
    return x
  }

  @Test(
    "ASCII runs over wide clusters give the same cells and column as cell by cell",
    arguments: 1...30)
  func matchesCellByCell(seed: Int) {
    var rng = SplitMix(state: UInt64(seed))
    var fast = Buffer(width: 11, height: 3)
    let texts = ["", "a", "abc", "hello world", "0123456789abc"]
    let styles = [Style.plain, Style.plain.bold, Style.plain.fg(.red).linked(to: "https://e.x")]
    for _ in 0..<150 {
      let x = Int.random(in: -4..<14, using: &rng)
      let y = Int.random(in: -1..<4, using: &rng)
      let clip = Rect(
        x: Int.random(in: -1..<11, using: &rng), y: 0, width: Int.random(in: 0..<13, using: &rng),
        height: 3)
      if Bool.random(using: &rng) {
        // Lay wide clusters (with their own styles) for the ASCII to cut.
        fast.set(
          string: Bool.random(using: &rng) ? "坂坂坂坂坂坂" : "👍🏽x坂", at: Position(x: x, y: y),
          style: styles[Int.random(in: 0..<3, using: &rng)])
        continue
      }
      let text = texts[Int.random(in: 0..<texts.count, using: &rng)]
      let style = styles[Int.random(in: 0..<3, using: &rng)]
      var slow = fast
      let expected = Self.reference(&slow, text, at: x, y: y, style: style, clip: clip)
      let column = fast.set(string: text, at: Position(x: x, y: y), style: style, clippedTo: clip)
      #expect(column == expected)
      #expect(fast == slow)
    }
  }
}
