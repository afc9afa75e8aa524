import Foundation
import ITunesCatalog
import TestSupport
import Testing

private func chart(_ name: String, expected: ItemKind? = nil) throws -> ChartPage {
  try ChartPage.decode(Fixtures.ownFile("catalog/charts/" + name), expected: expected)
}

private func failure(_ body: Data) -> CatalogError? {
  do {
    _ = try ChartPage.decode(body)
    return nil
  } catch {
    return error
  }
}

@Suite("Chart feeds: v2 and legacy, every chart kind, and their quirks")
struct ChartFeedTests {
  @Test("The recorded v2 most-played songs feed: 100 songs, Apple's typo read as Explicit")
  func recordedV2Songs() throws {
    let page = try ChartPage.decode(Fixtures.shared("rss-v2-most-played-songs-us-100.json"))
    #expect(page.format == .v2)
    #expect(page.title == "Top Songs")
    #expect(page.updated == "Mon, 10 Jan 2022 19:58:33 +0000")
    #expect(page.items.count == 100)
    #expect(page.skippedCount == 0)
    let first = page.items[0]
    #expect(first.id == 1_603_748_478)
    #expect(first.kind == .song)
    #expect(first.title == "pushin P (feat. Young Thug)")
    #expect(first.author == "Gunna & Future")
    #expect(first.authorID == 1_236_267_297)
    #expect(first.genre == "Hip-Hop/Rap")
    #expect(first.genres == ["Hip-Hop/Rap"])
    #expect(first.advisoryRating == "Explicit")
    #expect(first.isExplicit == true)
    #expect(first.collectionID == 1_603_748_074)
    #expect(first.releaseDate == ISODate.parse("2022-01-07"))
    #expect(first.artworkURL(size: 600)?.absoluteString.hasSuffix("/600x600bb.jpg") == true)
    // 34 of the 100 songs carry no rating: nothing is made up for them.
    #expect(page.items.filter { $0.advisoryRating == nil }.count == 34)
    #expect(page.items.allSatisfy { $0.isExplicit != false })
  }

