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

  @Test("synchronized output is supported only for status 1 or 2")
  func synchronizedSupport() {
    func support(_ mode: Int?) -> TerminalCapabilities.Support {
      CapabilityProbe.Result(mode2026: mode, sawDeviceAttributes: true, leftover: [])
        .synchronizedOutput
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
    pty.type(Array("x\u{1b}[?2026;2$y\u{1b}[?62c".utf8))
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
      result == CapabilityProbe.Result(mode2026: nil, sawDeviceAttributes: false, leftover: []))
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
