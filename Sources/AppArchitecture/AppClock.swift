/// Time as a dependency: debounce, back-off countdowns and spinners read it, so tests can
/// control it with `TestClock` instead of sleeping.
public struct AppClock: Sendable {
  /// The time elapsed since the clock started.
  public var now: @Sendable () -> Duration
  /// Suspends for the given duration; throws `CancellationError` if the task is cancelled.
  ///
  /// It is `nonisolated(nonsending)`: it starts on the caller's actor, so an effect on the main
  /// actor registers its sleep with a test clock without hopping threads, which keeps tests
  /// deterministic.
  public var sleep: nonisolated(nonsending) @Sendable (Duration) async throws -> Void

  /// Creates a clock from its two operations.
  public init(
    now: @escaping @Sendable () -> Duration,
    sleep: nonisolated(nonsending) @escaping @Sendable (Duration) async throws -> Void
  ) {
    self.now = now
    self.sleep = sleep
  }

  /// Suspends for `duration`; throws `CancellationError` if the task is cancelled.
  nonisolated(nonsending) public func sleep(for duration: Duration) async throws {
    try await sleep(duration)
  }

  /// The real clock, based on `ContinuousClock`; `now` counts from the first use, one origin
  /// for the whole process (the app, the client's pacing and deadlines share it).
  public static let live: AppClock = {
    let clock = ContinuousClock()
    let start = clock.now
    return AppClock(
      now: { clock.now - start },
      sleep: { duration in
        guard duration > .zero else { return try Task.checkCancellation() }
        try await clock.sleep(for: duration)
      })
  }()

  /// A clock whose sleeps return at once (after checking for cancellation) and whose time
  /// stands still at zero; for tests that do not care about time.
  public static var immediate: AppClock {
    AppClock(now: { .zero }, sleep: { _ in try Task.checkCancellation() })
  }
}
