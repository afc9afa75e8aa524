import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient
import Synchronization
import TestSupport
import Testing

@testable import TunesFeatures

/// Records the feed requests a client gets and answers each with `answer`'s page.
final class FeedScript: Sendable {
  private let recorded = Mutex<[FeedRequest]>([])
  private let answer: @Sendable (FeedRequest) throws -> ChartPage

  init(_ answer: @escaping @Sendable (FeedRequest) throws -> ChartPage) {
    self.answer = answer
  }

  var paths: [String] { recorded.withLock { $0.map(\.pathAndQuery) } }

  var client: ITunesClient {
    ITunesClient.failing().withFeeds { request in
      self.recorded.withLock { $0.append(request) }
      return .chart(try self.answer(request))
    }
  }
}

@MainActor
@Suite("Home: rows of charts")
struct HomeFeatureTests {
  nonisolated static func songs(_ count: Int) -> [CatalogItem] {
    (1...count).map { Samples.item(Int64($0), .song, "Song \($0)") }
  }

  /// The home with every row loading generation 1 for the US store.
  static func loadingHome() -> AppState {
    var state = AppState()
    NavigationTests.expectHomeLoading(&state, country: "us")
    return state
  }

  @Test("Loading asks for every chart of the storefront; each row gets its own answer")
  func load() async throws {
    let script = FeedScript { request in
      if request.pathAndQuery.contains("/albums.json") { throw ClientError.notFound(message: nil) }
      return ChartPage(items: Self.songs(3), skippedCount: 1, format: .v2)
    }
    let store = makeStore(
      AppState(filters: SearchFilters(country: "GB")), Samples.dependencies(client: script.client))
    try await store.send(.home(.loadRequested)) {
      NavigationTests.expectHomeLoading(&$0, country: "gb")
    }
    for _ in ChartKind.allCases {
      var answered: (ChartKind, Result<ChartPage, FeatureError>)?
      let isAnswer: (AppAction) -> Bool = {
        guard case .home(.chart(let chart, .loaded(generation: 1, let result))) = $0 else {
          return false
        }
        answered = (chart, result)
        return true
      }
      let apply: (inout AppState) -> Void = { state in
        guard let (chart, result) = answered,
          let index = state.home.rows.firstIndex(where: { $0.chart == chart })
        else { return }
        switch result {
        case .success(let page):
          state.home.rows[index].items = .loaded(page.items)
          state.home.rows[index].skipped = page.skippedCount
        case .failure(let error):
          state.home.rows[index].items = .failed(error, previous: nil)
        }
      }
      try await store.receive(matching: isAnswer, apply)
    }
    try await store.finish()
    #expect(
      Set(script.paths)
        == Set(
          ChartKind.allCases.map { try! ChartQuery(kind: $0, country: "gb").request.pathAndQuery }))
    let rows = store.state.home.rows
    #expect(rows.map(\.chart) == ChartKind.allCases)
    #expect(rows[1].items.error == .client(.notFound(message: nil)))
    for row in rows where row.chart != .albums {
      #expect(row.items.loadedValue == Self.songs(3), "\(row.chart)")
      #expect(row.skipped == 1)
    }
  }

  @Test("A row's answer fills that row only; an error stays in its row")
  func perRow() async throws {
    let store = makeStore(Self.loadingHome(), Samples.dependencies())
    try await store.send(
      .home(
        .chart(
          .songs, .loaded(generation: 1, .success(ChartPage(items: Self.songs(2), format: .v2)))))
    ) {
      $0.home.rows[0].items = .loaded(Self.songs(2))
    }
    try await store.send(
      .home(
        .chart(.podcasts, .loaded(generation: 1, .failure(.client(.timedOut(seconds: 15))))))
    ) {
      $0.home.rows[2].items = .failed(.client(.timedOut(seconds: 15)), previous: nil)
    }
    #expect(store.state.home.rows[1].items == .loading(previous: nil))
    // An empty chart is content, not an error.
    try await store.send(
      .home(
        .chart(.albums, .loaded(generation: 1, .success(ChartPage(items: [], format: .legacy))))
      )
    ) {
      $0.home.rows[1].items = .loaded([])
    }
    try await store.finish()
  }

  @Test("Retry reloads only the failed rows; an answer to the earlier load is dropped")
  func retryAndStale() async throws {
    var state = Self.loadingHome()
    state.home.rows[0].items = .loaded(Self.songs(2))
    state.home.rows[2].items = .failed(.client(.timedOut(seconds: 15)), previous: nil)
    let script = FeedScript { _ in ChartPage(items: Self.songs(1), format: .v2) }
    let store = makeStore(state, Samples.dependencies(client: script.client))
    try await store.send(.home(.retryRequested)) {
      $0.notice = "Retrying the chart that failed…"
      $0.home.rows[2].generation = 2
      $0.home.rows[2].items = .loading(previous: nil)
    }
    try await store.receive(
      .home(
        .chart(
          .podcasts, .loaded(generation: 2, .success(ChartPage(items: Self.songs(1), format: .v2))))
      )
    ) {
      $0.home.rows[2].items = .loaded(Self.songs(1))
    }
    #expect(script.paths == ["/api/v2/us/podcasts/top/25/podcasts.json"])
    // The first load's podcasts answer comes late: dropped.
    try await store.send(
      .home(.chart(.podcasts, .loaded(generation: 1, .failure(.client(.cancelled))))))
    try await store.finish()
  }

  @Test("Arrows move along a row and between rows; ↑ on the first row goes to the query box")
  func movement() async throws {
    var state = Self.loadingHome()
    state.search.focus = .results
    state.home.rows[0].items = .loaded(Self.songs(3))
    state.home.rows[1].items = .loaded(Self.songs(2))
    let store = makeStore(state, Samples.dependencies())
    try await store.send(.home(.selectionMoved(.right))) { $0.home.rows[0].selection = 1 }
    try await store.send(.home(.selectionMoved(.last))) { $0.home.rows[0].selection = 2 }
    try await store.send(.home(.selectionMoved(.right)))
    try await store.send(.home(.selectionMoved(.down))) { $0.home.focusedRow = 1 }
    try await store.send(.home(.selectionMoved(.left)))
    try await store.send(.home(.selectionMoved(.up))) { $0.home.focusedRow = 0 }
    try await store.send(.home(.selectionMoved(.up))) { $0.search.focus = .query }
    try await store.finish()
  }

  @Test("Enter opens the selected entry as a detail, which looks it up by id")
  func open() async throws {
    var state = Self.loadingHome()
    state.search.focus = .results
    state.home.rows[0].items = .loaded(Self.songs(3))
    state.home.rows[0].selection = 1
    let store = makeStore(state, Samples.dependencies())
    try await store.send(.home(.itemOpened)) {
      $0.stack = [
        .detail(
          DetailState(
            item: Self.songs(3)[1], details: .loading(previous: nil)))
      ]
    }
    try await store.receiveDetailFailing(Self.songs(3)[1])
    try await store.finish()
    #expect(store.state.topDetail?.item.id == 2)
  }

  @Test("A click selects a tile; a second click on it opens it")
  func clicks() async throws {
    var state = Self.loadingHome()
    state.home.rows[3].items = .loaded(Self.songs(4))
    let store = makeStore(state, Samples.dependencies())
    try await store.send(.home(.tileClicked(row: 3, index: 2))) {
      $0.search.focus = .results
      $0.home.focusedRow = 3
      $0.home.rows[3].selection = 2
    }
    try await store.send(.home(.tileClicked(row: 3, index: 9)))
    try await store.send(.home(.tileClicked(row: 3, index: 2))) {
      $0.stack = [.detail(DetailState(item: Self.songs(4)[2], details: .loading(previous: nil)))]
    }
    try await store.receiveDetailFailing(Self.songs(4)[2])
    try await store.finish()
  }

  @Test("h goes home from a detail after a search: the stack and the search are cleared")
  func home() async throws {
    var state = Self.loadingHome()
    state.home.rows = state.home.rows.map { row in
      var row = row
      row.items = .loaded(Self.songs(1))
      return row
    }
    state.search.query = "queen"
    state.search.submitted = SubmittedSearch(term: "queen", filters: SearchFilters(), limit: 30)
    state.search.results = .loaded(Self.songs(2))
    state.stack = [.detail(DetailState(item: Self.songs(1)[0]))]
    #expect(!state.showsHome)
    let store = makeStore(state, Samples.dependencies())
    try await store.send(.home(.opened)) {
      $0.stack = []
      $0.search.query = ""
      $0.search.queryCursor = 0
      $0.search.submitted = nil
      $0.search.results = .idle
      $0.search.focus = .results
    }
    #expect(store.state.showsHome)
    try await store.finish()
  }

  @Test("Another storefront in the settings empties the rows and loads them for it")
  func country() async throws {
    var state = Self.loadingHome()
    state.home.rows[0].items = .loaded(Self.songs(2))
    state.home.rows[0].selection = 1
    state.overlay = .settings(SettingsState(country: "jp"))
    let script = FeedScript { _ in ChartPage(items: [], format: .v2) }
    let store = makeStore(state, Samples.dependencies(client: script.client))
    try await store.send(.settings(.applied)) {
      $0.filters = SearchFilters(country: "JP")
      $0.overlay = nil
      $0.notice = "Country: JP. Charts, searches and lookups use its store."
      $0.home.country = "jp"
      $0.home.rows = ChartKind.allCases.map {
        HomeRow(chart: $0, items: .loading(previous: nil), generation: 2)
      }
    }
    try await store.receive(
      inAnyOrder: ChartKind.allCases.map { chart in
        (
          .home(.chart(chart, .loaded(generation: 2, .success(ChartPage(items: [], format: .v2))))),
          { state in
            guard let index = state.home.rows.firstIndex(where: { $0.chart == chart }) else {
              return
            }
            state.home.rows[index].items = .loaded([])
          }
        )
      })
    try await store.finish()
    #expect(store.state.home.country == "jp")
    #expect(store.state.home.rows[0].selection == 0)
    #expect(store.state.home.rows.allSatisfy { $0.generation == 2 })
    #expect(script.paths.allSatisfy { $0.hasPrefix("/api/v2/jp/") })
  }
}
