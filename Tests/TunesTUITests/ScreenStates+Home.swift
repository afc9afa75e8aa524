import Foundation
import ITunesCatalog
import TestSupport
import TunesFeatures

extension ScreenStates {
  static let homeCases = [
    "home", "home-rows", "home-scrolled", "home-loading", "home-genres", "home-offline",
  ]

  /// Home screens: the recorded top songs and legacy podcasts, a failed row, an empty one and
  /// rows still loading.
  static func home(_ name: String, size: Viewport) throws -> AppState {
    var state = AppState(viewport: size)
    state.home.country = "us"
    let songs = try ChartPage.decode(Fixtures.shared("rss-v2-most-played-songs-us-100.json"))
    let podcasts = try ChartPage.decode(
      Fixtures.shared("rss-legacy-toppodcasts-genre1310-us.json"))
    let albums = try ChartPage.decode(
      Fixtures.ownFile("catalog/charts/v2-top-albums-gb-2.json"))
    state.home.rows[0].items = .loaded(Array(songs.items.prefix(25)))
    state.home.rows[1].items = .loaded(albums.items)
    state.home.rows[2].items = .loaded(podcasts.items)
    state.home.rows[2].skipped = 1
    state.home.rows[3].items = .failed(
      .client(.notFound(message: "replay: no recording for /api/v2/us/apps/top-free/25/apps.json")),
      previous: nil)
    state.home.rows[4].items = .loaded([])
    state.home.rows[5].items = .loading(previous: nil)
    state.home.rows[6].items = .loading(previous: nil)
    switch name {
    case "home":
      break
    case "home-rows":
      // Focus in the rows, the selection moved along the first row past its right edge.
      state.search.focus = .results
      state.home.rows[0].selection = 6
      state.favoriteIDs = [songs.items[6].id]
    case "home-scrolled":
      state.search.focus = .results
      state.home.focusedRow = 4
    case "home-genres":
      // The selection in the genres row under the charts, on Apps.
      state.search.focus = .results
      state.home.focusedRow = state.home.rows.count
      state.home.genreSelection = 2
    case "home-offline":
      // Every chart failed alike: one banner offers r and d, not seven rows of one error.
      let offline = FeatureError.client(.cannotConnect(host: "rss.applemarketingtools.com"))
      state.home.rows = state.home.rows.map {
        HomeRow(chart: $0.chart, items: .failed(offline, previous: nil), generation: 1)
      }
      state.demoAvailable = true
    case "home-loading":
      state.home.rows = state.home.rows.map {
        HomeRow(chart: $0.chart, items: .loading(previous: nil), generation: 1)
      }
      state.spinnerTick = 2
    default:
      throw RecordingError.missing("home state \(name)")
    }
    return state
  }
}
