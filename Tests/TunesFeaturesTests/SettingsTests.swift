import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient
import TestSupport
import Testing

@testable import TunesFeatures

/// The settings panel: the storefront, chosen explicitly, saved, and followed by searches and
/// lookups.
@MainActor
@Suite("Settings")
struct SettingsTests {
  @Test(
    "S opens the panel on the chosen country with the image and video modes; a bad code stays open with the reason"
  )
  func openAndRefuse() async throws {
    var dependencies = Samples.dependencies()
    dependencies.imagesMode = "sixel"
    dependencies.video.mode = .audio
    let store = makeStore(AppState(filters: SearchFilters(country: "JP")), dependencies)
    try await store.send(.settings(.opened)) {
      $0.overlay = .settings(SettingsState(country: "JP", images: "sixel", video: "audio"))
    }
    let reason = try #require(AppFeature.countryError("XX"))
    #expect(reason.contains("XX"))
    try await store.send(.settings(.changed(country: "XX"))) {
      $0.overlay = .settings(
        SettingsState(country: "XX", error: reason, images: "sixel", video: "audio"))
    }
    // Enter with a bad code: nothing applied, the panel stays with its reason.
    try await store.send(.settings(.applied))
    #expect(store.state.filters.country == "JP")
    // One letter is not a code yet.
    try await store.send(.settings(.changed(country: "G"))) {
      $0.overlay = .settings(
        SettingsState(
          country: "G", error: AppFeature.countryError("G"), images: "sixel", video: "audio"))
    }
    try await store.send(.backRequested) { $0.overlay = nil }
    #expect(store.state.filters.country == "JP")
    try await store.finish()
  }

  @Test(
    "a country applied is saved, runs the search on screen again there, and later lookups use it")
  func applyFollows() async throws {
    let clock = TestClock()
    let script = ScriptedClient(clock: clock) { _ in
      (.seconds(1), .success(CatalogPage(items: [])))
    }
    let saved = FiltersStore.inMemory(SearchFilters(limit: 30))
    var state = ResultsGridTests.loaded(Samples.items(3))
    state.overlay = .settings(SettingsState(country: "gb"))
    let store = makeStore(
      state, Samples.dependencies(client: script.client, filtersStore: saved))
    let applied = SearchFilters(country: "GB")
    try await store.send(.settings(.applied)) {
      $0.filters = applied
      $0.overlay = nil
      $0.notice = "Country: GB. Charts, searches and lookups use its store."
      $0.search.generation = 2
      $0.search.submitted = SubmittedSearch(term: "x", filters: applied, limit: 30)
      $0.search.results = .loading(previous: Samples.items(3))
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    try await store.receive(
      .search(.searchResponse(generation: 2, .success(Samples.response(CatalogPage(items: [])))))
    ) {
      $0.search.shownTerm = "x"
      $0.search.results = .loaded([])
      $0.search.source = .network
      $0.search.focus = .query
    }
    try await store.receive(.search(.historyLoaded(["x"]))) { $0.search.history = ["x"] }
    #expect(script.request(with: "term", "x")?["country"] == "GB")
    #expect(try await saved.load() == applied)
    try await store.finish()
    // A detail opened in that store looks its item up there.
    let item = Samples.item(77, .song)
    let from = DetailState(
      item: Samples.item(76, .album), details: .loaded(Samples.item(76, .album)),
      author: .loaded(AuthorBlock(author: nil, works: [item])))
    let lookups = makeStore(
      AppState(stack: [.detail(from)], filters: store.state.filters),
      Samples.dependencies(client: script.client))
    try await lookups.send(.detail(.workOpened(0))) {
      $0.stack.append(.detail(DetailState(item: item, details: .loading(previous: nil))))
    }
    try await lookups.receive(.favoriteIDsLoaded([]))
    await clock.settle(sleepers: 1)
    #expect(script.request(with: "id", "77")?["country"] == "GB")
    await clock.advance(by: .seconds(1))
    try await lookups.receive(.detail(.detailsLoaded(itemID: 77, .success(item)))) {
      $0.stack[1] = .detail(DetailState(item: item, details: .loaded(item)))
    }
    try await lookups.finish()
  }

  @Test(
    "none chosen: the country is cleared, saved as none, and the notice says Apple answers as US")
  func noneChosen() async throws {
    let saved = FiltersStore.inMemory(SearchFilters(country: "FR"))
    var state = AppState(filters: SearchFilters(country: "FR"))
    state.overlay = .settings(SettingsState(country: nil))
    let store = makeStore(state, Samples.dependencies(filtersStore: saved))
    try await store.send(.settings(.applied)) {
      $0.filters = SearchFilters()
      $0.overlay = nil
      $0.notice = "Country: none chosen. Apple answers as its US store."
    }
    try await store.finish()
    #expect(try await saved.load() == SearchFilters())
  }
}
