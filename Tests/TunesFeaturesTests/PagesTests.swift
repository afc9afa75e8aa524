import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient
import TestSupport
import Testing

@testable import TunesFeatures

/// The album, artist and podcast pages: details whose blocks are the page's lists.
@MainActor
@Suite("Album, artist and podcast pages")
struct PagesTests {
  nonisolated static let artistID: Int64 = 414_425

  nonisolated static func dated(_ item: CatalogItem, year: Int) -> CatalogItem {
    var item = item
    item.releaseDate = Date(timeIntervalSince1970: Double(year - 1970) * 31_557_600)
    return item
  }

  nonisolated static var artist: CatalogItem {
    var artist = Samples.item(artistID, .artist, "Slayer")
    artist.genre = "Metal"
    artist.storeURLText = "https://itunes.apple.com/gb/artist/slayer/id414425?uo=4"
    return artist
  }

  nonisolated static func album(_ id: Int64, year: Int) -> CatalogItem {
    var album = dated(Samples.item(id, .album, "Album \(id)", authorID: artistID), year: year)
    album.author = "Slayer"
    return album
  }

  nonisolated static var song: CatalogItem {
    var song = Samples.item(9, .song, "Raining Blood", authorID: artistID)
    song.author = "Slayer"
    song.collection = "Reign in Blood"
    song.collectionID = 601
    song.authorURLText = "https://itunes.apple.com/gb/artist/slayer/id414425?uo=4"
    return song
  }

  @Test("c on a recorded Queen song opens its album page: the album's lookups fill the track list")
  func albumFromSong() async throws {
    let clock = TestClock()
    let all = try Recordings.items(Recordings.albumTracks)
    let recordedAlbum = try #require(all.first { $0.kind == .album })
    // The track list is everything but the album's own record (its songs and music videos).
    let songs = all.filter { $0.id != recordedAlbum.id }
    let song = try #require(songs.first { $0.kind == .song })
    let script = ScriptedClient(clock: clock) { request in
      let value = { (name: String) in request.parameters.first { $0.name == name }?.value }
      switch (value("id"), value("entity")) {
      case (String(recordedAlbum.id), nil):
        return (.seconds(1), .success(CatalogPage(items: [recordedAlbum])))
      case (String(recordedAlbum.id), "song"):
        return (.seconds(2), .success(CatalogPage(items: all)))
      default:
        return (.seconds(3), .failure(.notFound(message: nil)))
      }
    }
    let songDetail = DetailState(item: song, details: .loaded(song))
    let store = makeStore(
      AppState(stack: [.detail(songDetail)]), Samples.dependencies(client: script.client))
    let album = try #require(DetailLookups.albumItem(for: song))
    #expect(album.id == recordedAlbum.id)
    #expect(album.kind == .album)
    #expect(album.title == song.collection)
    // The album page picks the song it was opened from, once its tracks are in.
    let picked = try #require(songs.firstIndex { $0.id == song.id })
    func page(_ detail: DetailState, picked: Int? = nil) -> Route {
      var detail = detail
      detail.pendingTrackID = picked == nil ? song.id : nil
      detail.selectedTrack = picked
      return .detail(detail)
    }
    try await store.send(.detail(.albumPageRequested)) {
      $0.stack.append(
        page(
          DetailState(
            item: album, details: .loading(previous: nil), tracks: .loading(previous: nil),
            author: .loading(previous: nil))))
    }
    try await store.receive(.favoriteIDsLoaded([]))
    await clock.settle(sleepers: 3)
    await clock.advance(by: .seconds(1))
    try await store.receive(
      .detail(.detailsLoaded(itemID: album.id, .success(recordedAlbum)))
    ) {
      $0.stack[1] = page(
        DetailState(
          item: album, details: .loaded(recordedAlbum), tracks: .loading(previous: nil),
          author: .loading(previous: nil)))
    }
    await clock.settle(sleepers: 2)
    await clock.advance(by: .seconds(1))
    try await store.receive(.detail(.tracksLoaded(itemID: album.id, .success(songs)))) {
      $0.stack[1] = page(
        DetailState(
          item: album, details: .loaded(recordedAlbum), tracks: .loaded(songs),
          author: .loading(previous: nil)), picked: picked)
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    try await store.receive(
      .detail(.authorLoaded(itemID: album.id, .failure(.client(.notFound(message: nil)))))
    ) {
      $0.stack[1] = page(
        DetailState(
          item: album, details: .loaded(recordedAlbum), tracks: .loaded(songs),
          author: .failed(.client(.notFound(message: nil)), previous: nil)), picked: picked)
    }
    #expect(songs.count == all.count - 1)
    #expect(store.state.topDetail?.selectedTrackItem?.id == song.id)
    #expect(store.state.topDetail?.shownItem.copyright != nil)
    #expect(
      script.request(with: "entity", "song") == ["id": String(recordedAlbum.id), "entity": "song"])
    try await store.send(.backRequested) { $0.stack.removeLast() }
    try await store.finish()
  }

