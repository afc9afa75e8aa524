import Foundation
import ITunesCatalog
import Playback
import TerminalUI
import TestSupport
import TunesFeatures

@testable import TunesTUI

/// Screen states built from the shared recordings, for golden files.
enum ScreenStates {
  static func searched(
    _ items: [CatalogItem], term: String = "jack johnson", size: Viewport
  ) -> AppState {
    var app = AppState(viewport: size)
    app.search.query = term
    app.search.queryCursor = term.count
    app.search.submitted = SubmittedSearch(term: term, filters: SearchFilters(), limit: 30)
    app.search.results = .loaded(items)
    app.search.focus = .results
    app.search.source = .network
    return settled(app)
  }

  static func search(_ name: String, size: Viewport) throws -> AppState {
    let items = try Recordings.items(Recordings.mixed)
    var state = searched(items, size: size)
    switch name {
    case "welcome":
      state = AppState(viewport: size)
    case "suggestions":
      state = AppState(viewport: size)
      state.search.query = "ja"
      state.search.queryCursor = 2
      state.search.suggestions = ["jack johnson", "Jazz Classics", "ninja tunes"]
      state.search.highlightedSuggestion = 1
    case "loading":
      state.search.results = .loading(previous: nil)
      state.spinnerTick = 3
    case "reloading":
      state.search.results = .loading(previous: items)
      state.search.query = "jack johnson live"
      state.search.submitted?.term = "jack johnson live"
    case "results":
      state.search.shownTerm = "jack johnson"
      state.search.selection = 1
      state.favoriteIDs = [items[2].id]
      state.search.source = .cache(
        fetchedAt: Date(timeIntervalSince1970: 1_795_000_000), stale: true)
    case "failed-after-results":
      // "jack johnson" was answered; "jack johnson live" then failed.
      state.search.shownTerm = "jack johnson"
      state.search.query = "jack johnson live"
      state.search.queryCursor = 17
      state.search.submitted?.term = "jack johnson live"
      state.search.results = .failed(.client(.timedOut(seconds: 15)), previous: items)
    case "load-more-failed":
      state.search.selection = items.count - 1
      state.search.submitted?.limit = items.count
      state.search.loadMoreError = .client(.serverError(status: 503, attempts: 3))
    case "not-found":
      state.search.results = .failed(
        .client(.notFound(message: "replay: no recording for /search?limit=30&term=jack+johnson")),
        previous: nil)
    case "error":
      state.search.results = .failed(.client(.timedOut(seconds: 15)), previous: nil)
    case "rate-limited":
      state.search.results = .failed(
        .rateLimited(retryAfter: .seconds(60), at: .seconds(100)), previous: nil)
      state.search.rateLimitedUntil = .seconds(160)
      state.search.now = .seconds(118)
    case "empty":
      state.search.results = .loaded([])
      state.search.query = "zzqqx"
      state.search.submitted?.term = "zzqqx"
      state.filters.media = .music
      state.filters.country = "GB"
    case "grouped":
      state.search.grouped = true
      state.search.selection = 0
    case "playing":
      guard let song = items.first(where: { $0.previewURLText != nil }) else {
        throw RecordingError.missing("a song with a preview")
      }
      state.playback = playing(song, at: 7.5)
    case "help":
      state.overlay = .help
    case "filters":
      state.overlay = .filters(
        FiltersState(draft: SearchFilters(media: .music, country: "GB"), focusedField: .language))
    case "cancelled":
      // Esc stopped the first search before it was answered: nothing found, nothing counted.
      state.search.results = .idle
      state.search.submitted = nil
      state.search.cancelledTerm = "jack johnson live"
      state.search.query = "jack johnson live"
      state.search.queryCursor = 17
      state.search.focus = .query
    case "all-loaded":
      // Load more asked for 60 and Apple had no more than these.
      state.search.selection = items.count - 1
      state.search.submitted?.limit = items.count + 30
      state.search.allLoaded = true
    case "arranged":
      // `t` to movies only, `o` to title: the grid and the bar say what is shown (finding 16).
      state.search.kindShown = .featureMovie
      state.search.order = .title
      state.search.selection = 0
    case "rate-limited-queued":
      // Throttled on "jack johnson"; "jack johnson live" was typed and waits its turn.
      state.search.results = .failed(
        .rateLimited(retryAfter: .seconds(60), at: .seconds(100)), previous: nil)
      state.search.rateLimitedUntil = .seconds(160)
      state.search.now = .seconds(118)
      state.search.query = "jack johnson live"
      state.search.queued = SubmittedSearch(
        term: "jack johnson live", filters: SearchFilters(), limit: 30)
    case "settings", "settings-error":
      // The storefront chosen (shown in the header), the panel over the results.
      state.filters.country = "GB"
      state.overlay = .settings(
        name == "settings"
          ? SettingsState(country: "GB", images: "kitty", video: "auto")
          : SettingsState(
            country: "XX", error: AppFeature.countryError("XX"), video: "window"))
    default:
      throw RecordingError.missing(name)
    }
    return settled(state)
  }

