import Testing

@testable import TerminalUI

@Suite("Sanitize")
struct SanitizeTests {
  @Test(
    "single-line sanitize removes every control character",
    arguments: [
      ("Song \u{1B}[2J Title", "Song  Title"), ("a\u{9B}31mb", "ab"), ("ding\u{7}", "ding"),
      ("del\u{7F}ete", "delete"), ("tab\there", "tab here"), ("two\nlines", "two lines"),
      ("crlf\r\nend", "crlf end"), ("c1\u{85}\u{90}\u{9F}x", "c1"),
      ("c1\u{85}\u{9F}x\u{9C}y", "c1y"), ("nul\u{0}", "nul"),
      ("osc\u{1B}]8;;http://x\u{1B}\\", "osc"), ("plain ascii", "plain ascii"),
      ("日本\u{1B}語", "日本語"), ("bidi\u{202E}evil", "bidievil"), ("sep\u{2028}x", "sep x"),
      ("cafe\u{301}", "cafe\u{301}"),
    ])
  func singleLine(input: String, expected: String) {
    let result = sanitize(input)
    #expect(result == expected)
    #expect(!result.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
  }

  @Test(
    "paragraph sanitize keeps line breaks",
    arguments: [
      ("one\ntwo", "one\ntwo"), ("one\r\ntwo", "one\ntwo"), ("one\rtwo", "one\ntwo"),
      ("a\u{1B}[1mb\n\nc", "ab\n\nc"), ("p\u{2029}q", "p\nq"), ("t\tab", "t ab"),
    ])
  func paragraph(input: String, expected: String) {
    #expect(sanitizeParagraph(input) == expected)
  }

  @Test(
    "escape sequences are removed whole, not only their introducers",
    arguments: [
      ("Evil\u{1B}[2J\u{1B}]0;pwned\u{7}\u{1B}[31mTitle", "EvilTitle"),
      ("Evil\u{1B}[2J\u{1B}]0;pwned\u{7}\u{1B}[31mTitle\u{1B}[31m", "EvilTitle"),
      ("clip\u{1B}]52;c;aGVsbG8=\u{7}board", "clipboard"),
      ("st\u{1B}]0;title\u{1B}\\end", "stend"), ("c1\u{9D}0;t\u{9C}x", "c1x"),
      ("csi\u{9B}1;2Hx", "csix"), ("dcs\u{1B}Pq#0;2;0;0;0\u{1B}\\x", "dcsx"),
      ("apc\u{1B}_Gf=100;AAAA\u{1B}\\x", "apcx"), ("charset\u{1B}(Bx", "charsetx"),
      ("save\u{1B}7x", "savex"), ("private\u{1B}[?1049hx", "privatex"),
      ("cut\u{1B}[12", "cut"), ("open\u{1B}]0;never closed", "open"),
      ("osc then esc\u{1B}]0;t\u{1B}[2Jx", "osc then escx"), ("lone\u{1B}é", "loneé"),
      ("csi stops\u{1B}[1é", "csi stopsé"),
    ])
  func wholeSequences(input: String, expected: String) {
    #expect(sanitize(input) == expected)
    #expect(sanitizeParagraph(input) == expected)
  }

  @Test(
    "bidirectional controls are removed",
    arguments: [
      "\u{202E}", "\u{202A}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200E}",
      "\u{200F}", "\u{061C}",
    ])
  func bidi(control: String) {
    #expect(sanitize("gpj\(control).exe") == "gpj.exe")
  }

  @Test("a limit cuts sanitized text with an ellipsis")
  func limit() {
    #expect(sanitize(String(repeating: "x", count: 5000), limit: 10) == "xxxxxxxxx…")
    #expect(sanitize("short\u{1B}[2J", limit: 10) == "short")
    #expect(sanitize("exactly10!", limit: 10) == "exactly10!")
  }
}