  @Test("c where there is no album, A where there is no author or on the artist page: a notice")
  func notices() async throws {
    let album = Self.album(601, year: 1986)
    let noAuthor = Samples.item(5, .featureMovie)
    let store = makeStore(
      AppState(stack: [.detail(DetailState(item: album, details: .loaded(album)))]),
      Samples.dependencies())
    try await store.send(.detail(.albumPageRequested)) { $0.notice = "This is the album's page." }
    let artistPage = makeStore(
      AppState(stack: [.detail(DetailState(item: Self.artist))]), Samples.dependencies())
    try await artistPage.send(.detail(.artistPageRequested)) {
      $0.notice = "This is the artist's page."
    }
    try await artistPage.send(.detail(.albumPageRequested)) {
      $0.notice = "This item has no album."
    }
    let other = makeStore(
      AppState(stack: [.detail(DetailState(item: noAuthor))]), Samples.dependencies())
    try await other.send(.detail(.artistPageRequested)) {
      $0.notice = "This item has no film maker page."
    }
    try await artistPage.finish()
    try await store.finish()
    try await other.finish()
  }

  @Test(
    "A opens the artist page: the author block's record, top songs, albums newest first")
  func artistPage() async throws {
    let clock = TestClock()
    let albums = [
      Self.album(601, year: 1986), Self.album(602, year: 2015), Self.album(603, year: 1990),
      Samples.item(604, .album, "Undated", authorID: Self.artistID),
    ]
    let topSongs = [Self.song, Samples.item(10, .song, "Angel of Death", authorID: Self.artistID)]
    let script = ScriptedClient(clock: clock) { request in
      let value = { (name: String) in request.parameters.first { $0.name == name }?.value }
      switch (value("id"), value("entity")) {
      case (String(Self.artistID), nil):
        return (.seconds(1), .success(CatalogPage(items: [Self.artist])))
      case (String(Self.artistID), "song"):
        return (.seconds(2), .success(CatalogPage(items: [Self.artist] + topSongs)))
      case (String(Self.artistID), "album"):
        return (.seconds(3), .success(CatalogPage(items: [Self.artist] + albums)))
      default:
        return (.seconds(9), .failure(.notFound(message: nil)))
      }
    }
    let block = AuthorBlock(author: Self.artist, works: [Self.album(601, year: 1986)])
    let songDetail = DetailState(
      item: Self.song, details: .loaded(Self.song), author: .loaded(block))
    let store = makeStore(
      AppState(stack: [.detail(songDetail)]), Samples.dependencies(client: script.client))
    try await store.send(.detail(.artistPageRequested)) {
      $0.stack.append(
        .detail(
          DetailState(
            item: Self.artist, details: .loading(previous: nil), tracks: .loading(previous: nil),
            author: .loading(previous: nil))))
    }
    try await store.receive(.favoriteIDsLoaded([]))
    await clock.settle(sleepers: 3)
    await clock.advance(by: .seconds(1))
    try await store.receive(.detail(.detailsLoaded(itemID: Self.artistID, .success(Self.artist)))) {
      $0.stack[1] = .detail(
        DetailState(
          item: Self.artist, details: .loaded(Self.artist), tracks: .loading(previous: nil),
          author: .loading(previous: nil)))
    }
    await clock.settle(sleepers: 2)
    await clock.advance(by: .seconds(1))
    try await store.receive(.detail(.tracksLoaded(itemID: Self.artistID, .success(topSongs)))) {
      $0.stack[1] = .detail(
        DetailState(
          item: Self.artist, details: .loaded(Self.artist), tracks: .loaded(topSongs),
          author: .loading(previous: nil)))
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    let newest = AuthorBlock(
      author: Self.artist, works: [albums[1], albums[2], albums[0], albums[3]])
    try await store.receive(.detail(.authorLoaded(itemID: Self.artistID, .success(newest)))) {
      $0.stack[1] = .detail(
        DetailState(
          item: Self.artist, details: .loaded(Self.artist), tracks: .loaded(topSongs),
          author: .loaded(newest)))
    }
    #expect(
      script.request(with: "entity", "album") == [
        "id": String(Self.artistID), "entity": "album", "limit": "21",
      ])
    #expect(
      script.request(with: "entity", "song") == [
        "id": String(Self.artistID), "entity": "song", "limit": "10",
      ])
    // The albums are tiles: → and Enter open one (its own album page).
    try await store.send(.detail(.workMoved(forward: true))) {
      $0.stack[1] = .detail(
        DetailState(
          item: Self.artist, details: .loaded(Self.artist), tracks: .loaded(topSongs),
          author: .loaded(newest), focusedWork: 0))
    }
    try await store.send(.detail(.focusedWorkOpened)) {
      $0.stack.append(
        .detail(
          DetailState(
            item: albums[1], details: .loading(previous: nil), tracks: .loading(previous: nil),
            author: .loading(previous: nil))))
    }
    try await store.receive(.favoriteIDsLoaded([]))
    try await store.send(.backRequested) { $0.stack.removeLast() }
    try await store.send(.backRequested) { $0.stack.removeLast() }
    await clock.advance(by: .seconds(10))
    try await store.finish()
  }

  @Test("the artist page made from a song: its id, name and store link; nothing invented")
  func artistItem() throws {
    let artist = try #require(DetailLookups.artistItem(for: Self.song))
    #expect(artist.id == Self.artistID)
    #expect(artist.kind == .artist)
    #expect(artist.title == "Slayer")
    #expect(artist.storeURLText == Self.song.authorURLText)
    #expect(artist.genre == nil)
    #expect(DetailLookups.artistItem(for: Samples.item(1, .song)) == nil)
    #expect(DetailLookups.albumItem(for: Samples.item(1, .song)) == nil)
    #expect(DetailLookups.albumItem(for: Self.album(601, year: 1986)) == nil)
  }

  @Test("a recorded podcast's episodes come newest first, each with a date")
  func podcastEpisodesNewestFirst() throws {
    let all = try Recordings.items(Recordings.podcastEpisodes)
    let podcast = try #require(all.first { $0.kind == .podcast })
    // Apple's order reversed: the page sorts them again.
    let page = CatalogPage(items: all.reversed())
    let episodes = DetailLookups.trackItems(in: page, for: podcast)
    #expect(episodes.count == all.count - 1)
    #expect(episodes.allSatisfy { $0.kind == .podcastEpisode && $0.releaseDate != nil })
    let dates = episodes.compactMap(\.releaseDate)
    #expect(dates == dates.sorted(by: >))
    let query = try #require(DetailLookups.tracks(for: podcast))
    #expect(query.entity == "podcastEpisode")
    #expect(query.sort == .recent)
  }
}