  /// The state after the screen reported its measurements and the reducer kept the selection
  /// in view, as the program loop does before the frame a person sees.
  static func settled(_ state: AppState) -> AppState {
    var state = state
    let reducer = AppFeature(dependencies: .test)
    for _ in 0..<3 {
      let metrics = AppScreen.render(state).metrics
      _ = reducer.reduce(into: &state, action: .layoutMeasured(metrics))
      if AppScreen.render(state).metrics == metrics { break }
    }
    return state
  }

  static func detail(_ name: String, size: Viewport) throws -> AppState {
    var detail: DetailState
    var playback = PlaybackState()
    switch name {
    case "song":
      let song = try Recordings.first(.song, in: Recordings.songs)
      detail = DetailState(item: song, details: .loaded(song), author: .loading(previous: nil))
    case "song-playing", "song-paused":
      let song = try Recordings.first(.song, in: Recordings.songs)
      detail = DetailState(item: song, details: .loaded(song), author: .loading(previous: nil))
      playback = playing(song, at: 12.25, paused: name == "song-paused")
    case "song-failed":
      let song = try Recordings.first(.song, in: Recordings.songs)
      detail = DetailState(item: song, details: .loaded(song), author: .loading(previous: nil))
      playback = playing(song, at: 0)
      let message = "The preview could not be loaded (HTTP 404 from audio-ssl.itunes.apple.com)."
      playback.player.apply(.failed(PlaybackFailure(.unavailable, message)))
      playback.error = message
    case "album":
      let all = try Recordings.items(Recordings.albumTracks)
      guard let album = all.first(where: { $0.kind == .album }) else {
        throw RecordingError.missing("album")
      }
      let songs = all.filter { $0.kind == .song }
      detail = DetailState(
        item: album, details: .loaded(album), tracks: .loaded(songs),
        author: .loaded(AuthorBlock(author: nil, works: Array(songs.suffix(5)))),
        focusedWork: 1)
    case "album-loading":
      // The album page as a song's `c` opens it: what the song knew, the lists loading.
      let song = try Recordings.first(.song, in: Recordings.albumTracks)
      guard let album = DetailLookups.albumItem(for: song) else {
        throw RecordingError.missing("album of \(song.title)")
      }
      detail = DetailState(
        item: album, details: .loading(previous: nil), tracks: .loading(previous: nil),
        author: .failed(.client(.offline), previous: nil))
    case "artist":
      // The recorded Slayer artist: top songs loading, the albums failed.
      let artist = try Recordings.first(.artist, in: Recordings.artist)
      detail = DetailState(
        item: artist, details: .loaded(artist), tracks: .loading(previous: nil),
        author: .failed(.client(.timedOut(seconds: 15)), previous: nil))
    case "artist-loaded":
      // Queen's page as a song's `A` opens it, its lists from the album recording.
      let all = try Recordings.items(Recordings.albumTracks)
      let songs = all.filter { $0.kind == .song }
      guard let song = songs.first, let artist = DetailLookups.artistItem(for: song),
        let album = all.first(where: { $0.kind == .album })
      else { throw RecordingError.missing("Queen") }
      detail = DetailState(
        item: artist, details: .loaded(artist), tracks: .loaded(Array(songs.prefix(10))),
        author: .loaded(AuthorBlock(author: artist, works: [album])), focusedWork: 0)
    case "movie":
      let movie = try Recordings.first(.featureMovie, in: Recordings.mixed)
      detail = DetailState(item: movie, details: .loading(previous: nil))
    case "app":
      let app = try Recordings.first(.software, in: Recordings.app)
      detail = DetailState(
        item: app, details: .loaded(app),
        author: .failed(.client(.timedOut(seconds: 15)), previous: nil))
    case "app-loaded", "app-notes":
      // Facebook's page with other recorded apps standing in for the developer's.
      let app = try Recordings.first(.software, in: Recordings.app)
      let others =
        try Recordings.items("software-lookup-2-apps-escaped-slashes.json")
        + Recordings.items("software-lookup-bundleid-at.felixkrause.iTanky-raw2012.json")
      detail = DetailState(
        item: app, details: .loaded(app),
        author: name == "app-notes"
          ? .loading(previous: nil) : .loaded(AuthorBlock(author: nil, works: others)),
        focusedWork: name == "app-notes" ? nil : 1)
      detail.notesExpanded = name == "app-notes"
      // The notes whole from their heading; the loaded page at its end (the developer's apps).
      detail.scroll = name == "app-notes" ? 14 : 1000
    case "app-screenshots":
      // Facebook's page with artwork on, scrolled to its screenshots on their second page:
      // one drawn, one that failed, the rest loading.
      let app = try Recordings.first(.software, in: Recordings.app)
      detail = DetailState(
        item: app, details: .loaded(app), author: .loaded(AuthorBlock(author: nil, works: [])))
      detail.screenshotStart = 1
      detail.scroll = size.rows > 30 ? 24 : 26
    case "author-empty":
      // A book's author whose page Apple answers with no books and no audiobooks here.
      var book = CatalogItem(id: 5, kind: .ebook, title: "The Adventures of Tom Sawyer")
      book.author = "Mark Twain"
      book.authorID = 77
      book.authorURLText = "https://books.apple.com/us/author/mark-twain/id77"
      guard let author = DetailLookups.artistItem(for: book) else {
        throw RecordingError.missing("author")
      }
      detail = DetailState(
        item: author, details: .loaded(author), tracks: .loaded([]),
        author: .loaded(AuthorBlock(author: author, works: [])))
    case "book":
      // A book whose author lookup came back empty: the block keeps the author's link.
      var book = CatalogItem(id: 5, kind: .ebook, title: "The Adventures of Tom Sawyer")
      book.author = "Mark Twain"
      book.authorID = 77
      book.authorURLText = "https://books.apple.com/us/author/mark-twain/id77"
      book.genre = "Fiction & Literature"
      detail = DetailState(
        item: book, details: .loaded(book),
        author: .loaded(AuthorBlock(author: nil, works: [])))
    case "podcast":
      let all = try Recordings.items(Recordings.podcastEpisodes)
      guard let podcast = all.first(where: { $0.kind == .podcast }) else {
        throw RecordingError.missing("podcast")
      }
      detail = DetailState(
        item: podcast, details: .loaded(podcast),
        tracks: .loaded(all.filter { $0.kind == .podcastEpisode }))
    default:
      throw RecordingError.missing(name)
    }
    var app = AppState(stack: [.detail(detail)], viewport: size)
    app.favoriteIDs = name.hasPrefix("song") ? [detail.item.id] : []
    app.playback = playback
    guard name == "app-screenshots" else { return settled(app) }
    app.artwork = ArtworkState(enabled: true, cellWidth: 10, cellHeight: 20)
    app = settled(app)
    let shots = AppScreen.render(app).metrics.artwork.filter { $0.url.contains("/screen") }
    for (index, need) in shots.enumerated() {
      app.artwork.statuses[need.key] = index == 0 ? .ready : index == 1 ? .failed : .loading
    }
    return app
  }

