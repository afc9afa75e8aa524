import Foundation

/// Monotonic time for pacing, back-off and deadlines, injected so tests never sleep.
///
/// `now` is the time since an arbitrary origin; only differences matter.
public struct ClientClock: Sendable {
  /// The time elapsed since this clock's origin.
  public var now: @Sendable () -> Duration
  /// Suspends for `duration`; throws `CancellationError` when the task is cancelled.
  public var sleep: @Sendable (_ duration: Duration) async throws -> Void

  /// Makes a clock from its two operations.
  public init(
    now: @escaping @Sendable () -> Duration,
    sleep: @escaping @Sendable (_ duration: Duration) async throws -> Void
  ) {
    self.now = now
    self.sleep = sleep
  }

  /// The process's `ContinuousClock`.
  public static let live: ClientClock = {
    let clock = ContinuousClock()
    let origin = clock.now
    return ClientClock(
      now: { clock.now - origin },
      sleep: { duration in
        guard duration > .zero else { return try Task.checkCancellation() }
        try await clock.sleep(for: duration)
      })
  }()
}
