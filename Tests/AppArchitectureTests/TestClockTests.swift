import AppArchitecture
import Testing

@testable import TestSupport

@MainActor
@Suite("The test clock")
struct TestClockTests {
  @Test("a sleeper wakes only once time passes its deadline")
  func wakesAtDeadline() async throws {
    let clock = TestClock()
    var woke = false
    let task = Task { @MainActor in
      try await clock.sleep(for: .seconds(5))
      woke = true
    }
    // Under load the task may not have reached its sleep yet; advancing first would leave its
    // deadline beyond every later advance and task.value would never return.
    try #require(await clock.waitForSleepers(count: 1, timeout: .seconds(10)))
    await clock.advance(by: .seconds(4))
    #expect(!woke)
    #expect(clock.pendingSleepers == 1)
    await clock.advance(by: .seconds(1))
    try await task.value
    #expect(woke)
    #expect(clock.now == .seconds(5))
  }

  @Test("cancelling a sleeper throws CancellationError without advancing")
  func cancellation() async {
    let clock = TestClock()
    let task = Task { @MainActor in try await clock.sleep(for: .seconds(5)) }
    await Task.megaYield()
    task.cancel()
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(clock.pendingSleepers == 0)
    #expect(clock.now == .zero)
  }
}
