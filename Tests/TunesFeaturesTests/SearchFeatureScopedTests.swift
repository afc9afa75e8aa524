import AppArchitecture
import ITunesCatalog
import TestSupport
import Testing

@testable import TunesFeatures

@MainActor
@Suite("Search, on its own state")
struct SearchFeatureScopedTests {
  static func state(
    _ search: SearchState = SearchState(), isRoot: Bool = true, isFrontmost: Bool = true
  ) -> SearchFeature.State {
    SearchFeature.State(
      search: search, filters: SearchFilters(), columns: 2, resultsLines: 18, isRoot: isRoot,
      isFrontmost: isFrontmost)
  }

  static func results(_ items: [CatalogItem], selection: Int = 0) -> SearchState {
    SearchState(
      query: "x", focus: .results,
      submitted: SubmittedSearch(term: "x", filters: SearchFilters(), limit: 30), generation: 1,
      results: .loaded(items), selection: selection, shownTerm: "x")
  }

  @Test("Enter on a tile asks the app to open it; behind another screen it asks nothing")
  func openTile() async throws {
    let items = Samples.items(3)
    let store = TestStore(
      initialState: Self.state(Self.results(items, selection: 1)),
      reducer: SearchFeature(dependencies: Samples.dependencies()))
    try await store.send(.tileOpened)
    try await store.receive(.delegate(.openItem(items[1])))
    try await store.send(.tileClicked(2)) { $0.search.selection = 2 }
    try await store.send(.tileClicked(2))
    try await store.receive(.delegate(.openItem(items[2])))
    try await store.finish()
    let behind = TestStore(
      initialState: Self.state(Self.results(items), isRoot: false, isFrontmost: false),
      reducer: SearchFeature(dependencies: Samples.dependencies()))
    try await behind.send(.tileOpened)
    try await behind.finish()
  }

  @Test("notices are asked of the app: an empty query, a cancelled search")
  func notices() async throws {
    let store = TestStore(
      initialState: Self.state(SearchState(query: "  ")),
      reducer: SearchFeature(dependencies: Samples.dependencies()))
    try await store.send(.querySubmitted)
    try await store.receive(.delegate(.notice("Type something to search for.")))
    try await store.finish()
    var loading = Self.results(Samples.items(2))
    loading.results = .loading(previous: Samples.items(2))
    let cancelling = TestStore(
      initialState: Self.state(loading),
      reducer: SearchFeature(dependencies: Samples.dependencies()))
    try await cancelling.send(.cancelRequested) {
      $0.search.generation = 2
      $0.search.results = .loaded(Samples.items(2))
      $0.search.cancelledTerm = "x"
    }
    try await cancelling.receive(
      .delegate(.notice("Search for “x” cancelled: its earlier results are still shown.")))
    try await cancelling.finish()
  }

  @Test("Esc on a newer search brings back the one whose results are shown, and says so")
  func cancelKeepsEarlier() async throws {
    var search = Self.results(Samples.items(2))
    search.submitted = SubmittedSearch(term: "y", filters: SearchFilters(), limit: 30)
    search.results = .loading(previous: Samples.items(2))
    let store = TestStore(
      initialState: Self.state(search), reducer: SearchFeature(dependencies: Samples.dependencies())
    )
    try await store.send(.cancelRequested) {
      $0.search.generation = 2
      $0.search.results = .loaded(Samples.items(2))
      $0.search.submitted = SubmittedSearch(term: "x", filters: SearchFilters(), limit: 30)
      $0.search.cancelledTerm = "y"
    }
    try await store.receive(
      .delegate(.notice("Search for “y” cancelled: the results for “x” are still shown.")))
    try await store.finish()
  }

  @Test("Esc on a first search shows nothing as found: no results, no count, what was cancelled")
  func cancelFirst() async throws {
    var search = SearchState(query: "z", focus: .results)
    search.submitted = SubmittedSearch(term: "z", filters: SearchFilters(), limit: 30)
    search.generation = 1
    // What an earlier empty answer left: `[]` is no earlier result to keep.
    search.results = .loading(previous: [])
    let store = TestStore(
      initialState: Self.state(search), reducer: SearchFeature(dependencies: Samples.dependencies())
    )
    try await store.send(.cancelRequested) {
      $0.search.generation = 2
      $0.search.results = .idle
      $0.search.submitted = nil
      $0.search.cancelledTerm = "z"
      $0.search.focus = .query
    }
    try await store.receive(.delegate(.notice("Search for “z” cancelled.")))
    try await store.finish()
  }

  @Test("a load-more that brings nothing new says that is all, with the count")
  func loadMoreNothingNew() async throws {
    let items = Samples.items(30)
    var search = Self.results(items, selection: 29)
    search.isLoadingMore = true
    search.submitted?.limit = 60
    search.results = .loading(previous: items)
    let store = TestStore(
      initialState: Self.state(search), reducer: SearchFeature(dependencies: Samples.dependencies())
    )
    try await store.send(
      .searchResponse(generation: 1, .success(Samples.response(CatalogPage(items: items))))
    ) {
      $0.search.isLoadingMore = false
      $0.search.results = .loaded(items)
      $0.search.source = .network
      $0.search.allLoaded = true
    }
    try await store.receive(.delegate(.notice("That is all: 30 results.")))
    #expect(store.state.search.hasFooter)
    #expect(!store.state.search.canLoadMore)
    try await store.finish()
  }

  @Test("the rate-limit wait names the search that waits now, not the throttled one")
  func waitingSearch() {
    var search = Self.results([])
    #expect(search.waitingSearch?.term == "x")
    search.queued = SubmittedSearch(term: "newer", filters: SearchFilters(), limit: 30)
    #expect(search.waitingSearch?.term == "newer")
  }

  @Test("h empties the search; the home rows move the focus; Esc closes the suggestions")
  func parentRequests() async throws {
    var search = Self.results(Samples.items(2))
    search.suggestions = ["x"]
    search.highlightedSuggestion = 0
    let store = TestStore(
      initialState: Self.state(search), reducer: SearchFeature(dependencies: Samples.dependencies())
    )
    try await store.send(.suggestionsDismissed) {
      $0.search.suggestions = []
      $0.search.highlightedSuggestion = nil
    }
    try await store.send(.resetRequested) {
      $0.search.submitted = nil
      $0.search.results = .idle
      $0.search.shownTerm = nil
      $0.search.query = ""
      $0.search.queryCursor = 0
    }
    try await store.send(.rowsFocused(false)) { $0.search.focus = .query }
    try await store.send(.rowsFocused(true)) { $0.search.focus = .results }
    // Nothing submitted: new filters run nothing.
    try await store.send(.filtersApplied(SearchFilters(country: "JP")))
    try await store.finish()
  }
}
