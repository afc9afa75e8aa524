import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient
import Synchronization
import TestSupport
import Testing

@testable import TunesFeatures

@MainActor
func makeStore(_ state: AppState = AppState(), _ dependencies: TunesDependencies)
  -> TestStore<AppState, AppAction>
{
  TestStore(
    initialState: state, reducer: AppFeature(dependencies: dependencies), timeout: .seconds(5))
}

@MainActor
@Suite("Search")
struct SearchFeatureTests {
  let history = ["Jack Johnson", "Queen", "jackson 5", "Adele", "Björk", "Daft Punk"]

  @Test("Recent searches open on request, Delete forgets one, the settings forget them all")
  func manageHistory() async throws {
    let history = HistoryClient.inMemory(["jazz", "queen", "adele"])
    let store = makeStore(AppState(), Samples.dependencies(history: history))
    try await store.send(.search(.historyLoaded(["jazz", "queen", "adele"]))) {
      $0.search.history = ["jazz", "queen", "adele"]
    }
    // ↑ or Ctrl-R in the box (the key table sends this) opens them, the first highlighted.
    try await store.send(.search(.suggestionMoved(up: false))) {
      $0.search.suggestions = ["jazz", "queen", "adele"]
      $0.search.highlightedSuggestion = 0
    }
    try await store.send(.search(.suggestionMoved(up: false))) {
      $0.search.highlightedSuggestion = 1
    }
    try await store.send(.search(.suggestionRemoved(1))) {
      $0.search.history = ["jazz", "adele"]
      $0.search.suggestions = ["jazz", "adele"]
      $0.search.highlightedSuggestion = 1
    }
    try await store.receive(.search(.delegate(.notice("Forgot the search “queen”.")))) {
      $0.notice = "Forgot the search “queen”."
    }
    #expect(try await history.recent() == ["jazz", "adele"])
    try await store.send(.settings(.opened)) {
      $0.notice = nil
      $0.overlay = .settings(
        SettingsState(images: nil, video: "audio", historyCount: 2))
    }
    try await store.send(.settings(.historyClearRequested)) {
      $0.overlay = .settings(
        SettingsState(
          images: nil, video: "audio", historyCount: 2, confirmingHistoryClear: true))
    }
    // The second press forgets them: the panel's delegate reaches the app at once.
    try await store.send(.settings(.historyClearRequested)) {
      $0.overlay = .settings(SettingsState(images: nil, video: "audio"))
      $0.notice = "Forgot every recent search."
      $0.search.history = []
      $0.search.suggestions = []
      $0.search.highlightedSuggestion = nil
    }
    try await store.finish()
    #expect(try await history.recent().isEmpty)
  }

  @Test("typing filters the history suggestions by substring, ignoring case")
  func suggestions() async throws {
    let store = makeStore(AppState(), Samples.dependencies())
    try await store.send(.search(.historyLoaded(history))) {
      $0.search.history = history
    }
    try await store.send(.search(.queryEdited(.insert("JACK")))) {
      $0.search.query = "JACK"
      $0.search.queryCursor = 4
      $0.search.suggestions = ["Jack Johnson", "jackson 5"]
    }
    try await store.send(.search(.suggestionMoved(up: false))) {
      $0.search.highlightedSuggestion = 0
    }
    try await store.send(.search(.suggestionMoved(up: false))) {
      $0.search.highlightedSuggestion = 1
    }
    try await store.send(.search(.suggestionMoved(up: true))) {
      $0.search.highlightedSuggestion = 0
    }
    try await store.send(.search(.suggestionMoved(up: true))) {
      $0.search.highlightedSuggestion = nil
    }
    try await store.send(.search(.suggestionMoved(up: false))) {
      $0.search.highlightedSuggestion = 0
    }
    try await store.send(.search(.suggestionMoved(up: true))) {
      $0.search.highlightedSuggestion = nil
    }
    try await store.send(.backRequested) { $0.search.suggestions = [] }
    try await store.send(.search(.queryEdited(.deleteToStart))) {
      $0.search.query = ""
      $0.search.queryCursor = 0
      $0.search.suggestions = Array(history.prefix(5))
    }
    try await store.finish()
  }

