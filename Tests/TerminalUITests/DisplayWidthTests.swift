import Testing

@testable import TerminalUI

@Suite("Display width")
struct DisplayWidthTests {
  @Test(
    "measures strings from the project's own table",
    arguments: [
      ("", 0), ("hello", 5), ("café", 4), ("cafe\u{301}", 4), ("naïve", 5),
      ("坂本", 4), ("日本語テキスト", 14), ("한국어", 6), ("\u{1100}\u{1161}\u{11A8}", 2),
      ("ＡＢＣ", 6), ("ｱｲｳ", 3), ("🎵", 2), ("👍🏽", 2), ("❤", 1), ("❤\u{FE0F}", 2),
      ("☺\u{FE0F}", 2), ("👨\u{200D}👩\u{200D}👧\u{200D}👦", 2), ("🇯🇵", 2), ("🇯🇵🇫🇷", 4),
      ("\u{301}", 0), ("\u{200B}", 0), ("\u{200D}", 0), ("a\u{0}b", 2), ("\u{1B}[31m", 4),
      ("\u{7F}", 0), ("\u{9B}", 0), ("…", 1), ("♪", 1), ("─│┌", 3), ("🎵\u{FE0E}", 1),
      ("\u{AD}", 1), ("Ω", 1),
    ])
  func width(text: String, expected: Int) {
    #expect(displayWidth(of: text) == expected, "\(text.unicodeScalars.map { $0.value })")
  }

  @Test("single scalars follow the tables")
  func scalars() {
    #expect(scalarWidth("a") == 1)
    #expect(scalarWidth("\u{0}") == 0)
    #expect(scalarWidth("\u{85}") == 0)
    #expect(scalarWidth("\u{300}") == 0)
    #expect(scalarWidth("\u{4E00}") == 2)
    #expect(scalarWidth("\u{FF01}") == 2)
    #expect(scalarWidth("\u{1F600}") == 2)
    #expect(scalarWidth("\u{20000}") == 2)
    #expect(scalarWidth("\u{1160}") == 0)
    #expect(scalarWidth("\u{E0100}") == 0)
    #expect(scalarWidth("\u{10FFFF}") == 1)
  }

  @Test("range tables are sorted and non-overlapping")
  func tablesSorted() {
    for table in [WidthTables.zeroWidth, WidthTables.wide] {
      #expect(table.count % 2 == 0)
      var previous: UInt32?
      for i in stride(from: 0, to: table.count, by: 2) {
        #expect(table[i] <= table[i + 1])
        if let previous { #expect(table[i] > previous) }
        previous = table[i + 1]
      }
    }
  }

  @Test(
    "truncates to a width with an ellipsis without splitting clusters",
    arguments: [
      ("hello world", 5, "hell…"), ("hello", 5, "hello"), ("hello", 0, ""), ("hello", 1, "…"),
      ("坂本龍一", 5, "坂本…"), ("坂本龍一", 4, "坂…"), ("坂本龍一", 8, "坂本龍一"),
      ("👨\u{200D}👩\u{200D}👧abc", 3, "👨\u{200D}👩\u{200D}👧…"), ("cafe\u{301}s", 4, "caf…"),
      ("", 3, ""),
    ])
  func truncation(text: String, width: Int, expected: String) {
    let result = truncate(text, toWidth: width)
    #expect(result == expected)
    #expect(displayWidth(of: result) <= width)
  }

  @Test("truncate with a custom or too-wide ellipsis")
  func customEllipsis() {
    #expect(truncate("abcdef", toWidth: 5, ellipsis: "...") == "ab...")
    #expect(truncate("abcdef", toWidth: 2, ellipsis: "...") == "ab")
  }

  @Test(
    "pads to an exact width",
    arguments: [
      ("ab", 5, Alignment.left, "ab   "), ("ab", 5, .right, "   ab"), ("ab", 5, .center, " ab  "),
      ("坂", 3, .left, "坂 "), ("abcdef", 4, .left, "abc…"), ("", 2, .left, "  "),
    ])
  func padding(text: String, width: Int, alignment: Alignment, expected: String) {
    let result = pad(text, toWidth: width, alignment: alignment)
    #expect(result == expected)
    #expect(displayWidth(of: result) == width)
  }
}
