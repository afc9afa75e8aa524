import Foundation
import ITunesCatalog
import TestSupport
import Testing

private func page(_ name: String) throws -> CatalogPage {
  try CatalogPage.decode(Fixtures.ownFile("catalog/" + name))
}

@Suite("Kinds no recording shows, and the quirks of the wire format")
struct OwnFixtureTests {
  @Test("A TV episode and a TV season")
  func tv() throws {
    let result = try page("tv-episode-search.json")
    let episode = result.items[0]
    #expect(episode.kind == .tvEpisode)
    #expect(episode.kind.displayName == "TV Episode")
    #expect(episode.id == 1_057_239_214)
    #expect(episode.collection == "Mr. Robot, Season 1")
    #expect(episode.trackNumber == 1)
    #expect(episode.advisoryRating == "TV-MA")
    #expect(episode.description == "Elliot, a cyber-security engineer & hacker.\nHe's recruited.")
    let season = result.items[1]
    #expect(season.kind == .tvSeason)
    #expect(season.id == 1_052_052_432)
    #expect(season.title == "Mr. Robot, Season 1")
    #expect(season.copyright == "© 2015 Universal")
  }

  @Test("An audiobook: wrapperType without kind, collection id and name, HTML description")
  func audiobook() throws {
    let book = try #require(try page("audiobook-search.json").items.first)
    #expect(book.kind == .audiobook)
    #expect(book.id == 1_440_436_212)
    #expect(book.title == "The Hobbit (Unabridged)")
    #expect(book.author == "J. R. R. Tolkien")
    #expect(book.price == Decimal(string: "20.99"))
    #expect(
      book.description
        == "Bilbo Baggins enjoys a quiet life.\n\nThen Gandalf & the dwarves arrive — it's an adventure."
    )
    #expect(book.jsonValue["kind"] == .string("audiobook"))
  }

  @Test("A Mac app: 512px artwork, seller, languages, string rating count")
  func macApp() throws {
    let app = try #require(try page("mac-app-lookup.json").items.first)
    #expect(app.kind == .macSoftware)
    #expect(app.kind.displayName == "Mac App")
    #expect(app.app?.seller == "Apple Inc.")
    #expect(app.app?.ratingCount == 4321)
    #expect(app.app?.fileSizeBytes == 3_048_963_072)
    #expect(app.app?.languages == ["EN", "JA"])
    #expect(app.app?.minimumOSVersion == "14.5")
    #expect(app.advisoryRating == "4+")
    #expect(app.artworkURL(size: 600)?.absoluteString.hasSuffix("/600x600bb.png") == true)
  }

  @Test("An ebook has no wrapperType; unknown kinds are kept; unreadable results are counted")
  func quirks() throws {
    let result = try page("ebook-and-quirks.json")
    #expect(result.resultCount == nil)
    #expect(result.items.count == 3)
    #expect(result.skippedCount == 2)
    let book = result.items[0]
    #expect(book.kind == .ebook)
    #expect(book.kind.displayName == "Book")
    #expect(book.id == 395_519_191)
    #expect(book.book?.averageRating == 4.5)
    #expect(book.book?.fileSizeBytes == 437_469)
    #expect(book.description == "Here's the <b>classic</b> & more.")
    #expect(book.releaseYear == 1876)
    let unknown = result.items[1]
    #expect(unknown.kind == .other("coached-audio"))
    #expect(unknown.kind.displayName == "Coached Audio")
    let odd = result.items[2]
    #expect(odd.price == Decimal(string: "1.29"))
    #expect(odd.durationMillis == 200_000)
    #expect(odd.genre == "Music")
    #expect(odd.title == "Bad \u{1B}[31mRed\u{07} title")
  }
}
