import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient
import TestSupport
import Testing

@testable import TunesFeatures

@MainActor
@Suite("Filters")
struct FiltersTests {
  @Test("an invalid combination shows an error in the panel and is not applied")
  func invalid() async throws {
    let saved = FiltersStore.inMemory()
    let store = makeStore(AppState(), Samples.dependencies(filtersStore: saved))
    try await store.send(.filters(.opened)) {
      $0.overlay = .filters(FiltersState(draft: SearchFilters()))
    }
    let bad = SearchFilters(media: .music, entity: "movie")
    let message = try #require(FiltersFeatureMessage.of(bad))
    #expect(message.contains("movie"))
    try await store.send(.filters(.changed(bad))) {
      $0.overlay = .filters(FiltersState(draft: bad, error: message))
    }
    try await store.send(.filters(.applied))
    #expect(store.state.filters == SearchFilters())
    let badCountry = SearchFilters(country: "XX")
    try await store.send(.filters(.changed(badCountry))) {
      $0.overlay = .filters(
        FiltersState(draft: badCountry, error: FiltersFeatureMessage.of(badCountry)))
    }
    try await store.send(.filters(.changed(SearchFilters(limit: 500)))) {
      $0.overlay = .filters(
        FiltersState(
          draft: SearchFilters(limit: 500),
          error: FiltersFeatureMessage.of(SearchFilters(limit: 500))))
    }
    try await store.send(.filters(.applied))
    try await store.finish()
    #expect(try await saved.load() == SearchFilters())
  }

  @Test("valid filters are applied, persisted, and the current search runs again with them")
  func apply() async throws {
    let clock = TestClock()
    let script = ScriptedClient(clock: clock) { _ in (.seconds(1), .success(CatalogPage(items: [])))
    }
    let saved = FiltersStore.inMemory()
    let state = ResultsGridTests.loaded(Samples.items(3))
    let store = makeStore(
      state, Samples.dependencies(client: script.client, filtersStore: saved))
    let good = SearchFilters(
      media: .music, entity: "song", explicit: false, country: "gb", limit: 50)
    try await store.send(.filters(.opened)) {
      $0.overlay = .filters(FiltersState(draft: SearchFilters()))
    }
    try await store.send(.filters(.fieldFocused(.explicit))) {
      $0.overlay = .filters(FiltersState(draft: SearchFilters(), focusedField: .explicit))
    }
    try await store.send(.filters(.fieldMoved(.down))) {
      $0.overlay = .filters(FiltersState(draft: SearchFilters(), focusedField: .language))
    }
    try await store.send(.filters(.changed(good))) {
      $0.overlay = .filters(FiltersState(draft: good, focusedField: .language))
    }
    // The storefront is the settings' (S): a draft's country does not change it.
    let applied = SearchFilters(media: .music, entity: "song", explicit: false, limit: 50)
    try await store.send(.filters(.applied)) {
      $0.filters = applied
      $0.overlay = nil
      $0.notice = "Filters: media music · entity song · explicit no · limit 50"
      $0.search.generation = 2
      $0.search.submitted = SubmittedSearch(term: "x", filters: applied, limit: 50)
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
    #expect(
      script.request(with: "term", "x") == [
        "term": "x", "media": "music", "entity": "song", "explicit": "No", "limit": "50",
      ])
    try await store.finish()
    #expect(try await saved.load() == applied)
  }

  @Test("Apple's defaults are no filter: explicit yes is the same as no choice")
  func applesDefaults() throws {
    let yes = SearchFilters(explicit: true)
    #expect(yes.summary == "no filters")
    #expect(yes.isDefault)
    #expect(yes.normalized == SearchFilters())
    #expect(SearchFilters(explicit: false).summary == "explicit no")
    // ←/→ on Explicit step between Apple's default and leaving it out: no third "yes".
    #expect(SearchFilters().stepped(.explicit, by: 1).explicit == false)
    #expect(SearchFilters(explicit: false).stepped(.explicit, by: 1).explicit == nil)
    #expect(yes.stepped(.explicit, by: 1).explicit == false)
  }

