import Testing

@testable import TerminalUI

@Suite("Buffer")
struct BufferTests {
  @Test("writes ASCII and returns the next column")
  func ascii() {
    var b = Buffer(width: 6, height: 1)
    let end = b.set(string: "abc", at: Position(x: 1, y: 0))
    #expect(end == 4)
    #expect(b.text(row: 0) == " abc  ")
  }

  @Test("clips to the clip rectangle and the buffer")
  func clipping() {
    var b = Buffer(width: 5, height: 2)
    b.set(
      string: "abcdefgh", at: Position(x: 1, y: 0), clippedTo: Rect(x: 0, y: 0, width: 4, height: 2)
    )
    #expect(b.text(row: 0) == " abc ")
    b.set(string: "xyz", at: Position(x: 3, y: 1))
    #expect(b.text(row: 1) == "   xy")
    b.set(string: "nope", at: Position(x: 0, y: 5))
    b.set(string: "left", at: Position(x: -2, y: 1))
    #expect(b.text(row: 1) == "ft xy")
  }

  @Test("a wide character gets a continuation cell")
  func wide() {
    var b = Buffer(width: 4, height: 1)
    let end = b.set(string: "坂a", at: Position(x: 0, y: 0))
    #expect(end == 3)
    #expect(b[0, 0].symbol == "坂")
    #expect(b[0, 0].width == 2)
    #expect(b[1, 0].isContinuation)
    #expect(b[2, 0].symbol == "a")
  }

  @Test("a wide character that does not fit at the edge becomes a space")
  func wideAtEdge() {
    var b = Buffer(width: 3, height: 1)
    b.set(string: "ab坂", at: Position(x: 0, y: 0))
    #expect(rows(b) == ["ab "])
    #expect(b[2, 0].symbol == " ")
    var c = Buffer(width: 4, height: 1)
    c.set(string: "坂本", at: Position(x: 0, y: 0), clippedTo: Rect(x: 0, y: 0, width: 3, height: 1))
    #expect(c[2, 0].symbol == " ")
    #expect(c[3, 0].symbol == " ")
  }

  @Test("a wide character cut by the left clip edge becomes a space")
  func wideAtLeftEdge() {
    var b = Buffer(width: 4, height: 1, fill: Cell("."))
    b.set(string: "坂本", at: Position(x: 0, y: 0), clippedTo: Rect(x: 1, y: 0, width: 3, height: 1))
    #expect(rows(b) == [". 本"])
  }

  @Test("overwriting half of a wide character blanks the other half")
  func breakWide() {
    var b = Buffer(width: 4, height: 1)
    b.set(string: "坂本", at: Position(x: 0, y: 0))
    b.set(string: "x", at: Position(x: 1, y: 0))
    #expect(rows(b) == [" x本"])
    b.set(string: "y", at: Position(x: 2, y: 0))
    #expect(rows(b) == [" xy "])
    #expect(!b[3, 0].isContinuation)
    b.set(string: "日", at: Position(x: 1, y: 0))
    b.set(string: "本", at: Position(x: 0, y: 0))
    #expect(rows(b) == ["本  "])
  }

  @Test("combining marks, ZWJ sequences and flags stay in one cell")
  func clusters() {
    var b = Buffer(width: 8, height: 1)
    b.set(string: "e\u{301}👨\u{200D}👩\u{200D}👧🇯🇵x", at: Position(x: 0, y: 0))
    #expect(b[0, 0].symbol == "e\u{301}")
    #expect(b[1, 0].symbol == "👨\u{200D}👩\u{200D}👧")
    #expect(b[3, 0].symbol == "🇯🇵")
    #expect(b[5, 0].symbol == "x")
  }

  @Test("controls and lone combining marks are skipped")
  func zeroWidthSkipped() {
    var b = Buffer(width: 4, height: 1)
    b.set(string: "\u{301}a\u{7}b", at: Position(x: 0, y: 0))
    #expect(rows(b) == ["ab  "])
  }

  @Test("fill, clear, styles and spans")
  func fillAndStyles() {
    var b = Buffer(width: 4, height: 2)
    b.fill(Rect(x: 1, y: 0, width: 2, height: 2), with: Cell("#"))
    #expect(rows(b) == [" ## ", " ## "])
    b.setStyle(.plain.bold, in: Rect(x: 0, y: 0, width: 1, height: 1))
    #expect(b[0, 0].style == .plain.bold)
    b.apply(Style(foreground: .red), to: b.area)
    #expect(b[0, 0].style == Style(foreground: .red, modifiers: .bold))
    b.clear(Rect(x: 0, y: 1, width: 4, height: 1))
    #expect(rows(b)[1] == "    ")
    let end = b.set(spans: [Span("a", style: .plain.bold), Span("坂")], at: Position(x: 0, y: 1))
    #expect(end == 3)
    #expect(b[0, 1].style == .plain.bold)
    var w = Buffer(width: 5, height: 1)
    w.fill(w.area, with: Cell("坂"))
    #expect(rows(w) == ["坂坂 "])
  }

  @Test("draws another buffer into a sub-area")
  func blit() {
    let small = buffer(["ab", "坂"])
    var b = Buffer(width: 4, height: 3, fill: Cell("."))
    b.draw(small, at: Position(x: 1, y: 1))
    #expect(rows(b) == ["....", ".ab.", ".坂."])
    var c = Buffer(width: 4, height: 2, fill: Cell("."))
    c.draw(small, at: Position(x: 3, y: 0))
    #expect(rows(c) == ["...a", "... "])
    var d = Buffer(width: 3, height: 2, fill: Cell("."))
    d.draw(small, at: Position(x: 2, y: 0))
    #expect(rows(d) == ["..a", ".. "])
  }

  @Test("out-of-range reads are blank and zero-size buffers work")
  func edges() {
    let b = Buffer(width: 0, height: 0)
    #expect(b[3, 3] == .blank)
    #expect(b.text == "")
    var c = Buffer(width: 1, height: 1)
    c.set(string: "坂", at: Position(x: 0, y: 0))
    #expect(rows(c) == [" "])
  }
}

@Suite("Cell")
struct CellTests {
  @Test("cells drop control characters so they cannot emit escape sequences")
  func sanitized() {
    #expect(Cell("\u{1B}").symbol == " ")
    #expect(Cell("\u{1B}[2J").symbol == " ")
    #expect(Cell("\u{9B}x").symbol == " ")
    #expect(Cell("\u{85}x").symbol == "x")
    #expect(Cell("坂").width == 2)
    #expect(Cell("a", width: 5).width == 2)
    #expect(Cell.continuation().isContinuation)
  }

  @Test("text cannot smuggle escapes through the buffer into the renderer's output")
  func noEscapesInOutput() {
    var b = Buffer(width: 20, height: 1)
    b.set(string: "a\u{1B}[2J\u{9B}1m\u{7}\u{85}\u{202E}b", at: Position(x: 0, y: 0))
    b.set(Cell("\u{1B}]8;;x\u{1B}\\"), x: 10, y: 0)
    var r = DiffRenderer()
    _ = r.render(previous: nil, next: Buffer(width: 20, height: 1))
    let out = r.render(previous: Buffer(width: 20, height: 1), next: b)
    #expect(!out.contains(0x1B) || visible(out).hasPrefix("ab"))
    #expect(!out.contains(0x07))
    #expect(
      !String(decoding: out, as: UTF8.self).unicodeScalars.contains {
        (0x80...0x9F).contains($0.value)
      })
    #expect(visible(out) == "ab")
  }
}
