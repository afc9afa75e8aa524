import Foundation

/// How 5xx answers are retried: a bounded number of attempts, exponential back-off with jitter.
///
/// The delay before attempt `n + 1` is `min(maxDelay, baseDelay × 2^(n-1))`, scaled by a random
/// factor in `[0.5, 1)` ("equal jitter"), so clients that failed together do not retry together.
public struct RetryPolicy: Sendable {
  /// How many times a request is sent in all, at least 1.
  public var maxAttempts: Int
  /// The back-off before the second attempt, before jitter.
  public var baseDelay: Duration
  /// The largest back-off, before jitter.
  public var maxDelay: Duration
  /// A random number in `[0, 1)`; injected so tests get a fixed schedule.
  public var random: @Sendable () -> Double

  /// Makes a policy; the defaults are 3 attempts, 1 s then 2 s (each 50–100 % of that).
  public init(
    maxAttempts: Int = 3, baseDelay: Duration = .seconds(1), maxDelay: Duration = .seconds(8),
    random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
  ) {
    self.maxAttempts = max(1, maxAttempts)
    self.baseDelay = baseDelay
    self.maxDelay = maxDelay
    self.random = random
  }

  /// The back-off after failed attempt number `attempt` (1-based), jitter included.
  public func delay(afterAttempt attempt: Int) -> Duration {
    let exponent = min(max(attempt - 1, 0), 30)
    var ceiling = baseDelay * (1 << exponent)
    if ceiling > maxDelay || ceiling < .zero { ceiling = maxDelay }
    let factor = 0.5 + 0.5 * min(max(random(), 0), 1)
    return ceiling * factor
  }
}