  @Test("suggestions fold accents like tunes history --match: bjork finds Björk")
  func accentFolding() async throws {
    let store = makeStore(AppState(), Samples.dependencies())
    try await store.send(.search(.historyLoaded(history))) {
      $0.search.history = history
    }
    try await store.send(.search(.queryEdited(.insert("bjork")))) {
      $0.search.query = "bjork"
      $0.search.queryCursor = 5
      $0.search.suggestions = ["Björk"]
    }
    try await store.finish()
  }

  @Test("submitting runs the search, records history and shows the results")
  func submit() async throws {
    let clock = TestClock()
    let page = try Samples.mixed()
    let script = ScriptedClient(clock: clock) { _ in (.seconds(1), .success(page)) }
    let store = makeStore(AppState(), Samples.dependencies(client: script.client))
    try await store.send(.search(.queryEdited(.insert("  jack johnson ")))) {
      $0.search.query = "  jack johnson "
      $0.search.queryCursor = 15
    }
    try await store.send(.search(.querySubmitted)) {
      $0.search.generation = 1
      $0.search.submitted = SubmittedSearch(
        term: "jack johnson", filters: SearchFilters(), limit: 30)
      $0.search.results = .loading(previous: nil)
      $0.search.focus = .results
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    try await store.receive(
      .search(.searchResponse(generation: 1, .success(Samples.response(page))))
    ) {
      $0.search.shownTerm = "jack johnson"
      $0.search.results = .loaded(page.items)
      $0.search.source = .network
    }
    try await store.receive(.search(.historyLoaded(["jack johnson"]))) {
      $0.search.history = ["jack johnson"]
    }
    #expect(script.parameter("term", request: 0) == "jack johnson")
    #expect(script.parameter("limit", request: 0) == "30")
    #expect(store.state.search.selectedItem == page.items[0])
    try await store.finish()
  }

  @Test("picking a suggestion makes it the query and runs it")
  func pickSuggestion() async throws {
    let clock = TestClock()
    let script = ScriptedClient(clock: clock) { _ in (.seconds(1), .success(CatalogPage(items: [])))
    }
    let store = makeStore(
      AppState(search: SearchState(history: history, suggestions: Array(history.prefix(5)))),
      Samples.dependencies(client: script.client, history: .inMemory(history)))
    try await store.send(.search(.suggestionPicked(1))) {
      $0.search.query = "Queen"
      $0.search.queryCursor = 5
      $0.search.suggestions = []
    }
    try await store.receive(.search(.suggestionFiltersLoaded(query: "Queen", nil))) {
      $0.search.generation = 1
      $0.search.submitted = SubmittedSearch(term: "Queen", filters: SearchFilters(), limit: 30)
      $0.search.results = .loading(previous: nil)
      $0.search.focus = .results
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    try await store.receive(
      .search(.searchResponse(generation: 1, .success(Samples.response(CatalogPage(items: [])))))
    ) {
      $0.search.shownTerm = "Queen"
      $0.search.results = .loaded([])
      $0.search.source = .network
      $0.search.focus = .query
    }
    try await store.receive(
      .search(.historyLoaded(["Queen", "Jack Johnson", "jackson 5", "Adele", "Björk"]))
    ) {
      $0.search.history = ["Queen", "Jack Johnson", "jackson 5", "Adele", "Björk"]
    }
    try await store.send(.search(.suggestionPicked(9)))
    try await store.finish()
  }

  @Test("picking a recent search restores the filters it ran with, in the chosen storefront")
  func pickRestoresFilters() async throws {
    let clock = TestClock()
    let script = ScriptedClient(clock: clock) { _ in (.seconds(1), .success(CatalogPage(items: [])))
    }
    let history = HistoryClient.inMemory()
    let music = SearchFilters(media: .music, country: "GB", limit: 50)
    try await history.record("queen", music)
    let saved = FiltersStore.inMemory()
    // The storefront chosen in the settings is JP; the past search ran in GB. The storefront
    // is a setting, not a filter of the search: it stays JP, on screen and in the saved filters.
    var chosen = AppState(search: SearchState(history: ["queen"], suggestions: ["queen"]))
    chosen.filters.country = "JP"
    let applied = SearchFilters(media: .music, country: "JP", limit: 50)
    let store = makeStore(
      chosen,
      Samples.dependencies(client: script.client, history: history, filtersStore: saved))
    try await store.send(.search(.suggestionPicked(0))) {
      $0.search.query = "queen"
      $0.search.queryCursor = 5
      $0.search.suggestions = []
    }
    try await store.receive(.search(.suggestionFiltersLoaded(query: "queen", music))) {
      $0.filters = applied
      $0.notice = "Filters of that search: media music · limit 50"
      $0.search.generation = 1
      $0.search.submitted = SubmittedSearch(term: "queen", filters: applied, limit: 50)
      $0.search.results = .loading(previous: nil)
      $0.search.focus = .results
    }
    await clock.settle(sleepers: 1)
    #expect(script.parameter("media", request: 0) == "music")
    #expect(script.parameter("country", request: 0) == "JP")
    #expect(try await saved.load() == applied)
    await clock.advance(by: .seconds(1))
    try await store.receive(
      .search(.searchResponse(generation: 1, .success(Samples.response(CatalogPage(items: [])))))
    ) {
      $0.search.shownTerm = "queen"
      $0.search.results = .loaded([])
      $0.search.source = .network
      $0.search.focus = .query
    }
    // Answered: recorded again (still the one entry).
    try await store.receive(.search(.historyLoaded(["queen"])))
    try await store.finish()
  }

  @Test("Enter with a suggestion highlighted runs that suggestion; a cached answer says so")
  func submitHighlighted() async throws {
    let clock = TestClock()
    let fetched = Date(timeIntervalSince1970: 1_700_000_000)
    let client = ITunesClient(fetch: { _ in
      try await clock.sleep(for: .seconds(1))
      return CatalogResponse(
        page: CatalogPage(items: Samples.items(2)), body: Data(),
        source: .cache(fetchedAt: fetched, stale: true, because: .offline))
    })
    var state = AppState()
    state.search.query = "ja"
    state.search.suggestions = ["Jack Johnson", "jackson 5"]
    state.search.highlightedSuggestion = 1
    let store = makeStore(state, Samples.dependencies(client: client))
    try await store.send(.search(.querySubmitted)) {
      $0.search.query = "jackson 5"
      $0.search.queryCursor = 9
      $0.search.suggestions = []
      $0.search.highlightedSuggestion = nil
    }
    try await store.receive(.search(.suggestionFiltersLoaded(query: "jackson 5", nil))) {
      $0.search.generation = 1
      $0.search.submitted = SubmittedSearch(term: "jackson 5", filters: SearchFilters(), limit: 30)
      $0.search.results = .loading(previous: nil)
      $0.search.focus = .results
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    let response = CatalogResponse(
      page: CatalogPage(items: Samples.items(2)), body: Data(),
      source: .cache(fetchedAt: fetched, stale: true, because: .offline))
    try await store.receive(.search(.searchResponse(generation: 1, .success(response)))) {
      $0.search.shownTerm = "jackson 5"
      $0.search.results = .loaded(Samples.items(2))
      $0.search.source = .cache(fetchedAt: fetched, stale: true)
    }
    try await store.receive(.search(.historyLoaded(["jackson 5"]))) {
      $0.search.history = ["jackson 5"]
    }
    try await store.finish()
  }

  @Test("a response to an older query is dropped and changes nothing")
  func staleResponse() async throws {
    let clock = TestClock()
    let old = try Samples.mixed()
    let new = CatalogPage(items: Samples.items(3))
    let script = ScriptedClient(clock: clock) { request in
      let term = request.parameters.first { $0.name == "term" }?.value
      return (.seconds(1), .success(term == "queen" ? new : old))
    }
    let store = makeStore(AppState(), Samples.dependencies(client: script.client))
    try await store.send(.search(.queryEdited(.insert("jack")))) {
      $0.search.query = "jack"
      $0.search.queryCursor = 4
    }
    try await store.send(.search(.querySubmitted)) {
      $0.search.generation = 1
      $0.search.submitted = SubmittedSearch(term: "jack", filters: SearchFilters(), limit: 30)
      $0.search.results = .loading(previous: nil)
      $0.search.focus = .results
    }
    try await store.send(.search(.queryEdited(.deleteToStart))) {
      $0.search.query = ""
      $0.search.queryCursor = 0
      $0.search.focus = .query
    }
    try await store.send(.search(.queryEdited(.insert("queen")))) {
      $0.search.query = "queen"
      $0.search.queryCursor = 5
    }
    try await store.send(.search(.querySubmitted)) {
      $0.search.generation = 2
      $0.search.submitted = SubmittedSearch(term: "queen", filters: SearchFilters(), limit: 30)
      $0.search.focus = .results
    }
    try await store.send(.search(.searchResponse(generation: 1, .success(Samples.response(old)))))
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    try await store.receive(
      .search(.searchResponse(generation: 2, .success(Samples.response(new))))
    ) {
      $0.search.results = .loaded(new.items)
      $0.search.shownTerm = "queen"
      $0.search.source = .network
    }
    // Only the search that was answered enters the history.
    try await store.receive(.search(.historyLoaded(["queen"]))) { $0.search.history = ["queen"] }
    try await store.send(.search(.searchResponse(generation: 1, .success(Samples.response(old)))))
    try await store.send(
      .search(.searchResponse(generation: 2, .failure(.other("late duplicate")))))
    #expect(script.requests.count == 2)
    try await store.finish()
  }

  @Test("an error keeps the old results, says what to do, and r retries")
  func errorAndRetry() async throws {
    let clock = TestClock()
    let calls = Counter()
    let items = Samples.items(4)
    let script = ScriptedClient(clock: clock) { _ in
      calls.next() == 1
        ? (.seconds(1), .failure(.serverError(status: 503, attempts: 3)))
        : (.seconds(1), .success(CatalogPage(items: items)))
    }
    var state = AppState()
    state.search.query = "x"
    let store = makeStore(state, Samples.dependencies(client: script.client))
    try await store.send(.search(.querySubmitted)) {
      $0.search.generation = 1
      $0.search.submitted = SubmittedSearch(term: "x", filters: SearchFilters(), limit: 30)
      $0.search.results = .loading(previous: nil)
      $0.search.focus = .results
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    let failure = FeatureError.client(.serverError(status: 503, attempts: 3))
    try await store.receive(.search(.searchResponse(generation: 1, .failure(failure)))) {
      $0.search.results = .failed(failure, previous: nil)
    }
    #expect(store.state.search.results.error?.title.contains("503") == true)
    // The panel's keys line says `r retries`: the advice does not say it again.
    #expect(
      store.state.search.results.error?.suggestion
        == "Apple's servers may be busy: try again in a moment.")
    #expect(store.state.search.results.error?.isRateLimited == false)
    try await store.send(.search(.retryRequested)) {
      $0.search.generation = 2
      $0.search.results = .loading(previous: nil)
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    try await store.receive(
      .search(.searchResponse(generation: 2, .success(Samples.response(CatalogPage(items: items)))))
    ) {
      $0.search.shownTerm = "x"
      $0.search.results = .loaded(items)
      $0.search.source = .network
    }
    // A failed search is not remembered; once answered, it is.
    try await store.receive(.search(.historyLoaded(["x"]))) { $0.search.history = ["x"] }
    try await store.finish()
  }

  @Test("retry with nothing submitted does nothing")
  func retryWithoutSearch() async throws {
    let store = makeStore(AppState(), Samples.dependencies())
    try await store.send(.search(.retryRequested))
    try await store.finish()
  }

  @Test("rate limiting shows a countdown on the injected clock that ticks only while throttled")
  func rateLimited() async throws {
    let clock = TestClock()
    let script = ScriptedClient(clock: clock, pacing: .seconds(3)) { _ in
      (.seconds(1), .failure(.rateLimited(status: 429)))
    }
    var state = AppState()
    state.search.query = "x"
    let store = makeStore(state, Samples.dependencies(client: script.client, clock: clock.clock))
    try await store.send(.search(.querySubmitted)) {
      $0.search.generation = 1
      $0.search.submitted = SubmittedSearch(term: "x", filters: SearchFilters(), limit: 30)
      $0.search.results = .loading(previous: nil)
      $0.search.focus = .results
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    let throttled = FeatureError.rateLimited(retryAfter: .seconds(3), at: .seconds(1))
    try await store.receive(.search(.searchResponse(generation: 1, .failure(throttled)))) {
      $0.search.results = .failed(throttled, previous: nil)
      $0.search.now = .seconds(1)
      $0.search.rateLimitedUntil = .seconds(4)
    }
    #expect(store.state.search.rateLimitSecondsLeft == 3)
    #expect(throttled.isRateLimited && throttled.retryAfter == .seconds(3))
    // r, or a new search, during the wait is queued, not lost: it runs when the wait ends.
    try await store.send(.search(.retryRequested)) {
      $0.notice = "Apple is throttling requests: “x” runs when the wait ends."
      $0.search.queued = SubmittedSearch(term: "x", filters: SearchFilters(), limit: 30)
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    try await store.receive(.search(.rateLimitTick(now: .seconds(2)))) {
      $0.search.now = .seconds(2)
    }
    #expect(store.state.search.rateLimitSecondsLeft == 2)
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    try await store.receive(.search(.rateLimitTick(now: .seconds(3)))) {
      $0.search.now = .seconds(3)
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    try await store.receive(.search(.rateLimitTick(now: .seconds(4)))) {
      $0.search.now = .seconds(4)
      $0.search.rateLimitedUntil = nil
      $0.search.queued = nil
      $0.notice = "Requests are allowed again: searching for “x”."
      $0.search.generation = 2
      $0.search.results = .loading(previous: nil)
    }
    #expect(store.state.search.rateLimitSecondsLeft == nil)
    await clock.settle(sleepers: 1)
    #expect(script.requests.count == 2)
    // Throttled again: a new countdown, from the new answer's time.
    await clock.advance(by: .seconds(1))
    let again = FeatureError.rateLimited(retryAfter: .seconds(3), at: .seconds(5))
    try await store.receive(.search(.searchResponse(generation: 2, .failure(again)))) {
      $0.search.results = .failed(again, previous: nil)
      $0.search.now = .seconds(5)
      $0.search.rateLimitedUntil = .seconds(8)
    }
    try await store.send(.quitRequested) {
      $0.notice = nil
      $0.shouldQuit = true
    }
    try await store.finish()
  }

  @Test("a wait for the budget other tunes processes used shows the limiter's countdown")
  func sharedBudgetWait() async throws {
    let clock = TestClock()
    // The client's own pacing would say 3 s; the limiter's error says 42 s and wins.
    let script = ScriptedClient(clock: clock, pacing: .seconds(3)) { _ in
      (.seconds(1), .failure(.rateLimitWait(seconds: 42)))
    }
    var state = AppState()
    state.search.query = "x"
    let store = makeStore(state, Samples.dependencies(client: script.client, clock: clock.clock))
    try await store.send(.search(.querySubmitted)) {
      $0.search.generation = 1
      $0.search.submitted = SubmittedSearch(term: "x", filters: SearchFilters(), limit: 30)
      $0.search.results = .loading(previous: nil)
      $0.search.focus = .results
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    let throttled = FeatureError.rateLimited(retryAfter: .seconds(42), at: .seconds(1))
    try await store.receive(.search(.searchResponse(generation: 1, .failure(throttled)))) {
      $0.search.results = .failed(throttled, previous: nil)
      $0.search.now = .seconds(1)
      $0.search.rateLimitedUntil = .seconds(43)
    }
    #expect(store.state.search.rateLimitSecondsLeft == 42)
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    try await store.receive(.search(.rateLimitTick(now: .seconds(2)))) {
      $0.search.now = .seconds(2)
    }
    #expect(store.state.search.rateLimitSecondsLeft == 41)
    // Quitting stops the countdown.
    try await store.send(.quitRequested) { $0.shouldQuit = true }
    try await store.finish()
  }

  @Test("when the wait ends after throttling, the throttled search runs again by itself")
  func throttledSearchRunsAgain() async throws {
    let clock = TestClock()
    var state = AppState()
    state.search.submitted = SubmittedSearch(term: "x", filters: SearchFilters(), limit: 30)
    state.search.generation = 1
    let throttled = FeatureError.rateLimited(retryAfter: .seconds(1), at: .zero)
    state.search.results = .failed(throttled, previous: nil)
    state.search.rateLimitedUntil = .seconds(1)
    let store = makeStore(state, Samples.dependencies(clock: clock.clock))
    try await store.send(.search(.rateLimitTick(now: .seconds(1)))) {
      $0.search.now = .seconds(1)
      $0.search.rateLimitedUntil = nil
      $0.notice = "Requests are allowed again: searching for “x”."
      $0.search.generation = 2
      $0.search.results = .loading(previous: nil)
      $0.search.focus = .results
    }
    let failure = FeatureError.client(.unexpectedStatus(0))
    try await store.receive(.search(.searchResponse(generation: 2, .failure(failure)))) {
      $0.search.results = .failed(failure, previous: nil)
    }
    try await store.finish()
  }

  @Test("an empty query is not searched")
  func emptyQuery() async throws {
    let store = makeStore(AppState(), Samples.dependencies())
    try await store.send(.search(.queryEdited(.insert("   ")))) {
      $0.search.query = "   "
      $0.search.queryCursor = 3
    }
    try await store.send(.search(.querySubmitted)) { $0.notice = "Type something to search for." }
    try await store.finish()
  }

  @Test("filters that break the query's rules fail the search before any request")
  func invalidFilters() async throws {
    let script = ScriptedClient(clock: TestClock()) { _ in (.zero, .success(CatalogPage(items: [])))
    }
    var state = AppState(filters: SearchFilters(media: .music, entity: "movie"))
    state.search.query = "x"
    let store = makeStore(state, Samples.dependencies(client: script.client))
    try await store.send(.search(.querySubmitted)) {
      $0.search.generation = 1
      $0.search.submitted = SubmittedSearch(
        term: "x", filters: SearchFilters(media: .music, entity: "movie"), limit: 30)
      $0.search.focus = .results
      $0.search.results = .failed(
        .invalidFilters(
          .notValidForMedia(
            parameter: "entity", value: "movie", media: "music",
            allowed: Media.music.entities)), previous: nil)
    }
    #expect(script.requests.isEmpty)
    try await store.finish()
  }
}

/// A thread-safe call counter for scripted clients.
final class Counter: Sendable {
  private let value = Mutex(0)
  /// Increments and returns the new count.
  func next() -> Int {
    value.withLock {
      $0 += 1
      return $0
    }
  }
}
