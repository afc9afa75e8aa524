import Testing

@testable import TerminalUI

@Suite("Terminal commands")
struct TerminalCommandTests {
  @Test(
    "commands encode to their escape sequences",
    arguments: [
      (TerminalCommand.enterAlternateScreen, "␛[?1049h"), (.leaveAlternateScreen, "␛[?1049l"),
      (.enableMouse, "␛[?1000h␛[?1002h␛[?1006h"), (.disableMouse, "␛[?1006l␛[?1002l␛[?1000l"),
      (.requestMode(2026), "␛[?2026$p"), (.requestDeviceAttributes, "␛[c"),
      (.setTitle("tunes \u{1B}[2J\u{7}"), "␛]2;tunes ␛\\"), (.enableBracketedPaste, "␛[?2004h"),
      (.enableFocusEvents, "␛[?1004h"), (.requestCursorPosition, "␛[6n"), (.clearScreen, "␛[H␛[2J"),
    ])
  func encoding(command: TerminalCommand, expected: String) {
    #expect(visible(command.bytes) == expected)
  }

  @Test("several commands concatenate in order")
  func several() {
    #expect(visible(TerminalCommand.bytes([.hideCursor, .resetStyle])) == "␛[?25l␛[0m")
  }

  @Test(
    "colour depth from the environment",
    arguments: [
      (["TERM": "xterm-256color", "COLORTERM": "truecolor"], ColorDepth.truecolor),
      (["TERM": "xterm-256color"], .ansi256),
      (["TERM": "tmux-256color", "COLORTERM": "24bit"], .truecolor),
      (["TERM": "xterm"], .ansi16), ([:], .ansi16),
      (["TERM": "dumb", "COLORTERM": "truecolor"], .none),
      (["NO_COLOR": "1", "COLORTERM": "truecolor"], .none),
      (["NO_COLOR": "", "TERM": "xterm-256color"], .ansi256),
      (["TERM": "xterm-direct"], .truecolor), (["TERM": "XTERM-256COLOR"], .ansi256),
    ])
  func depth(environment: [String: String], expected: ColorDepth) {
    #expect(ColorDepth.from(environment: environment) == expected)
  }
}