  /// A 30-second preview of `item` playing at `position`.
  static func playing(_ item: CatalogItem, at position: Double, paused: Bool = false)
    -> PlaybackState
  {
    var player = PlayerState()
    player.apply(.loading(item.previewURL ?? URL(test: "http://127.0.0.1/preview.m4a")))
    player.apply(.started)
    player.apply(.duration(29.98))
    player.apply(.position(position))
    if paused { player.apply(.paused(true)) }
    return PlaybackState(itemID: item.id, title: item.title, player: player)
  }

  /// The favourites screen's cases (golden files at 80x24, `list` at 120x40 too).
  static let favoritesCases = [
    "list", "empty", "loading", "filtering", "removed", "window", "nomatch", "by-kind",
  ]

  static func favorites(_ name: String, size: Viewport) throws -> AppState {
    let items = try Recordings.items(Recordings.mixed)
    var favorites: FavoritesState
    var notice: String?
    switch name {
    case "list":
      favorites = FavoritesState.showing(Array(items.prefix(8)), selection: 2)
      notice = "Saved to favourites"
    case "empty": favorites = FavoritesState.showing([])
    case "loading": favorites = FavoritesState(phase: .loading(previous: nil))
    case "filtering":
      // Typing "jack" with songs only: the counts are for the text, the kind marked.
      let all = Array(items.prefix(8))
      favorites = FavoritesState.showing(all.filter { $0.kind == .song }, selection: 0)
      favorites.counts = [
        FavoriteKindCount(kind: .song, count: 3), FavoriteKindCount(kind: .album, count: 1),
      ]
      favorites.listing = FavoritesListing(text: "jack", kind: .song)
      favorites.filterEdit = QueryText("jack")
    case "removed":
      let all = Array(items.prefix(8))
      favorites = FavoritesState.showing(Array(all.dropFirst()), selection: 0)
      favorites.removed = FavoritesState.showing([all[0]]).window.rows.first
    case "window":
      // 100,000 favourites, the window read from row 50: rows 40 to 49 are on their way.
      let rows = (0..<60).map { (n: Int) -> FavoriteRow in
        let id = Int64(500 + n)
        let title = "Song \(50 + n)"
        let added: Double = 1_796_000_000 - Double(n * 60)
        let place = FavoritePlace(
          id: id, kind: "song", title: title, addedAt: added, seq: Int64(100_000 - n))
        return FavoriteRow(item: CatalogItem(id: id, kind: .song, title: title), place: place)
      }
      favorites = FavoritesState(
        window: FavoritesWindow(start: 50, rows: rows), phase: .loaded(100_000),
        counts: [FavoriteKindCount(kind: .song, count: 100_000)], selection: 52, offset: 44)
    case "nomatch":
      favorites = FavoritesState(
        listing: FavoritesListing(text: "zzz"), phase: .loaded(0), counts: [])
    case "by-kind":
      favorites = FavoritesState.showing(Array(items.prefix(8)), selection: 1)
      favorites.listing.order = .kind
      favorites.window.rows.sort { $0.place.kind < $1.place.kind }
    default: throw RecordingError.missing(name)
    }
    var app = AppState(stack: [.favorites(favorites)], viewport: size)
    app.notice = notice
    return settled(app)
  }
}
