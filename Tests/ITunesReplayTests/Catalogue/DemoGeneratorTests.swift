import ITunesCatalog
import Testing

@testable import ITunesReplay

/// The generator's text helpers, which work on bytes where the text allows it.
@Suite("Demo generator text")
struct DemoGeneratorTests {
  @Test(
    "A slug is the name's lower-case words joined by -, other letters percent-encoded",
    arguments: [
      ("The Golden--Hour 2", "the-golden-hour-2"), ("  Kites & Harbours!", "kites-harbours"),
      ("!!", "item"), ("", "item"), ("Sølvi Åkerlund", "s%C3%B8lvi-%C3%A5kerlund"),
      ("東京 Nights", "%E6%9D%B1%E4%BA%AC-nights"),
    ])
  func slug(name: String, slug: String) {
    #expect(DemoGenerator.slug(name) == slug)
  }

  @Test("Placeholders are filled left to right, one word each; other text stays")
  func filling() {
    var words = ["one", "two"].makeIterator()
    let text = DemoGenerator.filling("N", in: "%N & %N of %A, 100%", with: { words.next() ?? "" })
    #expect(text == "one & two of %A, 100%")
    #expect(DemoGenerator.filling("A", in: "Sølvi %A", with: { "Bright" }) == "Sølvi Bright")
  }

  @Test("Only titles with Damn or Hell are censored")
  func censored() {
    #expect(DemoGenerator.censored("Damn the Hell") == "D**n the H**l")
    #expect(DemoGenerator.censored("Hello Damnation") == "H**lo D**nation")
    #expect(DemoGenerator.censored("Golden Heart") == "Golden Heart")
    #expect(DemoGenerator.holds("Hell", in: "a Hell") && !DemoGenerator.holds("Hell", in: "Hel"))
  }

  @Test("A record reads the first of a repeated member, and searches descriptions folded")
  func recordFields() throws {
    let object = try JSONParser.parse(
      Array(
        #"{"wrapperType":"track","kind":"song","trackId":7,"trackName":"Først","trackName":"B","longDescription":"Ærlig TALK"}"#
          .utf8))
    let record = try #require(CatalogRecord(object: object, storefront: "us"))
    #expect(record.id == 7 && record.kind == .song)
    #expect(record.text(.title) == "forst")
    #expect(record.text(.description) == "aerlig talk")
  }
}
