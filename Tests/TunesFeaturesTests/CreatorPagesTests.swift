import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient
import TestSupport
import Testing

@testable import TunesFeatures

/// Creators' pages (`A`): an author's books, a show's seasons, a developer's apps, each with
/// its own heading and lookups; the author block kept by its link; `c` on episodes and movies.
@MainActor
@Suite("Creator pages and collections")
struct CreatorPagesTests {
  nonisolated static func made(_ kind: ItemKind, authorID: Int64 = 77) -> CatalogItem {
    var item = Samples.item(5, kind, "Work", authorID: authorID)
    item.author = "Maker"
    item.authorURLText = "https://books.apple.com/us/author/maker/id77"
    return item
  }

  @Test(
    "A on a book, an audiobook, a TV episode or an app asks for that creator's own kinds of works",
    arguments: [
      (ItemKind.ebook, "Author", "ebook", "audiobook" as String?),
      (.audiobook, "Author", "ebook", "audiobook"),
      (.tvEpisode, "Show", "tvSeason", "tvEpisode"),
      (.software, "Developer", "software", nil),
      (.song, "Artist", "album", "song"),
    ])
  func creatorLookups(kind: ItemKind, title: String, works: String, list: String?) throws {
    let page = try #require(DetailLookups.artistItem(for: Self.made(kind)))
    #expect(page.kind == .artist)
    #expect(page.id == 77)
    #expect(CreatorRole(page: page).title == title)
    let author = try #require(DetailLookups.author(for: page, country: "US"))
    #expect(
      author
        == (try LookupQuery(
          key: .ids([77]), entity: works, limit: DetailLookups.artistAlbumLimit + 1,
          country: "US")))
    let tracks = DetailLookups.tracks(for: page, country: "US")
    if let list {
      let limit = kind == .song ? 10 : 20
      #expect(
        tracks == (try LookupQuery(key: .ids([77]), entity: list, limit: limit, country: "US")))
    } else {
      #expect(tracks == nil)
    }
  }

  @Test("an artist record's type names its role; unknown types are music artists")
  func rolesFromArtistType() {
    #expect(CreatorRole(artistType: "Author") == .author)
    #expect(CreatorRole(artistType: "TV Show") == .show)
    #expect(CreatorRole(artistType: "Software Artist") == .developer)
    #expect(CreatorRole(artistType: "Movie Artist") == .movieArtist)
    #expect(CreatorRole(artistType: "Artist") == .artist)
    #expect(CreatorRole(artistType: nil) == .artist)
  }

  @Test("an artist's top songs are songs only, ten at most; albums and videos are left out")
  func topSongsAreSongs() {
    var artist = Samples.item(1, .artist, "Queen")
    artist.artistType = "Artist"
    let songs = (10..<24).map { Samples.item(Int64($0), .song) }
    let mixed =
      [artist, Samples.item(2, .album), Samples.item(3, .musicVideo)] + songs
    let listed = DetailLookups.trackItems(in: CatalogPage(items: mixed), for: artist)
    #expect(listed.map(\.id) == (10..<20).map { Int64($0) })
  }

  @Test("a creator's page keeps an empty block, so it can say there is nothing")
  func emptyCreatorPage() throws {
    var author = Samples.item(77, .artist, "Maker")
    author.artistType = "Author"
    // Apple's answer: the author, and a song that is not a book.
    let page = CatalogPage(items: [author, Samples.item(3, .song)])
    let block = try #require(DetailLookups.authorBlock(in: page, for: author))
    #expect(block.author == author)
    #expect(block.works.isEmpty)
  }

  @Test("the author block stays when the author lookup is empty but the item links its author")
  func blockKeptByLink() throws {
    let book = Self.made(.ebook)
    let block = try #require(DetailLookups.authorBlock(in: CatalogPage(items: []), for: book))
    #expect(block == AuthorBlock(author: nil, works: []))
    var unlinked = book
    unlinked.authorURLText = nil
    #expect(DetailLookups.authorBlock(in: CatalogPage(items: []), for: unlinked) == nil)
  }

  @Test("a recorded movie without an artistId looks up its collection's artist's movies")
  func movieCollectionArtist() throws {
    let movie = try Recordings.first(.featureMovie, in: Recordings.mixed)
    #expect(movie.authorID == nil)
    #expect(movie.collectionArtistID == 410_641_764)
    let query = try #require(DetailLookups.author(for: movie))
    #expect(query == (try LookupQuery(key: .ids([410_641_764]), entity: "movie", limit: 6)))
    // `c` opens its collection, whose page lists the collection's movies.
    let collection = try #require(DetailLookups.albumItem(for: movie))
    #expect(collection.id == movie.collectionID)
    #expect(collection.kind == .other(DetailLookups.movieCollectionKind))
    #expect(collection.title == "Star Wars: The Skywalker Saga 9-Movie Collection")
    #expect(collection.author == nil)
    #expect(
      DetailLookups.tracks(for: collection)
        == (try LookupQuery(key: .ids([1_502_346_977]), entity: "movie")))
  }

  @Test("c on a TV episode opens its season, whose page lists the season's episodes")
  func episodeSeason() throws {
    var episode = Self.made(.tvEpisode)
    episode.collectionID = 600
    episode.collection = "Show, Season 1"
    let season = try #require(DetailLookups.albumItem(for: episode))
    #expect(season.kind == .tvSeason)
    #expect(season.id == 600)
    #expect(season.title == "Show, Season 1")
    #expect(season.authorID == 77)
    #expect(
      DetailLookups.tracks(for: season) == (try LookupQuery(key: .ids([600]), entity: "tvEpisode")))
    #expect(DetailFeature.noCollectionNotice(.tvSeason) == "This is the season's page.")
    #expect(DetailFeature.noCollectionNotice(.featureMovie) == "This movie is in no collection.")
  }

  @Test("A on an app opens its developer's page; an empty answer leaves an empty list, not none")
  func developerPage() async throws {
    let clock = TestClock()
    let app = Self.made(.software)
    // The details answer first, then the developer's (empty) list of apps.
    let script = ScriptedClient(clock: clock) { request in
      let entity = request.parameters.first { $0.name == "entity" }?.value
      return (.seconds(entity == nil ? 1 : 2), .success(CatalogPage(items: [])))
    }
    let store = makeStore(
      AppState(stack: [.detail(DetailState(item: app, details: .loaded(app)))]),
      Samples.dependencies(client: script.client))
    let developer = try #require(DetailLookups.artistItem(for: app))
    #expect(developer.artistType == "Software Artist")
    try await store.send(.detail(.artistPageRequested)) {
      $0.stack.append(
        .detail(
          DetailState(
            item: developer, details: .loading(previous: nil), author: .loading(previous: nil))))
    }
    try await store.receive(.favoriteIDsLoaded([]))
    try await store.send(.detail(.artistPageRequested)) {
      $0.notice = "This is the developer's page."
    }
    await clock.settle(sleepers: 2)
    await clock.advance(by: .seconds(1))
    try await store.receive(.detail(.detailsLoaded(itemID: 77, .success(developer)))) {
      $0.stack[1] = .detail(
        DetailState(item: developer, details: .loaded(developer), author: .loading(previous: nil)))
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    try await store.receive(
      .detail(.authorLoaded(itemID: 77, .success(AuthorBlock(author: nil, works: []))))
    ) {
      $0.stack[1] = .detail(
        DetailState(
          item: developer, details: .loaded(developer),
          author: .loaded(AuthorBlock(author: nil, works: []))))
    }
    try await store.send(.backRequested) {
      $0.stack.removeLast()
      $0.notice = nil
    }
    try await store.finish()
  }
}
