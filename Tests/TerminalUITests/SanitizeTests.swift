import Testing

@testable import TerminalUI

@Suite("Sanitize")
struct SanitizeTests {
  @Test(
    "single-line sanitize removes every control character",
    arguments: [
      ("Song \u{1B}[2J Title", "Song [2J Title"), ("a\u{9B}31mb", "a31mb"), ("ding\u{7}", "ding"),
      ("del\u{7F}ete", "delete"), ("tab\there", "tab here"), ("two\nlines", "two lines"),
      ("crlf\r\nend", "crlf end"), ("c1\u{85}\u{90}\u{9F}x", "c1x"), ("nul\u{0}", "nul"),
      ("osc\u{1B}]8;;http://x\u{1B}\\", "osc]8;;http://x\\"), ("plain ascii", "plain ascii"),
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
      ("a\u{1B}[1mb\n\nc", "a[1mb\n\nc"), ("p\u{2029}q", "p\nq"), ("t\tab", "t ab"),
    ])
  func paragraph(input: String, expected: String) {
    #expect(sanitizeParagraph(input) == expected)
  }
}
