import Testing

@testable import TerminalUI

@Suite("Properties")
struct PropertyTests {
  @Test("random bytes never break the decoder for the input that follows", arguments: 1...20)
  func decoderSurvivesGarbage(seed: Int) {
    var rng = SplitMix(state: UInt64(seed) &* 7919)
    var decoder = InputDecoder()
    let alphabet: [UInt8] = [
      0x1B, 0x5B, 0x4F, 0x3C, 0x3B, 0x31, 0x32, 0x7E, 0x4D, 0x6D, 0x7F, 0xE5, 0x9D, 0x82, 0x0D,
    ]
    for _ in 0..<50 {
      let n = Int.random(in: 1...12, using: &rng)
      let chunk = (0..<n).map { _ in
        Bool.random(using: &rng)
          ? alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]
          : UInt8.random(in: 0...255, using: &rng)
      }
      _ = decoder.feed(chunk)
    }
    // Whatever state the garbage left, a paste terminator and a flush bring it back.
    _ = decoder.feed(Array("\u{1B}[201~".utf8))
    _ = decoder.flush()
    let events = decoder.feed(Array("\u{1B}[Aq".utf8))
    #expect(events.suffix(2) == [.key(.up), .char("q")])
  }

  @Test("random writes keep every buffer well formed", arguments: 1...20)
  func buffersStayWellFormed(seed: Int) {
    var rng = SplitMix(state: UInt64(seed))
    var b = Buffer(width: 13, height: 4)
    let texts = RendererRoundTripTests.texts + ["\u{1B}[2J", "\u{301}x", "ｱ"]
    for _ in 0..<200 {
      let x = Int.random(in: -3..<16, using: &rng)
      let y = Int.random(in: -1..<5, using: &rng)
      switch Int.random(in: 0..<4, using: &rng) {
      case 0:
        let clip = Rect(
          x: Int.random(in: 0..<13, using: &rng), y: 0, width: Int.random(in: 0..<13, using: &rng),
          height: 4)
        b.set(
          string: texts[Int.random(in: 0..<texts.count, using: &rng)], at: Position(x: x, y: y),
          clippedTo: clip)
      case 1:
        b.fill(
          Rect(x: x, y: y, width: 3, height: 2), with: Cell(Bool.random(using: &rng) ? "坂" : "."))
      case 2:
        b.draw(
          buffer(["a坂", "👍🏽b"]), at: Position(x: x, y: y),
          clippedTo: Rect(x: 2, y: 0, width: 7, height: 4))
      default:
        b.set(Cell(texts[Int.random(in: 0..<texts.count, using: &rng)]), x: x, y: y)
      }
      #expect(isWellFormed(b))
    }
  }

  @Test(
    "wrapped lines never exceed the width and keep every non-space character", arguments: 1...10)
  func wrapKeepsText(seed: Int) {
    var rng = SplitMix(state: UInt64(seed))
    let words = ["a", "word", "日本語", "👍🏽", "supercalifragilistic", "cafe\u{301}", "한국", " "]
    let text = (0..<40).map { _ in words[Int.random(in: 0..<words.count, using: &rng)] }.joined(
      separator: " ")
    let width = Int.random(in: 2...20, using: &rng)
    let lines = Paragraph.wrap(text, width: width)
    for line in lines { #expect(displayWidth(of: line) <= width) }
    #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " })
  }
}
