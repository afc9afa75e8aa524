import AppArchitecture
import Testing

@testable import TestSupport

@MainActor
@Suite("Effects run by a test store")
struct EffectTests {
  let clock = TestClock()

  func makeStore(search: RecordingSearch? = nil) -> TestStore<DemoFeature.State, DemoFeature.Action>
  {
    let search = search ?? RecordingSearch(clock: clock.clock)
    return TestStore(
      initialState: DemoFeature.State(),
      reducer: DemoFeature(clock: clock.clock, search: search.search(_:)))
  }

  @Test("a run effect delivers its action back to the reducer")
  func runEffectDeliversAction() async throws {
    let store = makeStore()
    try await store.send(.incrementTapped) { $0.count = 1 }
    try await store.send(.factTapped)
    try await store.receive(.factResponse("1 is a number")) { $0.log = ["1 is a number"] }
    try await store.finish()
  }

  @Test("a run effect can send several actions over time")
  func runEffectSendsSeveralActions() async throws {
    let store = makeStore()
    try await store.send(.timerStarted)
    // Each second moves only once the timer sleeps (a busy machine may start it late).
    for tick in 1...3 {
      #expect(await clock.waitForSleepers(count: 1, timeout: .seconds(30)))
      await clock.advance(by: .seconds(1))
      try await store.receive(.timerTicked) { $0.count = tick }
    }
    try await store.finish()
    #expect(clock.now == .seconds(3))
  }

  @Test("merged effects deliver every action in order")
  func mergeDeliversAll() async throws {
    let store = makeStore()
    try await store.send(.mergeTapped)
    try await store.receive(.merged("sent")) { $0.log = ["sent"] }
    try await store.receive(.merged("run")) { $0.log = ["sent", "run"] }
    try await store.finish()
  }

  @Test("typing debounces: only the last query is searched, after the quiet period")
  func debounce() async throws {
    let search = RecordingSearch(clock: clock.clock)
    let store = makeStore(search: search)
    try await store.send(.queryChanged("a")) { $0.query = "a" }
    await clock.advance(by: .milliseconds(200))
    try await store.send(.queryChanged("ab")) { $0.query = "ab" }
    await clock.advance(by: .milliseconds(200))
    #expect(store.pendingActions.isEmpty)
    await clock.advance(by: .milliseconds(100))
    try await store.receive(.searchTriggered) {
      $0.requestID = 1
      $0.isSearching = true
    }
    await clock.advance(by: .seconds(1))
    try await store.receive(.searchResponse(id: 1, results: ["AB"])) {
      $0.isSearching = false
      $0.results = ["AB"]
    }
    try await store.finish()
    #expect(search.recorded == [.finished("ab")])
  }

  @Test("cancel by id stops the running search, which observes the cancellation")
  func cancelByID() async throws {
    let search = RecordingSearch(clock: clock.clock)
    let store = makeStore(search: search)
    try await store.send(.searchTriggered) {
      $0.requestID = 1
      $0.isSearching = true
    }
    #expect(store.inFlightEffectCount == 1)
    try await store.send(.cancelSearchTapped) { $0.isSearching = false }
    #expect(store.inFlightEffectCount == 0)
    await clock.run()
    try await store.finish()
    try await search.waitForOutcomes(1)
    #expect(search.recorded == [.cancelled("")])
  }

  @Test("a new request cancels the one in flight, whose task observes the cancellation")
  func cancelInFlight() async throws {
    let search = RecordingSearch(clock: clock.clock)
    let store = makeStore(search: search)
    try await store.send(.queryChanged("old")) { $0.query = "old" }
    await clock.advance(by: .milliseconds(300))
    try await store.receive(.searchTriggered) {
      $0.requestID = 1
      $0.isSearching = true
    }
    try await store.send(.queryChanged("new")) { $0.query = "new" }
    await clock.advance(by: .milliseconds(300))
    try await store.receive(.searchTriggered) { $0.requestID = 2 }
    try await search.waitForOutcomes(1)
    #expect(search.recorded == [.cancelled("old")])
    await clock.advance(by: .seconds(1))
    try await store.receive(.searchResponse(id: 2, results: ["NEW"])) {
      $0.isSearching = false
      $0.results = ["NEW"]
    }
    try await store.finish()
    #expect(search.recorded == [.cancelled("old"), .finished("new")])
  }

  @Test("a stale response arriving after a newer request is dropped by the reducer")
  func staleResponseDropped() async throws {
    let store = makeStore()
    try await store.send(.searchTriggered) {
      $0.requestID = 1
      $0.isSearching = true
    }
    try await store.send(.searchTriggered) { $0.requestID = 2 }
    try await store.send(.searchResponse(id: 1, results: ["STALE"]))
    await clock.advance(by: .seconds(1))
    try await store.receive(.searchResponse(id: 2, results: [""])) {
      $0.isSearching = false
      $0.results = [""]
    }
    try await store.finish()
  }
}
