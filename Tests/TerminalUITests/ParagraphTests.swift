import Testing

@testable import TerminalUI

@Suite("Paragraph")
struct ParagraphTests {
  @Test(
    "wraps by display width",
    arguments: [
      ("hello world foo", 11, ["hello world", "foo"]),
      ("hello world foo", 5, ["hello", "world", "foo"]),
      ("supercalifragilistic", 5, ["super", "calif", "ragil", "istic"]),
      ("日本語のテキスト", 6, ["日本語", "のテキ", "スト"]),
      ("abc 日本語", 5, ["abc", "日本", "語"]),
      ("a\n\nb", 5, ["a", "", "b"]),
      ("", 5, []),
      ("abc", 0, []),
      ("👍🏽👍🏽👍🏽", 4, ["👍🏽👍🏽", "👍🏽"]),
      ("cafe\u{301} cafe\u{301}", 4, ["cafe\u{301}", "cafe\u{301}"]),
      ("日本", 1, ["日", "本"]),
      ("a   b", 10, ["a   b"]),
      ("aaa bbb", 3, ["aaa", "bbb"]),
      ("한국어 텍스트입니다", 7, ["한국어", "텍스트", "입니다"]),
      ("one two\nthree", 20, ["one two", "three"]),
      ("ab日本", 3, ["ab", "日", "本"]),
    ])
  func wrapping(text: String, width: Int, expected: [String]) {
    let lines = Paragraph.wrap(text, width: width)
    #expect(lines == expected)
    for line in lines where line.count > 1 { #expect(displayWidth(of: line) <= max(width, 2)) }
  }

  @Test("renders with a scroll offset, clamped to the last page")
  func scrolling() {
    var b = Buffer(width: 5, height: 2)
    Paragraph("one two three four", scroll: 1).render(in: b.area, buffer: &b)
    #expect(rows(b) == ["two  ", "three"])
    Paragraph("one two three four", scroll: 10).render(in: b.area, buffer: &b)
    #expect(rows(b) == ["three", "four "])
    #expect(Paragraph("one two three four").lineCount(width: 5) == 4)
    #expect(Paragraph("one two three four").lineCount(width: 100) == 1)
  }

  @Test("sanitizes its text and aligns lines")
  func sanitizedAndAligned() {
    var b = Buffer(width: 6, height: 2)
    Paragraph("a\u{1B}[2Jb\nc", alignment: .right).render(in: b.area, buffer: &b)
    #expect(rows(b) == ["ab", "     c"].map { pad($0, toWidth: 6, alignment: .right) })
    Paragraph("ab", alignment: .center).render(in: b.area, buffer: &b)
    #expect(rows(b) == ["  ab  ", "      "])
  }
}
