import Foundation
import ITunesCatalog
import TestSupport
import Testing

@testable import ITunesReplay

/// Search and lookup as Apple answers them, against the demo catalogue.
@Suite("Catalogue engine: search and lookup")
struct CatalogEngineTests {
  static let engine = DemoCatalogueTests.engine

  /// The items the engine answers `target` with (failing the test on a non-200).
  static func items(_ target: String) throws -> [CatalogItem] {
    let response = try #require(engine.answer(for: ReplayRequestKey(target: target)))
    #expect(response.status == 200, "\(target): \(String(decoding: response.body, as: UTF8.self))")
    return try CatalogPage.decode(response.body).items
  }

  static func status(_ target: String) -> (Int, String) {
    let response = engine.answer(for: ReplayRequestKey(target: target))
    return (response?.status ?? 0, response.map { String(decoding: $0.body, as: UTF8.self) } ?? "")
  }

  @Test("Every word must match a name, in any order, whatever the case, accents or width")
  func words() throws {
    let exact = try Self.items("/search?term=S%C3%B8lvi+%C3%85kerlund&limit=200")
    #expect(!exact.isEmpty)
    #expect(exact.allSatisfy { $0.author == "Sølvi Åkerlund" || $0.title == "Sølvi Åkerlund" })
    let folded = try Self.items("/search?term=AKERLUND+solvi&limit=200")
    #expect(folded.map(\.id) == exact.map(\.id))
    let wide = try Self.items("/search?term=%EF%BC%AD%EF%BC%A9%EF%BC%B2%EF%BC%A1+castell&limit=5")
    #expect(wide.first?.author == "Mira Castell", "full-width MIRA")
    #expect(try Self.items("/search?term=mira+zzzzqq").isEmpty)
    #expect(try Self.items("/search?term=").isEmpty)
    let japanese = try Self.items("/search?term=%E6%98%9F&country=jp")
    #expect(!japanese.isEmpty)
    #expect(
      japanese.allSatisfy { ($0.title + ($0.author ?? "") + ($0.collection ?? "")).contains("星") })
    let cyrillic = try Self.items(
      "/search?term=%D0%BB%D0%B5%D1%81%D0%BD%D0%B0%D1%8F&entity=musicArtist")
    #expect(cyrillic.map(\.title) == ["Ирина Лесная"])
  }

  @Test("Folding: ASCII only lower-cased, accents, widths and special letters folded")
  func folding() {
    #expect(CatalogRecord.fold("Golden Heart, 2005 (Live)") == "golden heart, 2005 (live)")
    #expect(CatalogRecord.fold("Björk Café") == "bjork cafe")
    #expect(CatalogRecord.fold("ＧＯＬＤＥＮ") == "golden")
    #expect(CatalogRecord.fold("Sølvi Åkerlund") == "solvi akerlund")
    #expect(CatalogRecord.fold("") == "")
  }

  @Test("Names that match the title come before those that match only the artist")
  func ranking() throws {
    let results = try Self.items("/search?term=golden&limit=200")
    let titled = results.map { $0.title.lowercased().contains("golden") }
    #expect(titled.first == true)
    #expect(titled == titled.sorted { $0 && !$1 }, "title matches first")
  }

  @Test("media and entity choose the kinds; a bad one is Apple's 400")
  func mediaAndEntity() throws {
    let podcasts = try Self.items("/search?term=the&media=podcast&limit=200")
    #expect(!podcasts.isEmpty && podcasts.allSatisfy { $0.kind == .podcast })
    let episodes = try Self.items("/search?term=why&media=podcast&entity=podcastEpisode")
    #expect(!episodes.isEmpty && episodes.allSatisfy { $0.kind == .podcastEpisode })
    let artists = try Self.items("/search?term=a&entity=allArtist&limit=200")
    #expect(!artists.isEmpty && artists.allSatisfy { $0.kind == .artist })
    let albums = try Self.items("/search?term=golden&entity=album")
    #expect(!albums.isEmpty && albums.allSatisfy { $0.kind == .album })
    let apps = try Self.items("/search?term=pro&entity=software,macSoftware&limit=200")
    #expect(Set(apps.map(\.kind)) == [.software, .macSoftware])
    let all = try Self.items("/search?term=golden&limit=200")
    #expect(!all.contains { $0.kind == .album || $0.kind == .artist }, "all returns tracks")
    let bad = Self.status("/search?term=x&media=music&entity=movie")
    #expect(bad.0 == 400)
    #expect(bad.1.contains("Invalid value(s) for key(s): [entity]"))
    #expect(Self.status("/search?term=x&media=records").0 == 400)
  }

  @Test("attribute matches the term against one field")
  func attribute() throws {
    let byArtist = try Self.items(
      "/search?term=castell&media=music&entity=song&attribute=artistTerm&limit=200")
    #expect(!byArtist.isEmpty && byArtist.allSatisfy { $0.author == "Mira Castell" })
    #expect(try Self.items("/search?term=castell&media=music&attribute=songTerm").isEmpty)
    #expect(Self.status("/search?term=x&media=software&attribute=albumTerm").0 == 400)
  }

  @Test("explicit=no leaves explicit items out")
  func explicit() throws {
    let all = try Self.items("/search?term=damn&limit=200")
    #expect(all.contains { $0.explicitness == .explicit })
    let clean = try Self.items("/search?term=damn&limit=200&explicit=No")
    #expect(clean.count < all.count)
    #expect(!clean.contains { $0.explicitness == .explicit })
  }

  @Test("limit and offset page through the same order; Apple's limit is at most 200")
  func paging() throws {
    let all = try Self.items("/search?term=e&limit=200")
    #expect(all.count == 200)
    let page = try Self.items("/search?term=e&limit=5&offset=5")
    #expect(page.map(\.id) == all[5..<10].map(\.id))
    #expect(try Self.items("/search?term=e").count == 50)
    #expect(try Self.items("/search?term=e&limit=500").count == 200)
    #expect(try Self.items("/search?term=mira+castell&offset=1000").isEmpty)
    #expect(Self.status("/search?term=e&limit=ten").0 == 400)
  }

  @Test("country picks the storefront and its currency; a store the demo lacks answers as US")
  func country() throws {
    let gb = try Self.items("/search?term=golden&country=GB&entity=song")
    #expect(!gb.isEmpty && gb.allSatisfy { $0.currency == "GBP" })
    let br = try Self.items("/search?term=golden&country=br&entity=song")
    #expect(br.allSatisfy { $0.currency == "USD" })
    #expect(Self.status("/search?term=golden&country=xx").1.contains("[country]"))
  }

  @Test("lookup by several ids keeps their order; unknown ids answer nothing; bad ids are 400")
  func lookupIDs() throws {
    let songs = DemoCatalogueTests.us.filter { $0.kind == .song }
    let ids = [songs[4].id, songs[1].id, 0, songs[9].id]
    let found = try Self.items("/lookup?id=" + ids.map(String.init).joined(separator: ","))
    #expect(found.map(\.id) == [songs[4].id, songs[1].id, songs[9].id])
    #expect(try Self.items("/lookup?id=1").isEmpty)
    #expect(Self.status("/lookup?id=abc").1.contains("[itunesId]"))
  }

  @Test("lookup with entity returns the item, then its related items in store order")
  func lookupEntity() throws {
    let album = try #require(DemoCatalogueTests.us.first { $0.kind == .album })
    let tracks = try Self.items("/lookup?id=\(album.id)&entity=song")
    #expect(tracks.first?.id == album.id)
    let numbers = tracks.dropFirst().map { ($0.discNumber ?? 1) * 1000 + ($0.trackNumber ?? 0) }
    #expect(!numbers.isEmpty)
    #expect(numbers == numbers.sorted())
    #expect(tracks.dropFirst().allSatisfy { $0.collectionID == album.id })
    let artist = try #require(album.artistID)
    let albums = try Self.items("/lookup?id=\(artist)&entity=album&limit=2")
    #expect(albums.count == 3)
    #expect(albums.first?.kind == .artist)
    #expect(albums.dropFirst().allSatisfy { $0.kind == .album && $0.authorID == artist })
    let recent = try Self.items("/lookup?id=\(artist)&entity=album&sort=recent")
    let dates = recent.dropFirst().compactMap(\.releaseDate)
    #expect(dates == dates.sorted(by: >))
    let podcast = try #require(DemoCatalogueTests.us.first { $0.kind == .podcast })
    let episodes = try Self.items("/lookup?id=\(podcast.id)&entity=podcastEpisode")
    #expect(episodes.count == 13)
    #expect(episodes.dropFirst().allSatisfy { $0.kind == .podcastEpisode })
    let developer = try #require(DemoCatalogueTests.us.first { $0.kind == .softwareArtist })
    let apps = try Self.items("/lookup?id=\(developer.id)&entity=software")
    #expect(apps.count > 2 && apps.dropFirst().allSatisfy { $0.kind == .software })
    let song = try #require(DemoCatalogueTests.us.first { $0.kind == .song })
    let withAlbum = try Self.items("/lookup?id=\(song.id)&entity=album")
    #expect(withAlbum.map(\.kind) == [.song, .album])
  }

  @Test("lookup by upc, isbn, bundleId, amgArtistId and amgAlbumId")
  func lookupKeys() throws {
    let us = DemoCatalogueTests.us
    let album = try #require(us.first { $0.kind == .album && $0.keys["upc"] != nil })
    #expect(try Self.items("/lookup?upc=\(album.keys["upc"]!)").map(\.id) == [album.id])
    let withTracks = try Self.items("/lookup?upc=\(album.keys["upc"]!)&entity=song")
    #expect(withTracks.count > 1)
    let book = try #require(us.first { $0.kind == .ebook })
    #expect(try Self.items("/lookup?isbn=\(book.keys["isbn"]!)").map(\.id) == [book.id])
    let app = try #require(us.first { $0.kind == .software })
    #expect(try Self.items("/lookup?bundleId=\(app.string("bundleId")!)").map(\.id) == [app.id])
    let artist = try #require(us.first { $0.integer("amgArtistId") != nil })
    let amg = artist.integer("amgArtistId")!
    #expect(try Self.items("/lookup?amgArtistId=\(amg)").map(\.id) == [artist.id])
    let amgAlbum = try #require(us.first { $0.keys["amgAlbumId"] != nil })
    #expect(
      try Self.items("/lookup?amgAlbumId=\(amgAlbum.keys["amgAlbumId"]!)").map(\.id) == [
        amgAlbum.id
      ])
    #expect(try Self.items("/lookup?upc=000000000000").isEmpty)
  }

  @Test("Store links answer with a page naming the item, in HTML-escaped text")
  func storePage() throws {
    let song = try #require(DemoCatalogueTests.us.first { $0.kind == .song })
    let url = try #require(song.string("trackViewUrl"))
    let target = String(url.dropFirst("http://127.0.0.1:4321".count))
    let response = try #require(Self.engine.answer(for: ReplayRequestKey(target: target)))
    #expect(response.status == 200)
    let page = String(decoding: response.body, as: UTF8.self)
    #expect(page.contains(CatalogEngine.html(song.string("trackName")!)))
    #expect(page.contains("demo catalogue"))
    #expect(Self.engine.answer(for: ReplayRequestKey(target: "/store/us/album/x/1"))?.status == 404)
  }
}