  @Test("The recorded legacy top podcasts feed in genre 1310")
  func recordedLegacyPodcasts() throws {
    let page = try ChartPage.decode(Fixtures.shared("rss-legacy-toppodcasts-genre1310-us.json"))
    #expect(page.format == .legacy)
    #expect(page.title == "iTunes Store: Top Podcasts in Music")
    #expect(page.items.map(\.title).last == "Friday Night Karaoke")
    #expect(page.items.count == 3)
    let first = page.items[0]
    #expect(first.id == 1_535_809_341)
    #expect(first.kind == .podcast)
    #expect(first.title == "The Joe Budden Podcast")
    #expect(first.author == "The Joe Budden Network")
    #expect(first.authorID == 1_535_844_019)
    #expect(first.genre == "Music")
    #expect(first.price == 0)
    #expect(first.currency == "USD")
    // "Get" is the store's button, not a price: the podcast reads "Free".
    #expect(first.appleFormattedPrice == nil)
    #expect(first.formattedPrice == "Free")
    #expect(first.artworkText?.hasSuffix("/170x170bb.png") == true)
    #expect(
      first.storeURLText
        == "https://podcasts.apple.com/us/podcast/the-joe-budden-podcast/id1535809341?uo=2")
    #expect(first.releaseDate == ISODate.parse("2024-04-24T07:00:00Z"))
    #expect(first.description?.hasPrefix("Tune into Joe Budden") == true)
  }

  @Test("The recorded v1 feeds read like v2 (podcasts, Apple Music new music)")
  func recordedV1() throws {
    let podcasts = try ChartPage.decode(Fixtures.shared("rss-v1-top-podcasts-us-10.json"))
    #expect(podcasts.items.count == 10)
    #expect(podcasts.items[0].kind == .podcast)
    #expect(podcasts.items[0].title == "The Daily")
    #expect(podcasts.items[0].genre == "News & Politics")
    let music = try ChartPage.decode(Fixtures.shared("rss-v1-apple-music-new-music-us-4.json"))
    #expect(music.items.count == 4)
    #expect(music.skippedCount == 0)
  }

  @Test("v2 albums: kind, artist link, Björk's escaped link, the root genre dropped")
  func v2Albums() throws {
    let page = try chart("v2-top-albums-gb-2.json")
    #expect(page.items.map(\.id) == [1_441_458_047, 1_440_770_467])
    #expect(page.items.map(\.kind) == [.album, .album])
    #expect(page.items[0].genres == ["Rock"])
    #expect(page.items[0].isExplicit == nil)
    #expect(page.items[0].collectionID == nil)
    #expect(page.items[1].author == "Björk")
    #expect(page.items[1].isExplicit == true)
    #expect(page.items[1].authorURL?.absoluteString.contains("bj%C3%B6rk") == true)
  }

  @Test("v2 podcasts, free apps, paid apps and free books")
  func v2OtherKinds() throws {
    let podcasts = try chart("v2-top-podcasts-us-2.json")
    #expect(podcasts.items.map(\.kind) == [.podcast, .podcast])
    #expect(podcasts.items[0].genre == nil)
    #expect(podcasts.items[1].authorID == nil)
    #expect(podcasts.items[1].genre == "News")
    let free = try chart("v2-top-free-apps-us-2.json")
    #expect(free.items.map(\.kind) == [.software, .software])
    #expect(free.items[0].title == "Facebook")
    #expect(free.items[0].genre == "Social Networking")
    let paid = try chart("v2-top-paid-apps-us-1.json")
    #expect(paid.items.map(\.title) == ["Minecraft: Dream it, Build it!"])
    let books = try chart("v2-top-free-books-us-1.json")
    #expect(books.items[0].kind == .ebook)
    #expect(books.items[0].genres == ["Fiction & Literature"])
    #expect(books.items[0].author == "Jane Austen")
  }

  @Test("Legacy top songs: album, price, preview link, store link, largest image")
  func legacySongs() throws {
    let page = try chart("legacy-topsongs-us-2.json")
    #expect(page.title == "iTunes Store: Top Songs")
    let song = page.items[0]
    #expect(song.kind == .song)
    #expect(song.id == 879_273_565)
    #expect(song.collection == "In Between Dreams")
    #expect(song.price == Decimal(string: "1.29"))
    #expect(song.currency == "USD")
    #expect(song.appleFormattedPrice == nil)
    #expect(song.previewURLText?.hasSuffix("/bt.m4a") == true)
    #expect(song.storeURLText?.contains("i=879273565") == true)
    #expect(song.artworkText?.hasSuffix("/170x170bb.png") == true)
    #expect(song.authorID == 909_253)
    #expect(song.copyright == "℗ 2005 Jack Johnson")
    let second = page.items[1]
    #expect(second.title == "楽園")
    #expect(second.author == "コブクロ")
    #expect(second.authorURLText == nil)
    #expect(second.price == 250)
    #expect(second.releaseDate == nil)
  }

  @Test("Legacy audiobooks: the kind from im:contentType, HTML entities in the summary")
  func legacyAudiobooks() throws {
    let book = try #require(try chart("legacy-topaudiobooks-us-1.json").items.first)
    #expect(book.kind == .audiobook)
    #expect(book.id == 1_440_436_212)
    #expect(book.description == "Bilbo Baggins enjoys a quiet life & then Gandalf arrives.")
    #expect(book.genre == "Sci-Fi & Fantasy")
  }

  @Test("A legacy feed whose entry is one object, not a list")
  func singleEntry() throws {
    let page = try chart("legacy-single-entry.json")
    #expect(page.items.map(\.title) == ["The Daily"])
    #expect(page.items[0].kind == .podcast)
  }

  @Test("A feed with no entries is an empty page, not an error")
  func noEntries() throws {
    let page = try chart("legacy-no-entries.json", expected: .song)
    #expect(page.items.isEmpty)
    #expect(page.skippedCount == 0)
    #expect(page.title == "iTunes Store: Top Songs in Polka")
  }

  @Test("Entries without an id or a name are left out and counted; the expected kind fills in")
  func withoutID() throws {
    let page = try chart("legacy-entry-without-id.json", expected: .song)
    #expect(page.items.map(\.title) == ["Upside Down"])
    #expect(page.items[0].kind == .song)
    #expect(page.skippedCount == 2)
  }

  @Test("Raw control characters inside strings are replaced, and the page says so")
  func rawControlCharacters() throws {
    let page = try chart("v2-raw-control-characters.json")
    #expect(page.repairedControlCharacters)
    #expect(page.items[0].title == "The Daily")
    #expect(page.items[0].author == "The New York Times [2J")
    #expect(try !chart("v2-top-albums-gb-2.json").repairedControlCharacters)
  }

  @Test("HTML, an empty body, invalid JSON and other documents give clear errors")
  func badBodies() throws {
    #expect(
      failure(try Fixtures.ownFile("catalog/charts/html-error.html"))
        == .malformed(reason: "an HTML page came instead of JSON"))
    #expect(
      failure(try Fixtures.ownFile("catalog/charts/empty-body.json"))
        == .malformed(reason: "the body is empty"))
    #expect(failure(Data()) == .malformed(reason: "the body is empty"))
    guard case .malformed(let reason)? = failure(Data("{\"feed\":".utf8)) else {
      Issue.record("cut-off JSON was accepted")
      return
    }
    #expect(reason.contains("at byte"))
    #expect(
      failure(try Fixtures.shared(Recordings.songs))
        == .notFeed(reason: "it is a search or lookup answer, not a chart feed"))
    #expect(failure(Data("[1]".utf8)) == .notFeed(reason: "the top level is not an object"))
    #expect(
      failure(Data("{\"errorMessage\":\"Invalid value\"}".utf8)) == .apple(message: "Invalid value")
    )
    #expect(
      failure(Data("{\"feed\":{\"results\":3}}".utf8))
        == .notFeed(reason: "\"feed.results\" is not a list"))
    let message = CatalogError.notFeed(reason: "x").errorDescription
    #expect(message == "The server's answer is not a chart feed or genre list: x.")
  }
}
