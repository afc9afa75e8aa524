import Foundation
import ITunesClient
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

  // The pipeline sleeping this schedule on the clock is ExchangeTests.retries, for both sides.
}
