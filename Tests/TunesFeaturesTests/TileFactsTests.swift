import Foundation
import ITunesCatalog
import Testing

@testable import TunesFeatures

@Suite("Tile facts")
struct TileFactsTests {
  static let cases: [(FixtureCase, [String])] = [
    (.song, ["Jack Johnson", "3:27", "$1.29"]),
    (.album, ["Missy Elliott", "2003", "16 tracks"]),
    (.artist, ["Hip-Hop/Rap"]),
    (.movie, ["J.J. Abrams, 2015", "PG-13", "2:18:22"]),
    (.tv, ["Mr. Robot", "Mr. Robot, Season 1", "1:05:17"]),
    (.tvSeason, ["Mr. Robot", "10 episodes", "2015"]),
    (.podcast, ["The Joe Budden Network", "Music", "481 episodes"]),
    (.episode, ["The Joe Budden Podcast", "2024-05-01", "3:36:14"]),
    (.audiobook, ["J. R. R. Tolkien", "$20.99"]),
    (.ebook, ["Mark Twain", "★ 4.5 (1,024)", "Free"]),
    (.app, ["Facebook, Inc.", "★ 3.5 (2,840,784)", "Free"]),
    (.macApp, ["Apple", "★ 3.2 (4,321)", "Free"]),
    (.other, ["Coach"]),
    (.bareSong, ["3:20", "$1.29"]),
  ]

  @Test("each kind shows the facts that suit it, leaving missing ones out", arguments: cases)
  func factsPerKind(fixture: FixtureCase, expected: [String]) throws {
    let item = try fixture.load()
    #expect(item.kind == fixture.kind)
    #expect(tileFacts(for: item) == expected)
    #expect((1...3).contains(tileFacts(for: item).count))
  }

  @Test("a music video shows artist, duration and year")
  func musicVideo() {
    var item = CatalogItem(id: 1, kind: .musicVideo, title: "Video")
    item.author = "Artist"
    item.durationMillis = 245_000
    item.releaseDate = ISODate.parse("2011-04-02T07:00:00Z")
    #expect(tileFacts(for: item) == ["Artist", "4:05", "2011"])
  }

  @Test("an item with nothing known shows no facts, never empty labels")
  func nothingKnown() {
    for kind in [ItemKind.song, .album, .artist, .featureMovie, .podcast, .software, .ebook] {
      #expect(tileFacts(for: CatalogItem(id: 1, kind: kind, title: "T")) == [])
    }
  }

  @Test("an audiobook with a narrator names the reader")
  func narrator() {
    var item = CatalogItem(id: 1, kind: .audiobook, title: "Book")
    item.author = "Author"
    item.book = BookFacts(narrator: "Andy Serkis")
    item.price = 20
    item.currency = "USD"
    #expect(tileFacts(for: item) == ["Author", "Read by Andy Serkis", "$20.00"])
  }

  @Test("ratings and counts are formatted without the locale")
  func ratingText() {
    #expect(FactText.rating(4.46, count: 1234) == "★ 4.5 (1,234)")
    #expect(FactText.rating(5, count: nil) == "★ 5.0")
    #expect(FactText.rating(nil, count: 10) == nil)
    #expect(FactText.grouped(1_234_567) == "1,234,567")
    #expect(FactText.grouped(999) == "999")
    #expect(FactText.count(1, "track", "tracks") == "1 track")
    #expect(FactText.bytes(3_000_000_000) == "3.0 GB")
    #expect(FactText.bytes(512) == "512 bytes")
  }
}
