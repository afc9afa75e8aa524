import Testing

@testable import ITunesCatalog

@Suite("Writing JSON strings")
struct JSONWriterTests {
  func written(_ text: String) -> String {
    String(decoding: JSONWriter.bytes(.string(text)), as: UTF8.self)
  }

  @Test("plain text, including UTF-8 and U+00A0, is copied as it is")
  func plain() {
    #expect(written("") == #""""#)
    #expect(written("Jack Johnson") == #""Jack Johnson""#)
    #expect(written("Björk · 日本 🎵\u{A0}x") == "\"Björk · 日本 🎵\u{A0}x\"")
  }

  @Test("quotes, backslashes and every C0, DEL and C1 control are escaped")
  func escapes() {
    #expect(written("a\"b\\c") == #""a\"b\\c""#)
    #expect(written("1\n2\r3\t4") == #""1\n2\r3\t4""#)
    #expect(written("\u{0}\u{1B}[31m\u{7F}") == #""\u0000\u001b[31m\u007f""#)
    #expect(written("x\u{85}y\u{9B}z\u{80}") == #""x\u0085y\u009bz\u0080""#)
    #expect(written("\u{9F}") == #""\u009f""#)
  }

  @Test("bidirectional controls and line separators are escaped, other text near them is not")
  func bidi() throws {
    #expect(written("a\u{202E}b") == #""a\u202eb""#)
    #expect(written("\u{200E}\u{200F}\u{061C}") == #""\u200e\u200f\u061c""#)
    #expect(written("\u{2066}x\u{2067}\u{2068}\u{2069}") == #""\u2066x\u2067\u2068\u2069""#)
    #expect(written("\u{2028}\u{2029}\u{202A}") == #""\u2028\u2029\u202a""#)
    #expect(written("€ – ‘’ “” … ؛ ص") == "\"€ – ‘’ “” … ؛ ص\"")
    for text in ["x\u{202E}y\u{061C}", "\u{2069}", "–\u{200F}€"] {
      #expect(try JSONParser.parse(JSONWriter.bytes(.string(text))) == .string(text))
    }
  }

  @Test("what is written reads back the same")
  func roundTrip() throws {
    for text in ["", "a\"\\\n\u{1}\u{85}\u{A0}é", String(repeating: "x\u{9B}", count: 100)] {
      let bytes = JSONWriter.bytes(.string(text))
      #expect(try JSONParser.parse(bytes) == .string(text))
    }
  }

  /// `written(_:)` one character at a time: what each character alone is written as.
  func writtenByCharacters(_ text: String) -> String {
    "\"" + text.map { written(String($0)).dropFirst().dropLast() }.joined() + "\""
  }

  @Test("text that needs an escape is escaped wherever it falls in an eight-byte word")
  func everyOffset() {
    let specials = [
      "\"", "\\", "\n", "\u{1}", "\u{1F}", "\u{7F}", "\u{85}", "\u{202E}", "\u{2028}", "\u{61C}",
      "é", "日", "🎵", "\u{A0}", " ", "~",
    ]
    for special in specials {
      for before in 0..<17 {
        for after in [0, 1, 7, 8, 9] {
          let text =
            String(repeating: "a", count: before) + special + String(repeating: "b", count: after)
          #expect(written(text) == writtenByCharacters(text), "\(text.debugDescription)")
        }
      }
    }
  }
}
