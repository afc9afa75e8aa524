import DesktopLive
import Testing

@Suite("Terminal notifications")
struct TerminalNotificationTests {
  @Test("kitty gets OSC 99, title and body as two chunks of one notification")
  func kitty() {
    for environment in [["TERM": "xterm-kitty"], ["KITTY_WINDOW_ID": "3", "TERM": "xterm"]] {
      #expect(
        TerminalNotification.sequence(
          summary: "Upside Down", body: "Jack Johnson", environment: environment)
          == "\u{1B}]99;i=tunes:d=0:p=title;Upside Down\u{1B}\\"
          + "\u{1B}]99;i=tunes:d=1:p=body;Jack Johnson\u{1B}\\")
    }
  }

  @Test("inside tmux the sequence is wrapped for passthrough, every ESC doubled")
  func tmuxPassthrough() {
    let environment = [
      "TMUX": "/tmp/tmux-0/default,4242,0", "TERM": "tmux-256color", "KITTY_WINDOW_ID": "1",
    ]
    #expect(
      TerminalNotification.sequence(summary: "A", body: "B", environment: environment)
        == "\u{1B}Ptmux;\u{1B}\u{1B}]99;i=tunes:d=0:p=title;A\u{1B}\u{1B}\\"
        + "\u{1B}\u{1B}]99;i=tunes:d=1:p=body;B\u{1B}\u{1B}\\\u{1B}\\")
    #expect(
      TerminalNotification.sequence(
        summary: "A", body: "B", environment: ["TMUX": "/tmp/t,1,0", "TERM": "screen"])
        == "\u{1B}Ptmux;\u{1B}\u{1B}]9;A: B\u{1B}\u{1B}\\\u{1B}\\")
  }

  @Test(
    "foot, urxvt, VTE, WezTerm and Ghostty get OSC 777; others OSC 9",
    arguments: [
      (["TERM": "foot"], TerminalNotification.Dialect.osc777),
      (["TERM": "rxvt-unicode-256color"], .osc777),
      (["TERM": "xterm-256color", "VTE_VERSION": "7600"], .osc777),
      (["TERM_PROGRAM": "WezTerm"], .osc777),
      (["TERM": "xterm-ghostty"], .osc777),
      (["TERM_PROGRAM": "iTerm.app", "TERM": "xterm-256color"], .osc9),
      ([:], .osc9),
    ])
  func dialects(environment: [String: String], expected: TerminalNotification.Dialect) {
    #expect(TerminalNotification.dialect(in: environment) == expected)
  }

  @Test("OSC 777 keeps semicolons out of the title; OSC 9 joins title and body")
  func osc777AndOsc9() {
    #expect(
      TerminalNotification.sequence(
        summary: "Live; 2004", body: "a; b", environment: ["TERM": "foot"])
        == "\u{1B}]777;notify;Live, 2004;a; b\u{1B}\\")
    #expect(
      TerminalNotification.sequence(summary: "Title", body: "", environment: [:])
        == "\u{1B}]9;Title\u{1B}\\")
  }

  @Test("control characters from the network are removed from title and body")
  func controlsRemoved() {
    let sequence = TerminalNotification.sequence(
      summary: "Evil\u{1B}]0;pwned\u{07}\u{9B}2J", body: "line\none\u{7F}\u{0}",
      environment: ["TERM": "foot"])
    #expect(sequence == "\u{1B}]777;notify;Evil]0,pwned2J;line one\u{1B}\\")
    #expect(sequence.unicodeScalars.filter { $0 == "\u{1B}" }.count == 2)
  }
}