  @Test("The limit can be typed: digits make a number, Backspace erases, a bad one is refused")
  func typedLimit() async throws {
    let saved = FiltersStore.inMemory()
    let store = makeStore(AppState(), Samples.dependencies(filtersStore: saved))
    try await store.send(.filters(.opened)) {
      $0.overlay = .filters(FiltersState(draft: SearchFilters()))
    }
    try await store.send(.filters(.fieldFocused(.limit))) {
      $0.overlay = .filters(FiltersState(draft: SearchFilters(), focusedField: .limit))
    }
    func panel(_ limit: Int, _ digits: String?, error: Bool = false) -> Overlay {
      var state = FiltersState(
        draft: SearchFilters(limit: limit),
        error: error ? FiltersFeatureMessage.of(SearchFilters(limit: limit)) : nil,
        focusedField: .limit)
      state.limitDigits = digits
      return .filters(state)
    }
    // The first digit starts a new number (not 307), the next ones add to it.
    try await store.send(.filters(.limitDigitTyped(7))) { $0.overlay = panel(7, "7") }
    try await store.send(.filters(.limitDigitTyped(5))) { $0.overlay = panel(75, "75") }
    try await store.send(.filters(.limitDigitTyped(0))) {
      $0.overlay = panel(750, "750", error: true)
    }
    try await store.send(.filters(.applied))
    try await store.send(.filters(.limitDigitErased)) { $0.overlay = panel(75, "75") }
    // Enter applies the typed limit (the panel's delegate reaches the app at once).
    try await store.send(.filters(.applied)) {
      $0.overlay = nil
      $0.filters = SearchFilters(limit: 75)
      $0.notice = "Filters: limit 75"
    }
    try await store.finish()
    #expect(try await saved.load() == SearchFilters(limit: 75))
  }

  @Test("filters and their summary")
  func summary() throws {
    #expect(SearchFilters().summary == "no filters")
    #expect(SearchFilters().isDefault)
    let filters = SearchFilters(media: .podcast, language: .jaJP, limit: 10)
    #expect(filters.summary == "media podcast · lang ja_jp · limit 10")
    // The status line leaves the storefront to the header.
    let stored = SearchFilters(media: .music, country: "GB")
    #expect(stored.summary == "media music · country GB")
    #expect(stored.panelSummary == "media music")
    #expect(SearchFilters(country: "GB").panelSummary == "no filters")
    #expect(filters.historyFields == ["media": "podcast", "lang": "ja_jp", "limit": "10"])
    #expect(filters.validationError == nil)
    let query = try filters.query(term: " hi ", limit: 20)
    #expect(query.term == "hi" && query.limit == 20 && query.media == .podcast)
    let blank = SearchFilters(entity: " ", country: " jp ")
    #expect(blank.normalized == SearchFilters(country: "JP"))
    #expect(blank.validationError == nil)
    let data = try JSONEncoder().encode(filters)
    #expect(try JSONDecoder().decode(SearchFilters.self, from: data) == filters)
  }

  @Test("Esc closes the panel without applying; a saved filter that is invalid is ignored")
  func cancel() async throws {
    let store = makeStore(AppState(), Samples.dependencies())
    try await store.send(.filters(.opened)) {
      $0.overlay = .filters(FiltersState(draft: SearchFilters()))
    }
    try await store.send(.filters(.changed(SearchFilters(media: .movie)))) {
      $0.overlay = .filters(FiltersState(draft: SearchFilters(media: .movie)))
    }
    try await store.send(.backRequested) { $0.overlay = nil }
    try await store.send(.filters(.applied))
    try await store.send(.filters(.changed(SearchFilters(media: .movie))))
    try await store.send(.filters(.fieldFocused(.limit)))
    try await store.send(.filters(.loaded(SearchFilters(media: .music, entity: "ebook"))))
    try await store.finish()
  }
}

/// The message the filters panel shows for invalid filters.
enum FiltersFeatureMessage {
  static func of(_ filters: SearchFilters) -> String? {
    filters.validationError.map(AppFeature.message)
  }
}
