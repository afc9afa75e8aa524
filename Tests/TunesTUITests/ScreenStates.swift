import Foundation
import ITunesCatalog
import TerminalUI
import TestSupport
import TunesFeatures

@testable import TunesTUI

/// Screen states built from the shared recordings, for golden files.
enum ScreenStates {
  static func searched(
    _ items: [CatalogItem], term: String = "jack johnson", size: Viewport
  ) -> TUIState {
    var app = AppState(viewport: size)
    app.search.query = term
    app.search.submitted = SubmittedSearch(term: term, filters: SearchFilters(), limit: 30)
    app.search.results = .loaded(items)
    app.search.focus = .results
    app.search.source = .network
    return TUIState(app: app, query: TextFieldState(text: term))
  }

  static func search(_ name: String, size: Viewport) throws -> TUIState {
    let items = try Recordings.items(Recordings.mixed)
    var state = searched(items, size: size)
    switch name {
    case "welcome":
      state = TUIState(app: AppState(viewport: size))
    case "suggestions":
      state = TUIState(app: AppState(viewport: size), query: TextFieldState(text: "ja"))
      state.app.search.query = "ja"
      state.app.search.suggestions = ["jack johnson", "Jazz Classics", "ninja tunes"]
      state.app.search.highlightedSuggestion = 1
    case "loading":
      state.app.search.results = .loading(previous: nil)
      state.spinnerTick = 3
    case "reloading":
      state.app.search.results = .loading(previous: items)
      state.app.search.query = "jack johnson live"
      state.app.search.submitted?.term = "jack johnson live"
    case "results":
      state.app.search.selection = 1
      state.app.favoriteIDs = [items[2].id]
      state.app.search.source = .cache(
        fetchedAt: Date(timeIntervalSince1970: 1_795_000_000), stale: true)
    case "error":
      state.app.search.results = .failed(.client(.timedOut(seconds: 15)), previous: nil)
    case "rate-limited":
      state.app.search.results = .failed(
        .rateLimited(retryAfter: .seconds(60), at: .seconds(100)), previous: nil)
      state.app.search.rateLimitedUntil = .seconds(160)
      state.app.search.now = .seconds(118)
    case "empty":
      state.app.search.results = .loaded([])
      state.app.search.query = "zzqqx"
      state.app.search.submitted?.term = "zzqqx"
      state.app.filters.media = .music
      state.app.filters.country = "GB"
    case "grouped":
      state.app.search.grouped = true
      state.app.search.selection = 0
    case "help":
      state.app.overlay = .help
    case "filters":
      state.app.overlay = .filters(
        FiltersState(draft: SearchFilters(media: .music, country: "GB"), focusedField: .country))
    default:
      throw RecordingError.missing(name)
    }
    return state
  }

  static func detail(_ name: String, size: Viewport) throws -> TUIState {
    var detail: DetailState
    switch name {
    case "song":
      let song = try Recordings.first(.song, in: Recordings.songs)
      detail = DetailState(item: song, details: .loaded(song), author: .loading(previous: nil))
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
    case "movie":
      let movie = try Recordings.first(.featureMovie, in: Recordings.mixed)
      detail = DetailState(item: movie, details: .loading(previous: nil))
    case "app":
      let app = try Recordings.first(.software, in: Recordings.app)
      detail = DetailState(
        item: app, details: .loaded(app),
        author: .failed(.client(.timedOut(seconds: 15)), previous: nil))
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
    app.favoriteIDs = name == "song" ? [detail.item.id] : []
    return TUIState(app: app)
  }

  static func favorites(_ name: String, size: Viewport) throws -> TUIState {
    let items = try Recordings.items(Recordings.mixed)
    let favorites: FavoritesState
    switch name {
    case "list": favorites = FavoritesState(items: .loaded(Array(items.prefix(8))), selection: 2)
    case "empty": favorites = FavoritesState(items: .loaded([]))
    case "loading": favorites = FavoritesState(items: .loading(previous: nil))
    default: throw RecordingError.missing(name)
    }
    var app = AppState(stack: [.favorites(favorites)], viewport: size)
    app.notice = name == "list" ? "Saved to favourites" : nil
    return TUIState(app: app)
  }
}
