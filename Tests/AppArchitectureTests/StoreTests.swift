import AppArchitecture
import Testing

@testable import TestSupport

@MainActor
@Suite("The store runs reducers and effects")
struct StoreTests {
  @Test("send reduces synchronously and notifies the observer after each change")
  func sendReducesAndNotifies() async {
    let clock = TestClock()
    let search = RecordingSearch(clock: clock.clock)
    let store = Store(
      initialState: DemoFeature.State(),
      reducer: DemoFeature(clock: clock.clock, search: search.search(_:)))
    var observed: [Int] = []
    store.observer = { observed.append($0.count) }
    store.send(.incrementTapped)
    #expect(store.state.count == 1)
    store.send(.factTapped)
    await store.finish()
    #expect(store.state.log == ["1 is a number"])
    #expect(observed == [1, 1, 1])
  }

  @Test("effects' actions come back through send, and finish awaits them")
  func finishAwaitsEffects() async {
    let clock = TestClock()
    let search = RecordingSearch(clock: clock.clock)
    let store = Store(
      initialState: DemoFeature.State(),
      reducer: DemoFeature(clock: clock.clock, search: search.search(_:)))
    store.send(.queryChanged("q"))
    #expect(store.inFlightEffectCount == 1)
    // Step by step, waiting for each sleep: `clock.run()` stops when no sleeper shows up within
    // 100 ms, and the search's sleep can take longer to register (ThreadSanitizer, a loaded
    // machine); then `finish` waited for ever.
    #expect(await clock.waitForSleepers(count: 1, timeout: .seconds(30)))
    await clock.advance(by: .milliseconds(300))
    #expect(await clock.waitForSleepers(count: 1, timeout: .seconds(30)), "the search sleeps")
    await clock.advance(by: .seconds(1))
    await store.finish()
    #expect(store.state.results == ["Q"])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test("cancelling all effects stops them and they observe it")
  func cancelAll() async throws {
    let clock = TestClock()
    let search = RecordingSearch(clock: clock.clock)
    let store = Store(
      initialState: DemoFeature.State(query: "x"),
      reducer: DemoFeature(clock: clock.clock, search: search.search(_:)))
    store.send(.searchTriggered)
    #expect(await clock.waitForSleepers(count: 1))
    store.cancelAllEffects()
    await store.finish()
    try await search.waitForOutcomes(1)
    #expect(search.recorded == [.cancelled("x")])
    #expect(clock.pendingSleepers == 0)
  }

  @Test("effect ids of different types never collide")
  func effectIDs() {
    #expect(EffectID("a") == EffectID("a"))
    #expect(EffectID(1) != EffectID("1"))
    #expect(EffectID(EffectID(3)) == EffectID(3))
  }

  @Test("the live clock counts forward and sleeps")
  func liveClock() async throws {
    let clock = AppClock.live
    let before = clock.now()
    try await clock.sleep(for: .milliseconds(1))
    #expect(clock.now() > before)
  }
}
