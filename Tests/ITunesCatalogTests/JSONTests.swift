import Foundation
import ITunesCatalog
import Testing

@Suite("The JSON parser, the item format and text helpers")
struct JSONTests {
  @Test("Parses values and keeps member order")
  func parse() throws {
    let value = try JSONParser.parse(
      Array(#"  {"b":[1,-2.5e3,true,null],"a":"\u00e9\ud83c\udfb5\n"}  "#.utf8))
    guard case .object(let members) = value else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.key) == ["b", "a"])
    #expect(value["a"] == .string("é🎵\n"))
    #expect(
      value["b"]
        == .array([
          .number(JSONNumber(text: "1")), .number(JSONNumber(text: "-2.5e3")), .bool(true), .null,
        ]))
  }

  @Test(
    "Rejects broken documents with a reason",
    arguments: [
      ("", "ends early"), ("{\"a\":1", "ends early"), ("{\"a\":tru}", "unexpected word"),
      ("<html>", "HTML"), ("{\"a\":1} x", "after the JSON"), ("[01]", "leading zero"),
      ("{\"a\":\"\u{01}\"}", "control character"),
    ])
  func rejects(text: String, reason: String) {
    do {
      _ = try JSONParser.parse(Array(text.utf8))
      Issue.record("parsed \(text)")
    } catch {
      #expect(error.reason.contains(reason), "\(error.reason)")
    }
  }

  @Test("Invalid UTF-8 inside a string is an error, as a page")
  func invalidUTF8() {
    let bytes: [UInt8] =
      Array(#"{"results":[{"trackName":""#.utf8) + [0xC3, 0x28] + Array(#""}]}"#.utf8)
    #expect(throws: CatalogError.malformed(reason: "a string is not valid UTF-8 at byte 26")) {
      try CatalogPage.decode(bytes: bytes)
    }
  }

  @Test("Deep nesting is refused, not a crash")
  func deep() {
    let text = String(repeating: "[", count: 10_000)
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array(text.utf8)) }
  }

  @Test("HTML pages, empty bodies and truncated bodies are malformed answers")
  func malformedPages() {
    let html = Data(
      "<html><head><title>Error</title></head><body>[newNullResponse]</body></html>".utf8)
    #expect(throws: CatalogError.malformed(reason: "an HTML page came instead of JSON")) {
      try CatalogPage.decode(html)
    }
    #expect(throws: CatalogError.malformed(reason: "the body is empty")) {
      try CatalogPage.decode(Data("\n\n".utf8))
    }
    #expect(throws: CatalogError.self) {
      try CatalogPage.decode(Data("{\"resultCount\":1,\"results\":[{\"trackId\":1".utf8))
    }
  }

  @Test("The CLI item format: the documented keys, nothing null, and it reads back")
  func itemFormat() throws {
    var item = CatalogItem(id: 1, kind: .song, title: "Tab\there \"quoted\"")
    item.author = "Jack Johnson"
    item.price = Decimal(string: "1.29")
    item.currency = "USD"
    item.releaseDate = ISODate.parse("2005-03-01T08:00:00Z")
    item.artwork = URL(string: "https://is1.mzstatic.com/a/b.jpg/100x100bb.jpg")
    item.explicitness = .notExplicit
    item.durationMillis = 207_679
    let text = String(decoding: item.jsonBytes, as: UTF8.self)
    #expect(
      text
        == #"{"id":1,"kind":"song","title":"Tab\there \"quoted\"","author":"Jack Johnson","#
        + #""artworkURL":"https://is1.mzstatic.com/a/b.jpg/600x600bb.jpg","price":1.29,"#
        + #""currency":"USD","durationMillis":207679,"releaseDate":"2005-03-01T08:00:00Z","#
        + #""explicit":false}"#)
    let back = try #require(CatalogItem(json: try JSONParser.parse(item.jsonBytes)))
    #expect(back.title == item.title)
    #expect(back.price == item.price)
    #expect(back.releaseDate == item.releaseDate)
    #expect(back.isExplicit == false)
    #expect(back.jsonBytes == item.jsonBytes)
  }

  @Test("Every fixture item survives the item format round trip")
  func roundTrip() throws {
    let page = try CatalogPage.decode(
      Data(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
          .appendingPathComponent("../Fixtures/catalog/mac-app-lookup.json")))
    for item in page.items {
      let back = try #require(CatalogItem(json: try JSONParser.parse(item.jsonBytes)))
      #expect(back.jsonBytes == item.jsonBytes)
    }
  }

  @Test(
    "HTML to text",
    arguments: [
      ("a<br />b", "a\nb"), ("Here&#39;s &amp; &quot;it&quot;", "Here's & \"it\""),
      ("<p>One</p><p>Two</p>", "One\n\nTwo"), ("x &#x1F3B5; y", "x 🎵 y"),
      ("a &bogus; b", "a &bogus; b"),
      ("  plain  ", "plain"), ("<ul><li>a</li><li>b</li></ul>", "• a\n• b"),
    ])
  func html(input: String, expected: String) {
    #expect(HTMLText.plainText(input) == expected)
  }

  @Test(
    "Artwork URLs are resized by rewriting the last segment",
    arguments: [
      ("https://x/a.jpg/100x100bb.jpg", "https://x/a.jpg/600x600bb.jpg"),
      ("https://x/a/100x100-75.jpg", "https://x/a/600x600bb.jpg"),
      ("https://x/a/mza.png/512x512bb.png", "https://x/a/mza.png/600x600bb.png"),
      ("https://x/a/cover.jpg", "https://x/a/cover.jpg"),
    ])
  func artwork(input: String, expected: String) throws {
    #expect(
      ArtworkURL.resized(try #require(URL(string: input)), size: 600).absoluteString == expected)
  }

  @Test(
    "ISO dates",
    arguments: [
      ("2005-03-01T08:00:00Z", "2005-03-01T08:00:00Z"), ("1876-12-01", "1876-12-01T00:00:00Z"),
      ("2024-05-01T07:30:00+02:00", "2024-05-01T05:30:00Z"),
      ("2024-02-29T23:59:59.5Z", "2024-02-29T23:59:59Z"),
    ])
  func dates(input: String, expected: String) throws {
    #expect(ISODate.string(from: try #require(ISODate.parse(input))) == expected)
  }

  @Test(
    "Bad dates are nil", arguments: ["", "2024", "2024-13-01", "yesterday", "2024-01-01T25:00:00Z"])
  func badDates(input: String) {
    #expect(ISODate.parse(input) == nil)
  }

  @Test("Prices and durations for people")
  func formatting() {
    #expect(PriceText.format(0, currency: "USD") == "Free")
    #expect(PriceText.format(Decimal(string: "19.99")!, currency: "USD") == "$19.99")
    #expect(PriceText.format(Decimal(2100), currency: "JPY") == "¥2100")
    #expect(PriceText.format(Decimal(string: "4.5")!, currency: "SEK") == "4.50 SEK")
    #expect(DurationText.format(milliseconds: 8_302_127) == "2:18:22")
    #expect(DurationText.format(milliseconds: 59_999) == "0:59")
    #expect(DurationText.format(milliseconds: 0) == "0:00")
    #expect(DurationText.format(milliseconds: -5) == "0:00")
    #expect(DurationText.format(milliseconds: 600_000) == "10:00")
    #expect(DurationText.format(milliseconds: 3_600_000) == "1:00:00")
    #expect(DurationText.format(milliseconds: 360_000_000_000) == "100000:00:00")
    #expect(DurationText.format(milliseconds: Int.max) == "2562047788015:12:55")
  }
}
