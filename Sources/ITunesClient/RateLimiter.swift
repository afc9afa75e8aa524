import AppArchitecture
import Foundation

/// A token bucket shared by every caller in the process, so the app stays within Apple's budget.
///
/// The bucket holds `requests` tokens and refills one every `period / requests` (3 s for 20 a
/// minute); it is kept in its exact integer form (GCRA: one "theoretical arrival time"), so a
/// caller's wait is exact. After Apple throttles (`throttled()`), no token is handed out for the
/// cool-down (60 s by default) so the app can show a countdown instead of making things worse.
/// Time comes from an injected `AppClock`.
public actor RateLimiter {
  /// The limiter every live client in the process shares: 20 requests a minute, live clock.
  public static let shared = RateLimiter(limit: .apple, clock: .live)

  /// The budget this limiter enforces.
  public nonisolated let limit: RateLimit
  private let clock: AppClock
  private let interval: Duration
  private let tolerance: Duration
  /// When the bucket would be full again if nothing else were sent.
  private var theoreticalArrival: Duration
  private var blockedUntil: Duration?

  /// Makes a limiter with a full bucket.
  public init(limit: RateLimit, clock: AppClock) {
    self.limit = limit
    self.clock = clock
    self.interval = limit.period / limit.requests
    self.tolerance = limit.period / limit.requests * (limit.requests - 1)
    self.theoreticalArrival = clock.now()
  }

  /// How long until a request would be allowed; `nil` when one is allowed now.
  public func waitTime() -> Duration? {
    let wait = waitTime(at: clock.now())
    return wait > .zero ? wait : nil
  }

  /// Takes a token, waiting until one is free.
  ///
  /// - Throws: `CancellationError` when the task is cancelled while waiting (no token is used).
  public func acquire() async throws {
    while true {
      try Task.checkCancellation()
      let now = clock.now()
      let wait = waitTime(at: now)
      if wait <= .zero {
        theoreticalArrival = max(theoreticalArrival, now) + interval
        return
      }
      // Waiters sleep and look again; nothing is reserved, so a cancelled waiter costs nothing.
      try await clock.sleep(wait)
    }
  }

  /// Takes a token if one is free now, without waiting; returns whether it did.
  public func tryAcquire() -> Bool {
    let now = clock.now()
    guard waitTime(at: now) <= .zero else { return false }
    theoreticalArrival = max(theoreticalArrival, now) + interval
    return true
  }

  /// Records that Apple throttled a request: no token is handed out for the cool-down.
  public func throttled() {
    let until = clock.now() + limit.coolDown
    blockedUntil = max(blockedUntil ?? until, until)
  }

  private func waitTime(at now: Duration) -> Duration {
    var wait = theoreticalArrival - tolerance - now
    if let blockedUntil {
      if blockedUntil > now {
        wait = max(wait, blockedUntil - now)
      } else {
        self.blockedUntil = nil
      }
    }
    return wait
  }
}
