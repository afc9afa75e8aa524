import Testing

@testable import TerminalUI

@Suite("Diff renderer")
struct DiffRendererTests {
  /// A renderer that has drawn a blank `width`×`height` frame: cursor hidden, at (0, 0).
  func primed(_ width: Int, _ height: Int, depth: ColorDepth = .truecolor) -> DiffRenderer {
    var r = DiffRenderer(colorDepth: depth)
    _ = r.render(previous: nil, next: Buffer(width: width, height: height))
    return r
  }

  @Test("the first frame resets, clears, writes non-blank cells and hides the cursor")
  func firstFrame() {
    var r = DiffRenderer()
    let out = r.render(previous: nil, next: buffer(["ab "]))
    #expect(visible(out) == "␛[0m␛[H␛[2Jab␛[?25l")
  }

  @Test("an unchanged frame writes zero bytes")
  func unchanged() {
    var r = DiffRenderer(synchronizedOutput: true)
    let frame = buffer(["hello", "坂本 👍🏽"])
    _ = r.render(previous: nil, next: frame)
    #expect(r.render(previous: frame, next: frame).isEmpty)
    #expect(r.render(previous: frame, next: frame, cursor: .hidden).isEmpty)
    _ = r.render(previous: frame, next: frame, cursor: .visible(Position(x: 1, y: 1)))
    #expect(r.render(previous: frame, next: frame, cursor: .visible(Position(x: 1, y: 1))).isEmpty)
  }

  /// A change set applied to a blank 5×2 frame, and the exact bytes expected.
  struct Golden: Sendable, CustomTestStringConvertible {
    var name: String
    var cells: [(Int, Int, String)]
    var expected: String
    var testDescription: String { name }
  }

  static let goldens: [Golden] = [
    Golden(name: "adjacent cells need no move", cells: [(0, 0, "a"), (1, 0, "b")], expected: "ab"),
    Golden(
      name: "forward on the same row", cells: [(2, 0, "L"), (3, 1, "x")], expected: "␛[2CL␛[Bx"),
    Golden(name: "straight down", cells: [(0, 1, "q")], expected: "␛[Bq"),
    Golden(
      name: "carriage return and down", cells: [(3, 0, "x"), (0, 1, "y")], expected: "␛[3Cx␍␛[By"),
    Golden(
      name: "backspaces and down", cells: [(3, 0, "x"), (2, 1, "y")], expected: "␛[3Cx␈␈␛[By"),
    Golden(
      name: "last column leaves the pen unknown", cells: [(4, 0, "z"), (0, 1, "w")],
      expected: "␛[4Cz␛[2Hw"),
    Golden(name: "a gap of one cell", cells: [(0, 0, "a"), (2, 0, "c")], expected: "a␛[Cc"),
  ]

  @Test("golden bytes for small diffs", arguments: goldens)
  func golden(g: Golden) {
    var r = primed(5, 2)
    let blank = Buffer(width: 5, height: 2)
    var next = blank
    for (x, y, s) in g.cells { next.set(string: s, at: Position(x: x, y: y)) }
    #expect(visible(r.render(previous: blank, next: next)) == g.expected)
  }

  @Test("a long jump uses an absolute move")
  func longJump() {
    var r = primed(200, 60)
    let blank = Buffer(width: 200, height: 60)
    var next = blank
    next.set(string: "x", at: Position(x: 150, y: 40))
    #expect(visible(r.render(previous: blank, next: next)) == "␛[41;151Hx")
  }

  @Test("two adjacent changed cells of one style emit one SGR and no extra move")
  func penTracking() {
    var r = primed(5, 1)
    let blank = Buffer(width: 5, height: 1)
    var next = blank
    next.set(string: "ab", at: Position(x: 1, y: 0), style: Style(foreground: .red))
    #expect(visible(r.render(previous: blank, next: next)) == "␛[C␛[31mab␛[0m")
  }

  @Test(
    "SGR changes pick the shorter of incremental and reset",
    arguments: [
      (Style.plain.bold.fg(.red), Style.plain.bold, "␛[1;31ma␛[39mb␛[0m"),
      (Style.plain.bold.underline, Style.plain.underline, "␛[1;4ma␛[22mb␛[0m"),
      (Style.plain.bold, Style.plain.dim, "␛[1ma␛[0;2mb␛[0m"),
      (Style.plain.italic.reversed.fg(.blue), Style.plain.bg(.green), "␛[3;7;34ma␛[0;42mb␛[0m"),
      (
        Style(foreground: .indexed(200)),
        Style(foreground: .indexed(200), background: .rgb(1, 2, 3)),
        "␛[38;5;200ma␛[48;2;1;2;3mb␛[0m"
      ),
      (Style(foreground: .brightCyan), Style.plain, "␛[96mab"),
    ])
  func sgrTransitions(first: Style, second: Style, expected: String) {
    var r = primed(3, 1)
    let blank = Buffer(width: 3, height: 1)
    var next = blank
    next.set(string: "a", at: Position(x: 0, y: 0), style: first)
    next.set(string: "b", at: Position(x: 1, y: 0), style: second)
    let out = visible(r.render(previous: blank, next: next))
    #expect(out == expected.replacingOccurrences("ab", with: "a␛[0mb"))
  }

