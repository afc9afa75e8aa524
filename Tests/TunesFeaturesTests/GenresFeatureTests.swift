import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient
import Synchronization
import TestSupport
import Testing

@testable import TunesFeatures

/// Answers genre requests from the recorded Music tree (subtrees by id, `{}` → unknown) and
/// chart requests with `chart`'s page; records every request, and whether a request was
/// cancelled while `hang` kept it waiting.
final class GenreScript: Sendable {
  private let recorded = Mutex<[FeedRequest]>([])
  private let cancelled = Mutex<[String]>([])
  let tree: Genre
  private let chart: @Sendable (FeedRequest) throws -> ChartPage
  private let hang: @Sendable (FeedRequest) -> Bool

  init(
    hang: @escaping @Sendable (FeedRequest) -> Bool = { _ in false },
    chart: @escaping @Sendable (FeedRequest) throws -> ChartPage = { _ in
      ChartPage(items: [], format: .legacy)
    }
  ) throws {
    tree = try Genre.decode(Fixtures.shared("genres-id34-music-tree.json"), id: 34)
    self.chart = chart
    self.hang = hang
  }

  var paths: [String] { recorded.withLock { $0.map(\.pathAndQuery) } }
  var cancelledPaths: [String] { cancelled.withLock { $0 } }

  var client: ITunesClient {
    ITunesClient.failing().withFeeds { request in
      self.recorded.withLock { $0.append(request) }
      if self.hang(request) {
        do { try await Task.sleep(for: .seconds(3600)) } catch {
          self.cancelled.withLock { $0.append(request.pathAndQuery) }
          throw error
        }
      }
      switch request.document {
      case .genres(let id):
        guard let genre = self.tree.find(id) else { throw ClientError.decoding(.unknownGenre(id)) }
        return .genre(genre)
      case .chart:
        return .chart(try self.chart(request))
      }
    }
  }
}

@MainActor
@Suite("Genres: media, genre tree, a genre's charts")
struct GenresFeatureTests {
  nonisolated static func songs(_ count: Int, from first: Int64 = 1) -> [CatalogItem] {
    (0..<count).map { Samples.item(first + Int64($0), .song, "Song \(first + Int64($0))") }
  }

  static let music = GenreMedium.all[0]

  /// Changes the genres screen in `state`'s stack.
  static func genres(_ state: inout AppState, _ change: (inout GenresState) -> Void) {
    guard let index = state.stack.lastIndex(where: { $0.genres != nil }),
      var genres = state.stack[index].genres
    else { return }
    change(&genres)
    state.stack[index] = .genres(genres)
  }

  /// Changes the top level (of kind `.tree`) of the genres screen.
  static func tree(_ state: inout AppState, _ change: (inout GenreTreeLevel) -> Void) {
    genres(&state) { genres in
      guard case .tree(var level) = genres.top else { return }
      change(&level)
      genres.levels[genres.levels.count - 1] = .tree(level)
    }
  }

  /// Changes the top level (of kind `.charts`) of the genres screen.
  static func charts(_ state: inout AppState, _ change: (inout GenreChartsLevel) -> Void) {
    genres(&state) { genres in
      guard case .charts(var level) = genres.top else { return }
      change(&level)
      genres.levels[genres.levels.count - 1] = .charts(level)
    }
  }

  /// The Music tree as it came from the service, with `selection`.
  static func musicLevel(_ tree: Genre, selection: Int = 0, generation: Int = 1) -> GenreLevel {
    .tree(
      GenreTreeLevel(
        id: 34, name: "Music", medium: music, genre: .loaded(tree), selection: selection,
        generation: generation))
  }

