import Testing

@testable import TerminalUI

@Suite("Input decoder")
struct InputDecoderTests {
  static let table: [(String, [InputEvent])] = [
    ("a", [.char("a")]),
    ("Ab1 ", [.char("A"), .char("b"), .char("1"), .char(" ")]),
    ("坂本", [.char("坂"), .char("本")]),
    ("👍🏽", [.char("👍🏽")]),
    ("e\u{301}", [.char("e\u{301}")]),
    ("\r", [.key(.enter)]),
    ("\t", [.key(.tab)]),
    ("\u{1B}[Z", [.key(.backTab, .shift)]),
    ("\u{7F}", [.key(.backspace)]),
    ("\u{1B}[3~", [.key(.delete)]),
    ("\u{1B}[A", [.key(.up)]),
    ("\u{1B}[B", [.key(.down)]),
    ("\u{1B}[C", [.key(.right)]),
    ("\u{1B}[D", [.key(.left)]),
    ("\u{1B}OA", [.key(.up)]),
    ("\u{1B}OD", [.key(.left)]),
    ("\u{1B}[H", [.key(.home)]),
    ("\u{1B}[F", [.key(.end)]),
    ("\u{1B}[1~", [.key(.home)]),
    ("\u{1B}[4~", [.key(.end)]),
    ("\u{1B}[7~", [.key(.home)]),
    ("\u{1B}[8~", [.key(.end)]),
    ("\u{1B}OH", [.key(.home)]),
    ("\u{1B}OF", [.key(.end)]),
    ("\u{1B}[5~", [.key(.pageUp)]),
    ("\u{1B}[6~", [.key(.pageDown)]),
    ("\u{1B}[2~", [.key(.insert)]),
    ("\u{1B}OP", [.key(.function(1))]),
    ("\u{1B}OQ", [.key(.function(2))]),
    ("\u{1B}OR", [.key(.function(3))]),
    ("\u{1B}OS", [.key(.function(4))]),
    ("\u{1B}[11~", [.key(.function(1))]),
    ("\u{1B}[15~", [.key(.function(5))]),
    ("\u{1B}[17~", [.key(.function(6))]),
    ("\u{1B}[21~", [.key(.function(10))]),
    ("\u{1B}[23~", [.key(.function(11))]),
    ("\u{1B}[24~", [.key(.function(12))]),
    ("\u{1B}[1;2P", [.key(.function(1), .shift)]),
    ("\u{1B}[1;5R", [.key(.function(3), .control)]),
    ("\u{1B}[15;5~", [.key(.function(5), .control)]),
    ("\u{1}", [.key(.character("a"), .control)]),
    ("\u{5}", [.key(.character("e"), .control)]),
    ("\u{17}", [.key(.character("w"), .control)]),
    ("\u{15}", [.key(.character("u"), .control)]),
    ("\u{1A}", [.key(.character("z"), .control)]),
    ("\u{8}", [.key(.character("h"), .control)]),
    ("\u{0}", [.key(.character(" "), .control)]),
    ("\u{1B}a", [.key(.character("a"), .alt)]),
    ("\u{1B}坂", [.key(.character("坂"), .alt)]),
    ("\u{1B}\u{7F}", [.key(.backspace, .alt)]),
    ("\u{1B}\r", [.key(.enter, .alt)]),
    ("\u{1B}\u{1}", [.key(.character("a"), [.alt, .control])]),
    ("\u{1B}ab", [.key(.character("a"), .alt), .char("b")]),
    ("\u{1B}[1;5C", [.key(.right, .control)]),
    ("\u{1B}[1;3D", [.key(.left, .alt)]),
    ("\u{1B}[1;2A", [.key(.up, .shift)]),
    ("\u{1B}[1;6H", [.key(.home, [.shift, .control])]),
    ("\u{1B}[5;5~", [.key(.pageUp, .control)]),
    ("\u{1B}[3;2~", [.key(.delete, .shift)]),
    ("\u{1B}[200~hello\u{1B}[A\r\n\u{1B}[201~", [.paste("hello\u{1B}[A\r\n")]),
    ("\u{1B}[200~\u{1B}[201~", [.paste("")]),
    ("\u{1B}[200~坂 \u{1B}[20\u{1B}[201~x", [.paste("坂 \u{1B}[20"), .char("x")]),
    ("\u{1B}[<0;10;5M", [.mouse(MouseEvent(kind: .press(.left), x: 9, y: 4))]),
    ("\u{1B}[<0;10;5m", [.mouse(MouseEvent(kind: .release(.left), x: 9, y: 4))]),
    ("\u{1B}[<1;1;1M", [.mouse(MouseEvent(kind: .press(.middle), x: 0, y: 0))]),
    ("\u{1B}[<2;3;4M", [.mouse(MouseEvent(kind: .press(.right), x: 2, y: 3))]),
    ("\u{1B}[<2;3;4m", [.mouse(MouseEvent(kind: .release(.right), x: 2, y: 3))]),
    ("\u{1B}[<64;5;6M", [.mouse(MouseEvent(kind: .scrollUp, x: 4, y: 5))]),
    ("\u{1B}[<65;5;6M", [.mouse(MouseEvent(kind: .scrollDown, x: 4, y: 5))]),
    ("\u{1B}[<32;7;8M", [.mouse(MouseEvent(kind: .drag(.left), x: 6, y: 7))]),
    ("\u{1B}[<35;7;8M", [.mouse(MouseEvent(kind: .moved, x: 6, y: 7))]),
    (
      "\u{1B}[<16;200;60M",
      [.mouse(MouseEvent(kind: .press(.left), x: 199, y: 59, modifiers: .control))]
    ),
    ("\u{1B}[<4;1;1M", [.mouse(MouseEvent(kind: .press(.left), x: 0, y: 0, modifiers: .shift))]),
    ("\u{1B}[<72;1;1M", [.mouse(MouseEvent(kind: .scrollUp, x: 0, y: 0, modifiers: .alt))]),
    ("\u{1B}[M !!", [.mouse(MouseEvent(kind: .press(.left), x: 0, y: 0))]),
    ("\u{1B}[M#*%", [.mouse(MouseEvent(kind: .release(.left), x: 9, y: 4))]),
    ("\u{1B}[Ma!!x", [.mouse(MouseEvent(kind: .scrollDown, x: 0, y: 0)), .char("x")]),
    ("\u{1B}[I", [.focusGained]),
    ("\u{1B}[O", [.focusLost]),
    ("\u{1B}[?2026;2$y", [.modeReport(mode: 2026, value: 2)]),
    ("\u{1B}[?2026;0$y", [.modeReport(mode: 2026, value: 0)]),
    ("\u{1B}[?62;22c", [.deviceAttributes([62, 22])]),
    ("\u{1B}[12;40R", [.cursorPosition(Position(x: 39, y: 11))]),
    ("\u{1B}[99~a", [.char("a")]),
    ("\u{1B}[?1049;1;1;1zb", [.char("b")]),
    ("\u{1B}[1;2\u{7}c", [.key(.character("g"), .control), .char("c")]),
    ("\u{1B}OZq", [.char("q")]),
    ("\u{9B}x", [.char("x")]),
    ("\u{1B}[201~y", [.char("y")]),
  ]