  @Test(
    "colours follow the colour depth",
    arguments: [
      (ColorDepth.truecolor, "␛[38;2;255;0;0;48;5;21mx␛[0m"),
      (.ansi256, "␛[38;5;196;48;5;21mx␛[0m"),
      (.ansi16, "␛[91;44mx␛[0m"), (ColorDepth.none, "␛[1mx␛[0m"),
    ])
  func colorDepth(depth: ColorDepth, expected: String) {
    var r = primed(2, 1, depth: depth)
    let blank = Buffer(width: 2, height: 1)
    var next = blank
    let style = Style(
      foreground: .rgb(255, 0, 0), background: .indexed(21), modifiers: depth == .none ? .bold : [])
    next.set(string: "x", at: Position(x: 0, y: 0), style: style)
    #expect(visible(r.render(previous: blank, next: next)) == expected)
  }

  @Test("wide characters: replaced by narrow ones, by wide ones, and replacing narrow ones")
  func wideReplacement() {
    var r = primed(4, 1)
    let a = buffer(["坂b"], width: 4)
    let b = buffer(["xyb"], width: 4)
    let c = buffer(["本b"], width: 4)
    let d = buffer(["a"], width: 4)
    _ = r.render(previous: Buffer(width: 4, height: 1), next: a)
    #expect(visible(r.render(previous: a, next: b)) == "␍xy")
    #expect(visible(r.render(previous: b, next: a)) == "␍坂")
    #expect(visible(r.render(previous: a, next: c)) == "␍本")
    #expect(visible(r.render(previous: c, next: d)) == "␍a  ")
  }

  @Test("a multi-scalar cluster is followed by an absolute move")
  func clusterResync() {
    var r = primed(5, 1)
    let blank = Buffer(width: 5, height: 1)
    var next = blank
    next.set(string: "👨\u{200D}👩\u{200D}👧x", at: Position(x: 0, y: 0))
    #expect(visible(r.render(previous: blank, next: next)) == "👨\u{200D}👩\u{200D}👧␛[1;3Hx")
  }

  @Test("hyperlinks open and close around linked cells")
  func hyperlinks() {
    var r = primed(4, 1)
    let blank = Buffer(width: 4, height: 1)
    var next = blank
    next.set(string: "ab", at: Position(x: 0, y: 0), style: Style(hyperlink: "https://x.y/\u{1B}z"))
    next.set(string: "c", at: Position(x: 2, y: 0))
    #expect(visible(r.render(previous: blank, next: next)) == "␛]8;;https://x.y/z␛\\ab␛]8;;␛\\c")
  }

  @Test("synchronized output wraps only frames that change something")
  func synchronized() {
    var r = DiffRenderer(synchronizedOutput: true)
    let blank = Buffer(width: 3, height: 1)
    _ = r.render(previous: nil, next: blank)
    let next = buffer(["hi"], width: 3)
    #expect(visible(r.render(previous: blank, next: next)) == "␛[?2026h\u{0}hi␛[?2026l")
    #expect(r.render(previous: next, next: next).isEmpty)
  }

  @Test("a full redraw clears even when the previous frame is the same")
  func fullRedraw() {
    var r = primed(3, 1)
    let next = buffer(["hi"], width: 3)
    _ = r.render(previous: Buffer(width: 3, height: 1), next: next)
    #expect(visible(r.render(previous: next, next: next, fullRedraw: true)) == "␛[0m␛[H␛[2Jhi")
    let bigger = buffer(["hi", "yo"], width: 4)
    #expect(visible(r.render(previous: next, next: bigger)) == "␛[0m␛[H␛[2Jhi␍␛[Byo")
  }

  @Test("cursor placement and visibility are emitted only on change")
  func cursor() {
    var r = primed(5, 2)
    let blank = Buffer(width: 5, height: 2)
    #expect(
      visible(r.render(previous: blank, next: blank, cursor: .visible(Position(x: 2, y: 1))))
        == "␛[2;3H␛[?25h")
    #expect(r.render(previous: blank, next: blank, cursor: .visible(Position(x: 2, y: 1))).isEmpty)
    #expect(
      visible(r.render(previous: blank, next: blank, cursor: .visible(Position(x: 3, y: 1))))
        == "␛[C")
    #expect(visible(r.render(previous: blank, next: blank, cursor: .hidden)) == "␛[?25l")
    r.invalidate()
    #expect(visible(r.render(previous: blank, next: blank, cursor: .hidden)) == "␛[?25l")
  }
}

extension String {
  /// Replaces the first occurrence only when the pattern is at the end (test helper).
  fileprivate func replacingOccurrences(_ suffix: String, with replacement: String) -> String {
    guard hasSuffix(suffix) else { return self }
    return String(dropLast(suffix.count)) + replacement
  }
}
