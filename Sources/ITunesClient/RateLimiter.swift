import AppArchitecture
import Foundation

/// Keeps tunes within Apple's budget: at most `requests` in any `period` (20 in any minute),
/// per process (`shared`, in ITunesClientLive), or for every process on the machine when its
/// ledger is a shared file (`PacingLedger.file(path:)`, also ITunesClientLive's).
///
/// It remembers when the last `requests` requests were sent (a sliding-window log): a request
/// may go when fewer than `requests` were sent in the `period` before it, so a burst of 20 goes
/// at once and the 21st waits until the first is a minute old. (A token bucket refilling every
/// 3 s would let about 39 through in the first minute, more than Apple's limit.) After Apple
/// throttles (`throttled()`), nothing goes for the cool-down (60 s by default), so the app can
/// show a countdown instead of making things worse. The state lives in a `PacingLedger` under
/// `key` (one budget per key); time comes from an injected `AppClock`, which must be the same
/// for everyone sharing the ledger (`AppClock.wall` for processes).
public actor RateLimiter {
  /// Thrown by `acquire(maxWait:onWait:)` when the wait would be longer than allowed.
  public struct WaitTooLong: Error, Equatable {
    /// How long the caller would have had to wait from now.
    public var wait: Duration

    /// Makes the error.
    public init(wait: Duration) {
      self.wait = wait
    }
  }

  /// The budget this limiter enforces.
  public nonisolated let limit: RateLimit
  /// The budget's name in the ledger.
  public nonisolated let key: String
  private let clock: AppClock
  private let ledger: PacingLedger

  /// Makes a limiter; a budget the ledger does not know yet has nothing sent.
  ///
  /// - Parameters:
  ///   - limit: the budget.
  ///   - clock: now and sleep; everyone sharing `ledger` must read the same time.
  ///   - ledger: where the state lives (by default this limiter's own memory).
  ///   - key: the budget's name in the ledger (e.g. the API host).
  public init(
    limit: RateLimit, clock: AppClock, ledger: PacingLedger = .memory(), key: String = "api"
  ) {
    self.limit = limit
    self.clock = clock
    self.ledger = ledger
    self.key = key
  }

  /// How long until a request would be allowed; `nil` when one is allowed now.
  public func waitTime() -> Duration? {
    let now = clock.now()
    var wait = Duration.zero
    ledger.update(key) { entry in wait = self.waitTime(&entry, at: now) }
    return wait > .zero ? wait : nil
  }

  /// Takes a token, waiting until one is free.
  ///
  /// - Throws: `CancellationError` when the task is cancelled while waiting (no token is used).
  public func acquire() async throws {
    try await acquire(maxWait: nil, onWait: { _ in })
  }

  /// Takes a token, waiting for one at most `maxWait` in all (`nil`: as long as it takes).
  ///
  /// `onWait` is told each time the caller starts to wait, with how long. Waiters sleep and
  /// look again; nothing is reserved, so a cancelled waiter costs nothing.
  /// - Throws: `WaitTooLong` at once when the next token comes later than `maxWait` allows
  ///   (no token is used); `CancellationError` when the task is cancelled while waiting.
  public func acquire(
    maxWait: Duration?, onWait: @Sendable (Duration) -> Void
  ) async throws {
    let start = clock.now()
    while true {
      try Task.checkCancellation()
      let now = clock.now()
      let wait = take(at: now)
      if wait <= .zero { return }
      if let maxWait, now - start + wait > maxWait { throw WaitTooLong(wait: wait) }
      onWait(wait)
      try await clock.sleep(wait)
    }
  }

  /// Takes a token if one is free now, without waiting; returns whether it did.
  public func tryAcquire() -> Bool {
    take(at: clock.now()) <= .zero
  }

  /// Records that Apple throttled a request: no token is handed out for the cool-down.
  public func throttled() {
    let until = clock.now() + limit.coolDown
    ledger.update(key) { entry in
      entry.blockedUntil = max(entry.blockedUntil ?? until, until)
    }
  }

  /// Takes a token if one is free at `now` (returns zero or less), else returns the wait.
  private func take(at now: Duration) -> Duration {
    var wait = Duration.zero
    ledger.update(key) { entry in
      wait = self.waitTime(&entry, at: now)
      if wait <= .zero {
        entry.sent.append(now)
        entry.sent.removeFirst(max(0, entry.sent.count - self.limit.requests))
      }
    }
    return wait
  }

  /// The wait at `now`. On the way it forgets sends older than the period and a cool-down that
  /// is over, and brings instants no clock could have written (a clock set back, a file from
  /// another machine) down to what they can be: a send in the future counts as sent now.
  private nonisolated func waitTime(_ entry: inout PacingEntry, at now: Duration) -> Duration {
    entry.sent = entry.sent.map { min($0, now) }.filter { now - $0 < limit.period }.sorted()
    if let blocked = entry.blockedUntil, blocked > now + limit.coolDown {
      entry.blockedUntil = now + limit.coolDown
    }
    var wait = Duration.zero
    if entry.sent.count >= limit.requests {
      wait = entry.sent[entry.sent.count - limit.requests] + limit.period - now
    }
    if let blockedUntil = entry.blockedUntil {
      if blockedUntil > now {
        wait = max(wait, blockedUntil - now)
      } else {
        entry.blockedUntil = nil
      }
    }
    return wait
  }
}