  @Test("decodes every sequence in one chunk", arguments: table)
  func wholeChunks(input: String, expected: [InputEvent]) {
    var decoder = InputDecoder()
    var events = decoder.feed(bytes(input))
    events += decoder.flush()
    #expect(events == expected)
  }

  @Test("decodes every sequence fed one byte at a time", arguments: table)
  func byteByByte(input: String, expected: [InputEvent]) {
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    for byte in bytes(input) { events += decoder.feed([byte]) }
    events += decoder.flush()
    #expect(merged(events) == merged(expected))
  }

  @Test("decodes every sequence split at each position", arguments: table)
  func everySplit(input: String, expected: [InputEvent]) {
    let all = bytes(input)
    for cut in 0...all.count {
      var decoder = InputDecoder()
      var events = decoder.feed(all[..<cut])
      events += decoder.feed(all[cut...])
      events += decoder.flush()
      #expect(merged(events) == merged(expected), "split at \(cut)")
    }
  }

  @Test("a lone ESC waits for the flush and then becomes Escape")
  func loneEscape() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.hasPendingInput)
    #expect(decoder.flush() == [.key(.escape)])
    #expect(!decoder.hasPendingInput)
    #expect(decoder.feed([0x1B, 0x1B]) == [.key(.escape)])
    #expect(decoder.flush() == [.key(.escape)])
    #expect(decoder.feed([0x1B, 0x5B]).isEmpty)
    #expect(decoder.flush() == [.key(.character("["), .alt)])
    #expect(decoder.feed(bytes("\u{1B}[1;")).isEmpty)
    #expect(decoder.flush().isEmpty)
    #expect(decoder.feed(bytes("z")) == [.char("z")])
  }

  @Test("a paste is not ended by a flush and waits for its terminator")
  func pasteAcrossFlush() {
    var decoder = InputDecoder()
    #expect(decoder.feed(bytes("\u{1B}[200~abc\u{1B}")).isEmpty)
    #expect(decoder.isInPaste)
    #expect(decoder.flush().isEmpty)
    #expect(decoder.feed(bytes("[201~")) == [.paste("abc")])
    #expect(!decoder.isInPaste)
  }

  @Test("a runaway sequence is dropped and later input still decodes")
  func runaway() {
    var decoder = InputDecoder()
    let junk = [UInt8]([0x1B, 0x5B]) + [UInt8](repeating: 0x31, count: 100)
    var events = decoder.feed(junk)
    events += decoder.feed(bytes("1;2~q"))
    #expect(events == [.char("q")])
    events = decoder.feed(junk + [0x0D, 0x61])
    #expect(events == [.key(.enter), .char("a")])
  }

  @Test("many events in one chunk keep their order")
  func sequence() {
    var decoder = InputDecoder()
    let events = decoder.feed(bytes("ab\u{1B}[A\u{1B}[<0;1;1M\r坂"))
    #expect(
      events == [
        .char("a"), .char("b"), .key(.up), .mouse(MouseEvent(kind: .press(.left), x: 0, y: 0)),
        .key(.enter), .char("坂"),
      ])
  }

  /// Events with runs of unmodified characters joined into one string: a grapheme cluster
  /// split across chunks arrives as several keys (the text field re-joins them on insert).
  func merged(_ events: [InputEvent]) -> [String] {
    var out: [String] = []
    var text = ""
    for event in events {
      if case .key(.character(let c), let mods) = event, mods.isEmpty {
        text.append(c)
        continue
      }
      if !text.isEmpty { out.append("text:" + text) }
      text = ""
      out.append(String(describing: event))
    }
    if !text.isEmpty { out.append("text:" + text) }
    return out
  }

  @Test("a cluster split across chunks re-joins when inserted into a text field")
  func splitClusterJoins() {
    var decoder = InputDecoder()
    var state = TextFieldState()
    for chunk in [[UInt8]("👍".utf8), [UInt8]("🏽e".utf8), [0xCC], [0x81]] {
      for case .key(let key, let mods) in decoder.feed(chunk) { state.handle(key, modifiers: mods) }
    }
    #expect(state.characters == ["👍🏽", "e\u{301}"])
  }

  func bytes(_ s: String) -> [UInt8] {
    // "\u{9B}" in a test string stands for the raw C1 byte 0x9B, as an 8-bit terminal sends.
    var out: [UInt8] = []
    for scalar in s.unicodeScalars {
      if scalar.value == 0x9B { out.append(0x9B) } else { out += Array(String(scalar).utf8) }
    }
    return out
  }
}
