import Foundation
import ITunesCatalog
import ITunesClient
import TestSupport
import Testing

@Suite("Back-off and jitter")
struct RetryPolicyTests {
  @Test(
    "the back-off doubles per attempt and jitter scales it between 50 and 100 percent",
    arguments: [
      (0.0, [Duration.milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(4)]),
      (
        0.5,
        [Duration.milliseconds(750), .milliseconds(1500), .seconds(3), .seconds(6), .seconds(6)]
      ),
      (1.0, [Duration.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(8)]),
    ])
  func schedule(random: Double, expected: [Duration]) {
    let policy = RetryPolicy(
      maxAttempts: 6, baseDelay: .seconds(1), maxDelay: .seconds(8), random: { random })
    #expect((1...5).map { policy.delay(afterAttempt: $0) } == expected)
  }

  @Test("attempts are at least one and a huge attempt number stays at the cap")
  func bounds() {
    #expect(RetryPolicy(maxAttempts: 0).maxAttempts == 1)
    let policy = RetryPolicy(maxDelay: .seconds(8), random: { 0.999 })
    #expect(policy.delay(afterAttempt: 500) <= .seconds(8))
    #expect(policy.delay(afterAttempt: 500) > .seconds(7))
  }

  @Test("5xx answers are retried after the jittered back-off on the injected clock")
  func pipelineSleepsTheSchedule() async throws {
    let clock = TestClock()
    let fake = FakeTransport(statuses: [500, 502, 503])
    var configuration = try ClientConfiguration(baseURL: "https://itunes.apple.com")
    configuration.retry = RetryPolicy(maxAttempts: 3, baseDelay: .seconds(1), random: { 0.5 })
    let limiter = RateLimiter(
      limit: RateLimit(requests: 100, period: .seconds(60)), clock: clock.clock)
    let client = ITunesClient.live(
      configuration: configuration, transport: fake.transport, limiter: limiter,
      clock: clock.clock)
    let request = CatalogRequest(endpoint: .search, parameters: [.init("term", "x")])
    let task = Task { await fetchError(client, request) }
    // If a step below fails, stop and cancel: nothing would move the clock for the task again.
    defer { task.cancel() }
    let backOffs: @Sendable () -> [Duration] = {
      clock.requestedSleeps.filter { $0 != .seconds(15) }
    }
    try #require(
      await eventually { backOffs() == [.milliseconds(750)] && clock.pendingSleepers == 1 })
    #expect(fake.count == 1)
    await clock.advance(by: .milliseconds(750))
    try #require(
      await eventually {
        backOffs() == [.milliseconds(750), .milliseconds(1500)] && fake.count == 2
      })
    await clock.advance(by: .milliseconds(1500))
    #expect(await task.value == .serverError(status: 503, attempts: 3))
    #expect(fake.count == 3)
  }
}
