import Testing

@testable import TunesCLI

@Suite("CSV and TSV")
struct DelimitedTextTests {
  @Test(
    "a CSV field is quoted only when it must be",
    arguments: [
      ("plain", "plain"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""),
      ("two\nlines", "\"two\nlines\""), ("cr\r\nlf", "\"cr\r\nlf\""), ("", ""),
    ])
  func csvField(input: String, expected: String) {
    #expect(DelimitedText.csvField(input) == expected)
  }

  @Test("search CSV and favourites CSV both end every line with CRLF (RFC 4180)")
  func crlf() {
    #expect(DelimitedText.csv([["id", "title"], ["1", "a,b"]]) == "id,title\r\n1,\"a,b\"\r\n")
    #expect(DelimitedText.tsv([["id", "title"], ["1", "a"]]) == "id\ttitle\n1\ta\n")
  }
}
