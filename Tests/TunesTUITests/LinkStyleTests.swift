import TerminalUI
import Testing

@testable import TunesTUI

@Suite("Link styles")
struct LinkStyleTests {
  @Test(
    "only http(s) links become OSC 8 hyperlinks",
    arguments: [
      ("https://music.apple.com/x", true), ("http://127.0.0.1:1/x", true),
      ("javascript:alert(1)", false), ("smb://evil/share", false), ("file:///etc/passwd", false),
      ("/etc/passwd", false), ("arbitrary text", false),
    ])
  func hyperlinks(url: String, linked: Bool) {
    #expect((Theme.link(url).hyperlink != nil) == linked)
  }
}

@Suite("What the log says about input")
struct InputLogTests {
  @Test("keys and pastes are logged by kind only, never their text")
  func kinds() {
    #expect(ProgramLoop.loggedKind(of: .key(.character("p"), [])) == "key")
    #expect(ProgramLoop.loggedKind(of: .paste("hunter2")) == "paste of 7 characters")
  }
}
