import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient
import Synchronization
import TestSupport
import Testing

@testable import TunesFeatures

@MainActor
@Suite("Switching to the demo catalogue")
struct DemoSwitchTests {
  /// A client that cannot connect until `switched` is set, then answers `page`.
  final class Switchable: Sendable {
    let switched = Mutex(false)
    let page: CatalogPage

    init(page: CatalogPage) { self.page = page }

    var client: ITunesClient {
      ITunesClient { [self] _ in
        guard switched.withLock({ $0 }) else {
          throw ClientError.cannotConnect(host: "itunes.apple.com")
        }
        return Samples.response(page)
      }
    }
  }

  static func failedState() -> AppState {
    var state = AppState()
    state.search.submitted = SubmittedSearch(term: "castell", filters: SearchFilters(), limit: 30)
    state.search.generation = 1
    state.search.focus = .results
    state.search.results = .failed(.client(.cannotConnect(host: "itunes.apple.com")), previous: nil)
    return state
  }

  @Test("appStarted offers the demo only when it can be switched to and is not on already")
  func offered() async throws {
    var dependencies = Samples.dependencies()
    dependencies.switchToDemo = {}
    let store = makeStore(AppState(), dependencies)
    try await store.send(.appStarted) { $0.demoAvailable = true }
    try await store.receiveEmptyStartUp()
    try await store.finish()
    dependencies.isDemo = true
    let demo = makeStore(AppState(), dependencies)
    try await demo.send(.appStarted) { $0.isDemo = true }
    try await demo.receiveEmptyStartUp()
    try await demo.finish()
    let none = makeStore(AppState(), Samples.dependencies())
    try await none.send(.appStarted)
    try await none.receiveEmptyStartUp()
    try await none.finish()
  }

  @Test("d switches, says so, and runs the failed search again on the demo")
  func switches() async throws {
    let page = try Samples.mixed()
    let switchable = Switchable(page: page)
    var dependencies = Samples.dependencies(client: switchable.client)
    dependencies.switchToDemo = { switchable.switched.withLock { $0 = true } }
    var state = Self.failedState()
    state.demoAvailable = true
    let store = makeStore(state, dependencies)
    try await store.send(.demoRequested) {
      $0.demoAvailable = false
      $0.notice = "Starting the demo catalogue…"
    }
    try await store.receive(.demoSwitched(nil)) {
      $0.isDemo = true
      $0.notice = "Switched to the demo catalogue for this session: every item is made up."
      $0.search.generation = 2
      $0.search.results = .loading(previous: nil)
    }
    try await store.receive(
      .search(.searchResponse(generation: 2, .success(Samples.response(page))))
    ) {
      $0.search.shownTerm = "castell"
      $0.search.results = .loaded(page.items)
      $0.search.source = .network
    }
    try await store.receive(.search(.historyLoaded(["castell"]))) {
      $0.search.history = ["castell"]
    }
    try await store.finish()
    #expect(switchable.switched.withLock { $0 })
  }

  @Test("A failed switch says why and offers d again; without the offer d does nothing")
  func failure() async throws {
    struct NoPort: Error, LocalizedError { var errorDescription: String? { "no port" } }
    var dependencies = Samples.dependencies()
    dependencies.switchToDemo = { throw NoPort() }
    var state = Self.failedState()
    state.demoAvailable = true
    let store = makeStore(state, dependencies)
    try await store.send(.demoRequested) {
      $0.demoAvailable = false
      $0.notice = "Starting the demo catalogue…"
    }
    try await store.receive(.demoSwitched(.other("no port"))) {
      $0.demoAvailable = true
      $0.notice = "The demo catalogue could not start: no port"
    }
    try await store.finish()
    let unavailable = makeStore(Self.failedState(), dependencies)
    try await unavailable.send(.demoRequested)
    try await unavailable.finish()
  }

  @Test("Only errors that mean Apple cannot be reached at all offer the demo")
  func unreachable() {
    #expect(FeatureError.client(.cannotConnect(host: "x")).isUnreachable)
    #expect(FeatureError.client(.hostNotFound(host: "x")).isUnreachable)
    #expect(FeatureError.client(.offline).isUnreachable)
    #expect(!FeatureError.client(.timedOut(seconds: 15)).isUnreachable)
    #expect(!FeatureError.client(.serverError(status: 503, attempts: 3)).isUnreachable)
    #expect(!FeatureError.rateLimited(retryAfter: .seconds(60), at: .zero).isUnreachable)
  }
}
