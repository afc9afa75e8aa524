import AppArchitecture
import Testing

@testable import TestSupport

@MainActor
@Suite("The test store reports failures")
struct TestStoreTests {
  let clock = TestClock()

  func makeStore() -> TestStore<DemoFeature.State, DemoFeature.Action> {
    let search = RecordingSearch(clock: clock.clock)
    return TestStore(
      initialState: DemoFeature.State(),
      reducer: DemoFeature(clock: clock.clock, search: search.search(_:)),
      timeout: .milliseconds(200))
  }

  @Test("an unexpected state change is reported with expected and actual values")
  func unexpectedStateChange() async throws {
    let store = makeStore()
    let error = await #expect(throws: TestStoreFailure.self) {
      try await store.send(.incrementTapped)
    }
    guard case .stateMismatch(let action, let diff) = error else {
      Issue.record("wrong failure: \(String(describing: error))")
      return
    }
    #expect(action == "incrementTapped")
    #expect(diff.contains("− ") && diff.contains("count: 0"))
    #expect(diff.contains("+ ") && diff.contains("count: 1"))
  }

  @Test("a wrong expected mutation is reported")
  func wrongMutation() async throws {
    let store = makeStore()
    await #expect(throws: TestStoreFailure.self) {
      try await store.send(.incrementTapped) { $0.count = 2 }
    }
    #expect(store.state.count == 1)
  }

  @Test("receiving a different action than expected is reported")
  func unexpectedAction() async throws {
    let store = makeStore()
    try await store.send(.factTapped)
    let error = await #expect(throws: TestStoreFailure.self) {
      try await store.receive(.factResponse("wrong"))
    }
    #expect(
      error
        == .unexpectedAction(
          expected: #"factResponse("wrong")"#, actual: #"factResponse("0 is a number")"#))
  }

  @Test("receive gives up after its bound when no action comes")
  func receiveTimesOut() async throws {
    let store = makeStore()
    try await store.send(.timerStarted)
    let error = await #expect(throws: TestStoreFailure.self) {
      try await store.receive(.timerTicked)
    }
    #expect(error == .noActionReceived(expected: "timerTicked"))
    await store.skipInFlightEffects()
  }

  @Test("finish reports effects still running")
  func finishReportsRunningEffects() async throws {
    let store = makeStore()
    try await store.send(.timerStarted)
    let error = await #expect(throws: TestStoreFailure.self) { try await store.finish() }
    #expect(error == .effectsStillRunning(count: 1))
    await store.skipInFlightEffects()
    try await store.finish()
  }

  @Test("actions from effects that were never received are reported")
  func unhandledActions() async throws {
    let store = makeStore()
    try await store.send(.factTapped)
    let error = await #expect(throws: TestStoreFailure.self) { try await store.finish() }
    #expect(error == .unhandledActions([#"factResponse("0 is a number")"#]))
    let sendError = await #expect(throws: TestStoreFailure.self) {
      try await store.send(.incrementTapped) { $0.count = 1 }
    }
    #expect(sendError == .unhandledActions([#"factResponse("0 is a number")"#]))
    store.skipReceivedActions()
    try await store.finish()
  }

  @Test("receive(matching:) accepts an action by predicate and reports a mismatch")
  func receiveMatching() async throws {
    let store = makeStore()
    try await store.send(.factTapped)
    let error = await #expect(throws: TestStoreFailure.self) {
      try await store.receive(matching: { $0 == .timerTicked })
    }
    #expect(
      error
        == .unexpectedAction(
          expected: "an action matching the predicate", actual: #"factResponse("0 is a number")"#))
    let isFact: (DemoFeature.Action) -> Bool = {
      if case .factResponse = $0 { return true }
      return false
    }
    try await store.receive(matching: isFact) { $0.log = ["0 is a number"] }
    try await store.finish()
  }

  @Test("the failure's description and suggestion are readable")
  func failureText() {
    let failure = TestStoreFailure.effectsStillRunning(count: 2)
    #expect(failure.description == "2 effect(s) were still running at the end of the test.")
    #expect(failure.recoverySuggestion?.contains("skipInFlightEffects") == true)
  }
}