  @Test("g opens the media; Enter asks the genre service for the medium in the filters' store")
  func openMedium() async throws {
    let script = try GenreScript()
    let store = makeStore(
      AppState(filters: SearchFilters(country: "GB")), Samples.dependencies(client: script.client))
    try await store.send(.genres(.opened(medium: nil))) {
      $0.stack = [.genres(GenresState(country: "gb"))]
    }
    #expect(store.state.stack[0].genres?.crumbs == ["Genres"])
    try await store.send(.genres(.selectionMoved(.down))) {
      Self.genres(&$0) { $0.levels = [.media(MediaLevel(selection: 1))] }
    }
    try await store.send(.genres(.selectionMoved(.up))) {
      Self.genres(&$0) { $0.levels = [.media(MediaLevel(selection: 0))] }
    }
    try await store.send(.genres(.selectionOpened)) {
      Self.genres(&$0) {
        $0.levels.append(
          .tree(
            GenreTreeLevel(
              id: 34, name: "Music", medium: Self.music, genre: .loading(previous: nil),
              generation: 1)))
      }
    }
    #expect(store.state.isLoading)
    try await store.receive(.genres(.treeLoaded(generation: 1, .success(script.tree)))) {
      Self.tree(&$0) { $0.genre = .loaded(script.tree) }
    }
    try await store.finish()
    #expect(script.paths == ["/WebObjects/MZStoreServices.woa/ws/genres?id=34&cc=gb"])
    #expect(store.state.stack[0].genres?.crumbs == ["Genres", "Music"])
    #expect(
      store.state.stack[0].genres.map { if case .tree(let l) = $0.top { l.rowCount } else { 0 } }
        == 45)
  }

  @Test("An unknown genre fails its level with its error; r asks again, a stale answer is dropped")
  func treeErrorRetryStale() async throws {
    let script = try GenreScript()
    let audiobooks = GenreMedium.all.firstIndex { $0.id == 50_000_024 } ?? 0
    var state = AppState()
    state.stack = [.genres(GenresState(levels: [.media(MediaLevel(selection: audiobooks))]))]
    let store = makeStore(state, Samples.dependencies(client: script.client))
    let medium = GenreMedium.all[audiobooks]
    try await store.send(.genres(.selectionOpened)) {
      Self.genres(&$0) {
        $0.levels.append(
          .tree(
            GenreTreeLevel(
              id: medium.id, name: "Audiobooks", medium: medium, genre: .loading(previous: nil),
              generation: 1)))
      }
    }
    let unknown = FeatureError.client(.decoding(.unknownGenre(50_000_024)))
    try await store.receive(.genres(.treeLoaded(generation: 1, .failure(unknown)))) {
      Self.tree(&$0) { $0.genre = .failed(unknown, previous: nil) }
    }
    #expect(unknown.title == "Apple knows no genre 50000024.")
    // r: a new load with a new number.
    try await store.send(.genres(.retryRequested)) {
      $0.notice = "Retrying Audiobooks…"
      Self.tree(&$0) {
        $0.generation = 2
        $0.genre = .loading(previous: nil)
      }
    }
    try await store.receive(.genres(.treeLoaded(generation: 2, .failure(unknown)))) {
      Self.tree(&$0) { $0.genre = .failed(unknown, previous: nil) }
    }
    // The first load's answer arriving late changes nothing.
    try await store.send(.genres(.treeLoaded(generation: 1, .success(script.tree))))
    try await store.finish()
    #expect(script.paths.count == 2)
  }

  @Test("Drilling down: a subgenre with subgenres is a level of its own, a leaf opens its charts")
  func drillDownToCharts() async throws {
    let script = try GenreScript(chart: { request in
      if request.pathAndQuery.contains("topalbums") { throw ClientError.notFound(message: nil) }
      return ChartPage(items: Self.songs(3), skippedCount: 1, format: .legacy)
    })
    let tree = script.tree
    var state = AppState()
    state.stack = [
      .genres(GenresState(levels: [.media(MediaLevel()), Self.musicLevel(tree)]))
    ]
    let store = makeStore(state, Samples.dependencies(client: script.client))
    let blues = try #require(tree.find(2))
    try await store.send(.genres(.selectionMoved(.down))) { Self.tree(&$0) { $0.selection = 1 } }
    try await store.send(.genres(.selectionOpened)) {
      Self.genres(&$0) {
        $0.levels.append(
          .tree(GenreTreeLevel(id: 2, name: "Blues", medium: Self.music, genre: .loaded(blues))))
      }
    }
    // No request: the subtree came with Music's.
    #expect(script.paths.isEmpty)
    #expect(store.state.stack[0].genres?.crumbs == ["Genres", "Music", "Blues"])
    try await store.send(.genres(.rowClicked(1))) { Self.tree(&$0) { $0.selection = 1 } }
    let chicago = try #require(blues.subgenres.first)
    #expect(chicago.name == "Chicago Blues" && chicago.subgenres.isEmpty)
    let songs = try #require(GenreChart(feed: "topsongs"))
    let albums = try #require(GenreChart(feed: "topalbums"))
    // A second click on the selected row opens it: a leaf, so its charts.
    try await store.send(.genres(.rowClicked(1))) {
      Self.genres(&$0) {
        $0.levels.append(
          .charts(
            GenreChartsLevel(
              genre: chicago, medium: Self.music,
              rows: [
                GenreChartRow(chart: songs, items: .loading(previous: nil), generation: 1),
                GenreChartRow(chart: albums, items: .loading(previous: nil), generation: 1),
              ])))
      }
    }
    for _ in 0..<2 {
      var feed: String?
      let isChart: (AppAction) -> Bool = {
        guard case .genres(.chart(let answered, .loaded(_, _))) = $0 else { return false }
        feed = answered
        return true
      }
      try await store.receive(matching: isChart) { state in
        Self.charts(&state) { level in
          // Whichever came first: the songs fill their row, the albums fail in theirs.
          if feed == "topsongs" {
            level.rows[0].items = .loaded(Self.songs(3))
            level.rows[0].skipped = 1
          } else {
            level.rows[1].items = .failed(.client(.notFound(message: nil)), previous: nil)
          }
        }
      }
    }
    try await store.finish()
    #expect(
      Set(script.paths) == [
        "/us/rss/topsongs/limit=25/genre=1007/json", "/us/rss/topalbums/limit=25/genre=1007/json",
      ])
    #expect(store.state.stack[0].genres?.crumbs == ["Genres", "Music", "Blues", "Chicago Blues"])
  }

  /// Chicago Blues' charts, both rows loading (each its load 1), over the Music and Blues levels.
  static func chartsState(_ tree: Genre) throws -> AppState {
    let blues = try #require(tree.find(2))
    let chicago = try #require(tree.find(1007))
    var state = AppState()
    state.stack = [
      .genres(
        GenresState(
          levels: [
            .media(MediaLevel()), musicLevel(tree, selection: 1),
            .tree(
              GenreTreeLevel(
                id: 2, name: "Blues", medium: music, genre: .loaded(blues), selection: 1)),
            .charts(
              GenreChartsLevel(
                genre: chicago, medium: music,
                rows: [
                  GenreChartRow(
                    chart: try #require(GenreChart(feed: "topsongs")),
                    items: .loading(previous: nil), generation: 1),
                  GenreChartRow(
                    chart: try #require(GenreChart(feed: "topalbums")),
                    items: .loading(previous: nil), generation: 1),
                ])),
          ]))
    ]
    return state
  }

  @Test("A chart's answer fills its row only; r reloads the failed row; a stale answer is dropped")
  func chartRows() async throws {
    let script = try GenreScript(chart: { _ in
      ChartPage(items: Self.songs(2, from: 10), format: .legacy)
    })
    let store = makeStore(
      try Self.chartsState(script.tree), Samples.dependencies(client: script.client))
    try await store.send(
      .genres(
        .chart(
          feed: "topsongs",
          .loaded(
            generation: 1,
            .success(ChartPage(items: Self.songs(4), format: .legacy)))))
    ) {
      Self.charts(&$0) { $0.rows[0].items = .loaded(Self.songs(4)) }
    }
    let timeout = FeatureError.client(.timedOut(seconds: 15))
    try await store.send(
      .genres(.chart(feed: "topalbums", .loaded(generation: 1, .failure(timeout))))
    ) {
      Self.charts(&$0) { $0.rows[1].items = .failed(timeout, previous: nil) }
    }
    // Moving: ← → along the row, ↓ ↑ between rows.
    try await store.send(.genres(.selectionMoved(.right))) {
      Self.charts(&$0) { $0.rows[0].selection = 1 }
    }
    try await store.send(.genres(.selectionMoved(.last))) {
      Self.charts(&$0) { $0.rows[0].selection = 3 }
    }
    try await store.send(.genres(.selectionMoved(.right)))
    try await store.send(.genres(.selectionMoved(.down))) { Self.charts(&$0) { $0.focusedRow = 1 } }
    try await store.send(.genres(.selectionMoved(.down)))
    try await store.send(.genres(.selectionMoved(.up))) { Self.charts(&$0) { $0.focusedRow = 0 } }
    try await store.send(.genres(.retryRequested)) {
      $0.notice = "Retrying the chart that failed…"
      Self.charts(&$0) {
        $0.rows[1].generation = 2
        $0.rows[1].items = .loading(previous: nil)
      }
    }
    try await store.receive(
      .genres(
        .chart(
          feed: "topalbums",
          .loaded(
            generation: 2,
            .success(ChartPage(items: Self.songs(2, from: 10), format: .legacy)))))
    ) {
      Self.charts(&$0) { $0.rows[1].items = .loaded(Self.songs(2, from: 10)) }
    }
    #expect(script.paths == ["/us/rss/topalbums/limit=25/genre=1007/json"])
    // The first load's albums answer, late: dropped.
    try await store.send(
      .genres(.chart(feed: "topalbums", .loaded(generation: 1, .failure(timeout)))))
    try await store.finish()
  }

  @Test(
    "Esc leaves the charts and cancels their requests; Esc again climbs to the media and closes")
  func escCancels() async throws {
    let script = try GenreScript(hang: { _ in true })
    var state = try Self.chartsState(script.tree)
    // Open the charts afresh so their requests are in flight.
    Self.genres(&state) { $0.levels.removeLast() }
    let store = makeStore(state, Samples.dependencies(client: script.client))
    try await store.send(.genres(.selectionOpened)) {
      $0 = try Self.chartsState(script.tree)
    }
    #expect(await eventually { script.paths.count == 2 })
    try await store.send(.genres(.backRequested)) {
      Self.genres(&$0) { $0.levels.removeLast() }
    }
    try await store.finish()
    #expect(Set(script.cancelledPaths) == Set(script.paths))
    #expect(store.state.stack[0].genres?.crumbs == ["Genres", "Music", "Blues"])
    try await store.send(.genres(.backRequested)) { Self.genres(&$0) { $0.levels.removeLast() } }
    try await store.send(.genres(.backRequested)) { Self.genres(&$0) { $0.levels.removeLast() } }
    try await store.send(.genres(.backRequested)) { $0.stack = [] }
    try await store.send(.genres(.backRequested))
    try await store.finish()
  }

  @Test("Leaving the medium while its tree loads cancels the request; its answer is never applied")
  func escCancelsTree() async throws {
    let script = try GenreScript(hang: { _ in true })
    var state = AppState()
    state.stack = [.genres(GenresState())]
    let store = makeStore(state, Samples.dependencies(client: script.client))
    try await store.send(.genres(.selectionOpened)) {
      Self.genres(&$0) {
        $0.levels.append(
          .tree(
            GenreTreeLevel(
              id: 34, name: "Music", medium: Self.music, genre: .loading(previous: nil),
              generation: 1)))
      }
    }
    #expect(await eventually { script.paths.count == 1 })
    try await store.send(.genres(.backRequested)) { Self.genres(&$0) { $0.levels.removeLast() } }
    try await store.finish()
    #expect(script.cancelledPaths == ["/WebObjects/MZStoreServices.woa/ws/genres?id=34&cc=us"])
  }

  @Test("Enter on a tile opens its detail above the genres; Esc comes back to the charts")
  func openDetail() async throws {
    let script = try GenreScript()
    var state = try Self.chartsState(script.tree)
    Self.charts(&state) {
      $0.rows[0].items = .loaded(Self.songs(3))
      $0.rows[0].selection = 2
    }
    let store = makeStore(state, Samples.dependencies(client: script.client))
    try await store.send(.genres(.selectionOpened)) {
      $0.stack.append(
        .detail(DetailState(item: Self.songs(3)[2], details: .loading(previous: nil))))
    }
    try await store.receiveDetailFailing(Self.songs(3)[2])
    #expect(store.state.topDetail?.item.id == 3)
    // Keys meant for the genres screen do nothing while the detail is on top.
    try await store.send(.genres(.selectionMoved(.left)))
    try await store.send(.backRequested) { $0.stack.removeLast() }
    #expect(store.state.stack.count == 1)
    // A click on the selected tile opens it too.
    try await store.send(.genres(.tileClicked(row: 0, index: 1))) {
      Self.charts(&$0) { $0.rows[0].selection = 1 }
    }
    try await store.send(.genres(.tileClicked(row: 0, index: 1))) {
      $0.stack.append(
        .detail(DetailState(item: Self.songs(3)[1], details: .loading(previous: nil))))
    }
    try await store.receiveDetailFailing(Self.songs(3)[1])
    try await store.finish()
  }

  @Test("g over a detail opened from the genres brings the genres back on their media list")
  func gAgain() async throws {
    let script = try GenreScript()
    var state = try Self.chartsState(script.tree)
    state.stack.append(.detail(DetailState(item: Self.songs(1)[0])))
    let store = makeStore(state, Samples.dependencies(client: script.client))
    try await store.send(.genres(.opened(medium: nil))) {
      $0.stack = [.genres(GenresState(country: "us"))]
    }
    try await store.finish()
    // g with a medium (the home screen's genres row) opens that medium at once.
    try await store.send(.genres(.opened(medium: 26))) {
      $0.stack = [
        .genres(
          GenresState(
            levels: [
              .media(MediaLevel(selection: 1)),
              .tree(
                GenreTreeLevel(
                  id: 26, name: "Podcasts", medium: GenreMedium.all[1],
                  genre: .loading(previous: nil), generation: 1)),
            ], country: "us"))
      ]
    }
    try await store.receive(
      .genres(.treeLoaded(generation: 1, .failure(.client(.decoding(.unknownGenre(26))))))
    ) {
      Self.tree(&$0) { $0.genre = .failed(.client(.decoding(.unknownGenre(26))), previous: nil) }
    }
    try await store.finish()
  }

  @Test("The home screen's genres row: ↓ past the last chart reaches it, → picks, Enter opens")
  func homeGenresRow() async throws {
    let script = try GenreScript()
    var state = HomeFeatureTests.loadingHome()
    state.search.focus = .results
    state.home.focusedRow = state.home.rows.count - 1
    let store = makeStore(state, Samples.dependencies(client: script.client))
    try await store.send(.home(.selectionMoved(.down))) { $0.home.focusedRow = $0.home.rows.count }
    #expect(store.state.home.isOnGenres && store.state.home.selectedItem == nil)
    try await store.send(.home(.selectionMoved(.down)))
    try await store.send(.home(.selectionMoved(.right))) { $0.home.genreSelection = 1 }
    try await store.send(.home(.selectionMoved(.left))) { $0.home.genreSelection = 0 }
    try await store.send(.home(.selectionMoved(.left)))
    try await store.send(.home(.selectionMoved(.last))) {
      $0.home.genreSelection = GenreMedium.all.count - 1
    }
    try await store.send(.home(.selectionMoved(.first))) { $0.home.genreSelection = 0 }
    try await store.send(.home(.itemOpened)) {
      $0.stack = [
        .genres(
          GenresState(
            levels: [
              .media(MediaLevel(selection: 0)),
              .tree(
                GenreTreeLevel(
                  id: 34, name: "Music", medium: Self.music, genre: .loading(previous: nil),
                  generation: 1)),
            ], country: "us"))
      ]
    }
    try await store.receive(.genres(.treeLoaded(generation: 1, .success(script.tree)))) {
      Self.tree(&$0) { $0.genre = .loaded(script.tree) }
    }
    try await store.finish()
    // h from the genres: home again (its rows, still loading, are not asked again), and ↑ from
    // the genres row goes back to the last chart.
    try await store.send(.home(.opened)) {
      $0.stack = []
      $0.search.focus = .results
    }
    try await store.send(.home(.selectionMoved(.up))) {
      $0.home.focusedRow = $0.home.rows.count - 1
    }
    try await store.finish()
  }

  @Test("Another country in the settings takes the genres back to the media list, for that store")
  func countryChange() async throws {
    let script = try GenreScript()
    var state = try Self.chartsState(script.tree)
    state.overlay = .settings(SettingsState(country: "JP"))
    let store = makeStore(state, Samples.dependencies(client: script.client))
    try await store.send(.settings(.applied)) {
      $0.overlay = nil
      $0.filters.country = "JP"
      $0.notice = "Country: JP. Charts, searches and lookups use its store."
      $0.stack = [.genres(GenresState(country: "jp"))]
    }
    try await store.finish()
    try await store.send(.genres(.selectionOpened)) {
      $0.notice = nil
      Self.genres(&$0) {
        $0.levels.append(
          .tree(
            GenreTreeLevel(
              id: 34, name: "Music", medium: Self.music, genre: .loading(previous: nil),
              generation: 1)))
      }
    }
    try await store.receive(.genres(.treeLoaded(generation: 1, .success(script.tree)))) {
      Self.tree(&$0) { $0.genre = .loaded(script.tree) }
    }
    #expect(script.paths == ["/WebObjects/MZStoreServices.woa/ws/genres?id=34&cc=jp"])
    try await store.finish()
  }
}
