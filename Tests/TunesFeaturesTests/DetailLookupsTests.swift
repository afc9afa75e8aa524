import ITunesCatalog
import Testing

@testable import TunesFeatures

@Suite("Detail lookups")
struct DetailLookupsTests {
  @Test(
    "the author's works are looked up with the entity that suits the kind",
    arguments: [
      (ItemKind.song, "album"), (.album, "album"), (.featureMovie, "movie"),
      (.podcast, "podcast"), (.software, "software"), (.ebook, "ebook"),
      (.audiobook, "audiobook"), (.musicVideo, "musicVideo"), (.tvEpisode, "tvSeason"),
    ])
  func authorQuery(kind: ItemKind, entity: String) throws {
    let item = Samples.item(10, kind, authorID: 20)
    let query = try #require(DetailLookups.author(for: item, country: "GB"))
    // An app page lists ten of the developer's apps, other pages five works.
    let limit = kind == .software ? 11 : 6
    #expect(
      query == (try LookupQuery(key: .ids([20]), entity: entity, limit: limit, country: "GB")))
  }

  @Test("no author id or an unknown kind means no author block")
  func noAuthor() {
    #expect(DetailLookups.author(for: Samples.item(1, .song)) == nil)
    #expect(DetailLookups.author(for: Samples.item(1, .other("x"), authorID: 2)) == nil)
    #expect(DetailLookups.authorEntity(for: .other("x")) == nil)
  }

  @Test("albums look up their songs, podcasts their latest episodes, others nothing")
  func tracks() throws {
    #expect(
      DetailLookups.tracks(for: Samples.item(5, .album))
        == (try LookupQuery(key: .ids([5]), entity: "song")))
    #expect(
      DetailLookups.tracks(for: Samples.item(6, .podcast))
        == (try LookupQuery(key: .ids([6]), entity: "podcastEpisode", limit: 10, sort: .recent)))
    #expect(DetailLookups.tracks(for: Samples.item(7, .song)) == nil)
    #expect(DetailLookups.details(for: Samples.item(8, .podcastEpisode)) == nil)
    #expect(DetailLookups.details(for: Samples.item(8, .song)) == (try LookupQuery(key: .ids([8]))))
  }

  @Test("the author block drops the author record and the item itself and keeps five works")
  func block() {
    let item = Samples.item(10, .song, authorID: 20)
    let author = Samples.item(20, .artist)
    let works = (30...36).map { Samples.item(Int64($0), .album) }
    let page = CatalogPage(items: [author, works[0], item, works[1]] + works.dropFirst(2))
    let block = DetailLookups.authorBlock(in: page, for: item)
    #expect(block?.author == author)
    #expect(block?.works.map(\.id) == [30, 31, 32, 33, 34])
    #expect(DetailLookups.authorBlock(in: CatalogPage(items: [item]), for: item) == nil)
    let onlyAuthor = DetailLookups.authorBlock(in: CatalogPage(items: [author]), for: item)
    #expect(onlyAuthor == AuthorBlock(author: author, works: []))
  }

  @Test("a podcast's episode lookup becomes its latest episodes")
  func episodes() throws {
    let page = try Samples.shared("podcast-lookup-entity-podcastepisode-joe-budden-6.json")
    let podcast = page.items[0]
    let episodes = DetailLookups.trackItems(in: page, for: podcast)
    #expect(episodes.count == page.items.count - 1)
    #expect(episodes.allSatisfy { $0.kind == .podcastEpisode })
    #expect(DetailLookups.detailsItem(in: page, for: podcast) == podcast)
  }
}

@Suite("Artist pages")
struct ArtistDetailTests {
  @Test("an artist's detail looks up their songs and their albums, not only the artist")
  func artistLookups() throws {
    let artist = Samples.item(909_253, .artist, "Jack Johnson")
    #expect(
      DetailLookups.tracks(for: artist)
        == (try LookupQuery(key: .ids([909_253]), entity: "song", limit: 10)))
    #expect(
      DetailLookups.author(for: artist)
        == (try LookupQuery(
          key: .ids([909_253]), entity: "album", limit: DetailLookups.artistAlbumLimit + 1)))
    let albums = (1...7).map { Samples.item(Int64(100 + $0), .album) }
    let block = try #require(
      DetailLookups.authorBlock(in: CatalogPage(items: [artist] + albums), for: artist))
    #expect(block.author == artist)
    // An artist page lists every album it got (up to `artistAlbumLimit`), not five.
    #expect(block.works.map(\.id) == [101, 102, 103, 104, 105, 106, 107])
    let songs = [artist, Samples.item(1, .song), Samples.item(2, .song)]
    #expect(
      DetailLookups.trackItems(in: CatalogPage(items: songs), for: artist).map(\.id) == [1, 2])
  }
}
