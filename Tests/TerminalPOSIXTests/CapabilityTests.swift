import TerminalUI
import Testing

@testable import TerminalPOSIX

@Suite("Capability probe and heuristics")
struct CapabilityTests {
  @Test(
    "DECRQM replies are parsed and other bytes kept",
    arguments: [
      ("\u{1b}[?2026;2$y\u{1b}[?62;22c", 2, true, ""),
      ("\u{1b}[?2026;1$y", 1, false, ""),
      ("\u{1b}[?2026;0$y\u{1b}[?1;2c", 0, true, ""),
      ("ab\u{1b}[?2026;4$yc\u{1b}[?6c", 4, true, "abc"),
      ("\u{1b}[?64;1;2c", nil, true, ""),
      ("q\u{1b}[A", nil, false, "q\u{1b}[A"),
    ] as [(String, Int?, Bool, String)])
  func parse(input: String, mode: Int?, sawDA1: Bool, leftover: String) {
    let result = CapabilityProbe.parse(Array(input.utf8))
    #expect(result.mode2026 == mode)
    #expect(result.sawDeviceAttributes == sawDA1)
    #expect(result.leftover == Array(leftover.utf8))
  }

  @Test("graphics replies: kitty's answer, sixel in DA1, the cell size, XTVERSION, the sentinel")
  func graphicsReplies() {
    let kitty = CapabilityProbe.parse(
      Array(
        ("\u{1b}_Gi=31;OK\u{1b}\\\u{1b}[?2026;2$y\u{1b}[6;20;10t\u{1b}P>|kitty(0.26.5)\u{1b}\\"
          + "\u{1b}[?62;c\u{1b}[0n").utf8))
    #expect(kitty.kittyGraphics == true)
    #expect(kitty.cellPixels == PixelSize(width: 10, height: 20))
    #expect(kitty.version == "kitty(0.26.5)")
    #expect(kitty.sawStatusReport)
    #expect(kitty.leftover.isEmpty)
    let xterm = CapabilityProbe.parse(
      Array("\u{1b}[?63;1;2;4;6;9;15;16;22;28c\u{1b}P>|XTerm(379)\u{1b}\\\u{1b}[0n".utf8))
    #expect(xterm.kittyGraphics == nil)
    #expect(xterm.deviceAttributes == [63, 1, 2, 4, 6, 9, 15, 16, 22, 28])
    #expect(xterm.version == "XTerm(379)")
    let refused = CapabilityProbe.parse(Array("\u{1b}_Gi=31;ENOTSUPPORTED:no\u{1b}\\".utf8))
    #expect(refused.kittyGraphics == false)
    #expect(!refused.sawStatusReport)
  }

  @Test(
    "the background colour from OSC 11, ended by BEL or ST, at any number of hex digits",
    arguments: [
      ("\u{1b}]11;rgb:ffff/ffff/ffff\u{1b}\\\u{1b}[0n", Color.rgb(255, 255, 255)),
      ("\u{1b}]11;rgb:0000/0000/0000\u{07}\u{1b}[0n", Color.rgb(0, 0, 0)),
      ("\u{1b}]11;rgb:1e/1e/2e\u{1b}\\\u{1b}[0n", Color.rgb(30, 30, 46)),
      ("\u{1b}]11;rgb:f/8/0\u{07}\u{1b}[0n", Color.rgb(255, 136, 0)),
      ("\u{1b}]11;rgba:fdfd/f6f6/e3e3/ffff\u{07}\u{1b}[0n", Color.rgb(253, 246, 227)),
      ("\u{1b}]11;#fdf6e3\u{07}\u{1b}[0n", Color.rgb(253, 246, 227)),
    ] as [(String, Color)])
  func background(input: String, expected: Color) {
    let result = CapabilityProbe.parse(Array(input.utf8))
    #expect(result.background == expected)
    #expect(result.sawStatusReport)
    #expect(result.leftover.isEmpty)
  }

  @Test("a terminal that does not answer OSC 11, or answers nonsense, gives no background")
  func noBackground() {
    #expect(CapabilityProbe.parse(Array("\u{1b}[?62;c\u{1b}[0n".utf8)).background == nil)
    let odd = CapabilityProbe.parse(Array("\u{1b}]11;rgb:zz/00/00\u{07}\u{1b}[0n".utf8))
    #expect(odd.background == nil)
    #expect(odd.leftover.isEmpty)
    #expect(CapabilityProbe.query.suffix(12) == Array("\u{1b}]11;?\u{1b}\\\u{1b}[5n".utf8))
  }

  @Test("synchronized output is supported only for status 1 or 2")
  func synchronizedSupport() {
    func support(_ mode: Int?) -> TerminalCapabilities.Support {
      CapabilityProbe.Result(mode2026: mode, deviceAttributes: [62]).synchronizedOutput
    }
    #expect(support(1) == .yes)
    #expect(support(2) == .yes)
    #expect(support(0) == .no)
    #expect(support(4) == .no)
    #expect(support(nil) == .unknown)
  }

  @Test("the probe sends DECRQM then DA1 and reads the reply, keeping typed bytes")
  func probeWithReply() throws {
    let pty = try PseudoTerminal()
    let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
    try session.enter()
    defer { session.leave() }
    _ = pty.readOutput(count: TerminalSession.enterSequence.count)
    pty.type(Array("x\u{1b}[?2026;2$y\u{1b}[?62c\u{1b}[0n".utf8))
    let result = CapabilityProbe.run(session: session, timeout: .seconds(5))
    #expect(result.synchronizedOutput == .yes)
    #expect(result.sawDeviceAttributes)
    #expect(result.leftover == [UInt8(ascii: "x")])
    #expect(pty.readOutput(count: CapabilityProbe.query.count) == CapabilityProbe.query)
  }

  @Test("the probe gives up after its timeout when nothing answers")
  func probeTimeout() throws {
    let pty = try PseudoTerminal()
    let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
    try session.enter()
    defer { session.leave() }
    let clock = ContinuousClock()
    let start = clock.now
    let result = CapabilityProbe.run(session: session, timeout: .milliseconds(100))
    let elapsed = clock.now - start
    #expect(
      result == CapabilityProbe.Result())
    #expect(elapsed >= .milliseconds(90))
    #expect(elapsed < .seconds(3))
  }

  @Test(
    "hyperlink support is guessed from known terminals",
    arguments: [
      (["TERM": "xterm-kitty"], TerminalCapabilities.Support.yes),
      (["TERM_PROGRAM": "WezTerm"], .yes),
      (["TERM_PROGRAM": "iTerm.app"], .yes),
      (["VTE_VERSION": "7600", "TERM": "xterm-256color"], .yes),
      (["VTE_VERSION": "4000"], .unknown),
      (["TERM": "foot"], .yes),
      (
        ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color", "TERM_PROGRAM": "tmux"],
        .unknown
      ),
      (["TERM": "linux"], .no),
      (["TERM": "xterm"], .unknown),
    ] as [([String: String], TerminalCapabilities.Support)])
  func hyperlinks(environment: [String: String], expected: TerminalCapabilities.Support) {
    #expect(TerminalCapabilities.hyperlinks(environment) == expected)
  }

  @Test("capabilities from the environment leave synchronized output unknown")
  func fromEnvironment() {
    let capabilities = TerminalCapabilities.fromEnvironment([
      "TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm",
    ])
    #expect(
      capabilities
        == TerminalCapabilities(
          colorDepth: .ansi256, hyperlinks: .yes, synchronizedOutput: .unknown))
  }
}
