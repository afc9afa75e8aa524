import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient
import TestSupport
import Testing

@testable import TunesFeatures

@MainActor
@Suite("Results grid")
struct ResultsGridTests {
  /// A search for "x" that returned `items` with `limit`, focus in the grid, the selection in
  /// view (as the reducer keeps it).
  static func loaded(_ items: [CatalogItem], limit: Int = 30, selection: Int = 0) -> AppState {
    var state = AppState()
    state.search.query = "x"
    state.search.queryCursor = 1
    state.search.generation = 1
    state.search.submitted = SubmittedSearch(term: "x", filters: SearchFilters(), limit: limit)
    state.search.results = .loaded(items)
    state.search.shownTerm = "x"
    state.search.selection = selection
    state.search.focus = .results
    _ = AppFeature(dependencies: .test).reduce(into: &state, action: .layoutMeasured(state.metrics))
    return state
  }

  nonisolated static func scripted(_ clock: TestClock) -> ScriptedClient {
    ScriptedClient(clock: clock) { request in
      let limit = Int(request.parameters.first { $0.name == "limit" }?.value ?? "") ?? 0
      return (.seconds(1), .success(CatalogPage(items: Samples.items(limit))))
    }
  }

  @Test("load more asks for 30 more, keeps the old tiles meanwhile and keeps the selection")
  func loadMore() async throws {
    let clock = TestClock()
    let script = Self.scripted(clock)
    let first = Samples.items(30)
    let store = makeStore(
      Self.loaded(first, selection: 29), Samples.dependencies(client: script.client))
    #expect(store.state.search.canLoadMore)
    // ↓ on the last row, past the end of a full page.
    try await store.send(.search(.selectionMoved(.down))) {
      $0.search.generation = 2
      $0.search.submitted?.limit = 60
      $0.search.isLoadingMore = true
      $0.search.results = .loading(previous: first)
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    let more = Samples.items(60)
    try await store.receive(
      .search(.searchResponse(generation: 2, .success(Samples.response(CatalogPage(items: more)))))
    ) {
      $0.search.results = .loaded(more)
      $0.search.isLoadingMore = false
      $0.search.source = .network
    }
    #expect(store.state.search.selection == 29)
    #expect(script.parameter("limit", request: 0) == "60")
    #expect(script.parameter("term", request: 0) == "x")
    try await store.finish()
  }

  @Test("load more stops at 200 and says so")
  func maximum() async throws {
    let clock = TestClock()
    let script = Self.scripted(clock)
    let store = makeStore(
      Self.loaded(Samples.items(180), limit: 180, selection: 179),
      Samples.dependencies(client: script.client))
    try await store.send(.search(.selectionMoved(.down))) {
      $0.search.generation = 2
      $0.search.submitted?.limit = 200
      $0.search.isLoadingMore = true
      $0.search.results = .loading(previous: Samples.items(180))
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    let all = Samples.items(200)
    try await store.receive(
      .search(.searchResponse(generation: 2, .success(Samples.response(CatalogPage(items: all)))))
    ) {
      $0.search.results = .loaded(all)
      $0.search.isLoadingMore = false
      $0.search.source = .network
      $0.search.reachedMaximum = true
    }
    #expect(store.state.search.canLoadMore == false)
    #expect(script.requests.count == 1)
    try await store.finish()
  }

  @Test("load more does nothing when Apple returned fewer results than asked")
  func nothingMore() async throws {
    let script = Self.scripted(TestClock())
    let store = makeStore(
      Self.loaded(Samples.items(12)), Samples.dependencies(client: script.client))
    try await store.send(.search(.selectionMoved(.last))) {
      $0.search.selection = 11
      // Six rows of 6 lines less the gap after the last: 35 lines, 18 on screen.
      $0.search.resultsOffset = 35 - 18
    }
    try await store.send(.search(.selectionMoved(.down)))
    #expect(script.requests.isEmpty)
    try await store.finish()
  }

  @Test("in the grouped view, moving past the last tile loads more too")
  func groupedLoadsMore() async throws {
    let clock = TestClock()
    let script = Self.scripted(clock)
    var items = Samples.items(30)
    for index in items.indices where index % 3 == 0 { items[index].kind = .featureMovie }
    var state = Self.loaded(items)
    state.search.grouped = true
    let rows = SelectionMovement.rows(for: items, grouped: true, columns: 2)
    let last = try #require(rows.last?.last)
    #expect(last != items.count - 1, "the grouped order ends on another item than the grid")
    state.search.selection = last
    _ = AppFeature(dependencies: .test).reduce(into: &state, action: .layoutMeasured(state.metrics))
    let store = makeStore(state, Samples.dependencies(client: script.client))
    try await store.send(.search(.selectionMoved(.right))) {
      $0.search.generation = 2
      $0.search.submitted?.limit = 60
      $0.search.isLoadingMore = true
      $0.search.results = .loading(previous: items)
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    let more = Samples.items(60)
    try await store.receive(
      .search(.searchResponse(generation: 2, .success(Samples.response(CatalogPage(items: more)))))
    ) {
      $0.search.results = .loaded(more)
      $0.search.isLoadingMore = false
      $0.search.source = .network
    }
    #expect(store.state.search.selection == last)
    try await store.finish()
  }

  @Test("a failed load-more keeps the loaded results as they are and r tries again")
  func failedLoadMore() async throws {
    let clock = TestClock()
    let script = ScriptedClient(clock: clock) { _ in
      (.seconds(1), .failure(.serverError(status: 503, attempts: 3)))
    }
    let first = Samples.items(30)
    let store = makeStore(
      Self.loaded(first, selection: 29), Samples.dependencies(client: script.client))
    try await store.send(.search(.selectionMoved(.down))) {
      $0.search.generation = 2
      $0.search.submitted?.limit = 60
      $0.search.isLoadingMore = true
      $0.search.results = .loading(previous: first)
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    let failure = FeatureError.client(.serverError(status: 503, attempts: 3))
    try await store.receive(.search(.searchResponse(generation: 2, .failure(failure)))) {
      $0.search.results = .loaded(first)
      $0.search.isLoadingMore = false
      $0.search.loadMoreError = failure
      $0.search.submitted?.limit = 30
    }
    #expect(store.state.search.canLoadMore)
    try await store.send(.search(.retryRequested)) {
      $0.search.generation = 3
      $0.search.submitted?.limit = 60
      $0.search.isLoadingMore = true
      $0.search.loadMoreError = nil
      $0.search.results = .loading(previous: first)
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    try await store.receive(.search(.searchResponse(generation: 3, .failure(failure)))) {
      $0.search.results = .loaded(first)
      $0.search.isLoadingMore = false
      $0.search.loadMoreError = failure
      $0.search.submitted?.limit = 30
    }
    #expect(script.requests.count == 2)
    try await store.finish()
  }

  @Test("Esc cancels a running search: the earlier results come back and the request is dropped")
  func cancelSearch() async throws {
    let clock = TestClock()
    let script = ScriptedClient(clock: clock) { _ in
      (.seconds(60), .success(CatalogPage(items: [])))
    }
    let first = Samples.items(4)
    let store = makeStore(Self.loaded(first), Samples.dependencies(client: script.client))
    try await store.send(.search(.retryRequested)) {
      $0.search.generation = 2
      $0.search.results = .loading(previous: first)
    }
    try await store.send(.search(.cancelRequested)) {
      $0.search.generation = 3
      $0.search.results = .loaded(first)
      $0.search.cancelledTerm = "x"
      $0.notice = "Search for “x” cancelled: its earlier results are still shown."
    }
    try await store.send(.search(.cancelRequested)) { $0.notice = nil }
    await clock.advance(by: .seconds(60))
    try await store.finish()
  }

  @Test("moving down past the last tile loads more")
  func moveLoadsMore() async throws {
    let clock = TestClock()
    let script = Self.scripted(clock)
    let first = Samples.items(30)
    let store = makeStore(
      Self.loaded(first, selection: 29), Samples.dependencies(client: script.client))
    try await store.send(.search(.selectionMoved(.down))) {
      $0.search.generation = 2
      $0.search.submitted?.limit = 60
      $0.search.isLoadingMore = true
      $0.search.results = .loading(previous: first)
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    let more = Samples.items(60)
    try await store.receive(
      .search(.searchResponse(generation: 2, .success(Samples.response(CatalogPage(items: more)))))
    ) {
      $0.search.results = .loaded(more)
      $0.search.isLoadingMore = false
      $0.search.source = .network
    }
    #expect(store.state.search.selection == 29)
    try await store.finish()
  }

  @Test("arrows move in two columns; pages use the measured results area and the tile height")
  func moves() async throws {
    let store = makeStore(Self.loaded(Samples.items(30)), Samples.dependencies())
    try await store.send(.search(.selectionMoved(.right))) { $0.search.selection = 1 }
    try await store.send(.search(.selectionMoved(.down))) { $0.search.selection = 3 }
    try await store.send(.search(.selectionMoved(.left))) { $0.search.selection = 2 }
    try await store.send(.search(.selectionMoved(.up))) { $0.search.selection = 0 }
    try await store.send(.resized(columns: 100, rows: 41)) {
      $0.viewport = Viewport(columns: 100, rows: 41)
    }
    // The screen measured 36 lines for the grid: six rows of tiles a page.
    try await store.send(.layoutMeasured(ScreenMetrics(resultsLines: 36))) {
      $0.metrics = ScreenMetrics(resultsLines: 36)
    }
    try await store.send(.search(.selectionMoved(.pageDown))) {
      $0.search.selection = 12
      $0.search.resultsOffset = 5
    }
    try await store.send(.search(.selectionMoved(.pageUp))) {
      $0.search.selection = 0
      $0.search.resultsOffset = 0
    }
    try await store.send(.search(.selectionMoved(.last))) {
      $0.search.selection = 29
      // 15 rows (89 lines) and the "loads more" line below them (2 more), 36 on screen.
      $0.search.resultsOffset = 91 - 36
    }
    try await store.send(.search(.selectionMoved(.first))) {
      $0.search.selection = 0
      $0.search.resultsOffset = 0
    }
    try await store.finish()
  }

  @Test("v groups by kind; moves then follow the sections and the selection stays on its item")
  func grouping() async throws {
    let page = try Samples.mixed()
    let songs = page.items.indices.filter { page.items[$0].kind == .song }
    let store = makeStore(Self.loaded(page.items), Samples.dependencies())
    let grouped = ResultsLayout(items: page.items, grouped: true, columns: 2)
    let plain = ResultsLayout(items: page.items, grouped: false, columns: 2)
    try await store.send(.search(.groupingToggled)) { $0.search.grouped = true }
    try await store.send(.search(.selectionMoved(.right))) {
      $0.search.selection = songs[1]
      $0.search.resultsOffset = grouped.offset(keeping: songs[1], visible: 18, from: 0)
    }
    let offset = store.state.search.resultsOffset
    try await store.send(.search(.selectionMoved(.down))) {
      $0.search.selection = songs[3]
      $0.search.resultsOffset = grouped.offset(keeping: songs[3], visible: 18, from: offset)
    }
    let back = store.state.search.resultsOffset
    // Back in the plain grid the same item is kept in view (it lies further down there).
    #expect(plain.offset(keeping: songs[3], visible: 18, from: back) > 0)
    try await store.send(.search(.groupingToggled)) {
      $0.search.grouped = false
      $0.search.resultsOffset = plain.offset(keeping: songs[3], visible: 18, from: back)
    }
    #expect(store.state.search.selectedItem == page.items[songs[3]])
    try await store.finish()
  }

  @Test("a first click selects a tile, a second click on it opens it")
  func clicks() async throws {
    var page = try Samples.mixed()
    // A movie without its collection's studio: its page asks for the details only.
    page.items[2].collectionArtistID = nil
    var state = Self.loaded(page.items)
    state.search.focus = .query
    let store = makeStore(state, Samples.dependencies())
    try await store.send(.search(.tileClicked(99)))
    try await store.send(.search(.tileClicked(2))) {
      $0.search.selection = 2
      $0.search.focus = .results
    }
    try await store.send(.search(.tileClicked(2))) {
      $0.stack = [.detail(DetailState(item: page.items[2], details: .loading(previous: nil)))]
    }
    #expect(store.state.topDetail?.tracks == nil)
    #expect(store.state.topDetail?.author == nil)
    let failure = FeatureError.client(.unexpectedStatus(0))
    try await store.receive(inAnyOrder: [
      (.favoriteIDsLoaded([]), { _ in }),
      (
        .detail(.detailsLoaded(itemID: page.items[2].id, .failure(failure))),
        {
          $0.stack = [
            .detail(DetailState(item: page.items[2], details: .failed(failure, previous: nil)))
          ]
        }
      ),
    ])
    try await store.finish()
  }

  @Test("focus moves between the query box and the grid")
  func focus() async throws {
    var empty = AppState()
    empty.search.history = ["a", "b"]
    let store = makeStore(empty, Samples.dependencies())
    // With no results the focus still leaves the box, so the screen keys (F, ?, q) work.
    try await store.send(.search(.focusMoved(to: .results))) { $0.search.focus = .results }
    try await store.send(.search(.focusMoved(to: .query))) {
      $0.search.focus = .query
      $0.search.suggestions = ["a", "b"]
    }
    let loaded = makeStore(Self.loaded(Samples.items(2)), Samples.dependencies())
    try await loaded.send(.search(.focusMoved(to: .query))) { $0.search.focus = .query }
    try await loaded.send(.search(.focusMoved(to: .results))) { $0.search.focus = .results }
    let item = Samples.items(1)[0]
    try await loaded.send(.search(.tileOpened)) {
      $0.stack = [.detail(DetailState(item: item, details: .loading(previous: nil)))]
    }
    try await loaded.receiveDetailFailing(item)
    try await loaded.send(.search(.focusMoved(to: .query)))
    try await loaded.finish()
    try await store.finish()
  }
}
