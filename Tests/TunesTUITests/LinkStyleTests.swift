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
