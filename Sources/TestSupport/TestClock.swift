import AppArchitecture
import Synchronization

/// A clock for tests: time moves only when the test calls ``advance(by:)``.
///
/// `sleep` suspends until `advance` moves time past the sleeper's deadline; nothing really
/// sleeps. A cancelled sleeper throws `CancellationError` at once. Use ``clock`` as the
/// reducer's `AppClock`; drive it from the test with `advance(by:)`, `run()` and
/// `waitForSleepers(count:timeout:)`.
public final class TestClock: Sendable {
  private struct Sleeper {
    var deadline: Duration
    var continuation: CheckedContinuation<Void, any Error>?
  }

  private struct State {
    var now: Duration = .zero
    var sleepers: [Int: Sleeper] = [:]
    var cancelledBeforeRegistering: Set<Int> = []
    var nextID = 0
    var requested: [Duration] = []
  }

  private let state = Mutex(State())

  /// Creates a clock at time zero.
  public init() {}

  /// The current time: the total advanced so far.
  public var now: Duration { state.withLock { $0.now } }

  /// The number of tasks currently suspended in `sleep`.
  public var pendingSleepers: Int {
    state.withLock { state in state.sleepers.values.filter { $0.continuation != nil }.count }
  }

  /// Every duration a sleeper asked for, in order.
  public var requestedSleeps: [Duration] { state.withLock { $0.requested } }

  /// This clock as the clock dependency of the app and the client.
  public var clock: AppClock {
    AppClock(
      now: { [self] in now },
      sleep: self.sleep(for:))
  }

  /// Suspends until time has advanced by `duration`.
  /// - Throws: `CancellationError` when the calling task is cancelled.
  nonisolated(nonsending) public func sleep(for duration: Duration) async throws {
    try Task.checkCancellation()
    // The deadline is fixed when the sleep is asked for, so a sleeper that registers only
    // after time has moved past it wakes at once instead of never.
    let (id, deadline) = state.withLock { state -> (Int, Duration) in
      defer { state.nextID += 1 }
      state.requested.append(duration)
      return (state.nextID, state.now + duration)
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let immediate: Result<Void, any Error>? = state.withLock { state in
          if state.cancelledBeforeRegistering.remove(id) != nil {
            return .failure(CancellationError())
          }
          if duration <= .zero || deadline <= state.now { return .success(()) }
          state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
          return nil
        }
        if let immediate { continuation.resume(with: immediate) }
      }
    } onCancel: {
      let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
        guard let sleeper = state.sleepers.removeValue(forKey: id) else {
          state.cancelledBeforeRegistering.insert(id)
          return nil
        }
        return sleeper.continuation
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, waking sleepers in deadline order.
  ///
  /// Effects reach their sleeps on other threads, so before each step it yields (bounded by
  /// `settle` of real time, never sleeping) until a sleeper is due within the window; when
  /// none turns up it moves time anyway. After waking a sleeper it yields again so the woken
  /// task runs and registers its next sleep before time moves on.
  /// - Parameters:
  ///   - duration: how far to move time.
  ///   - settle: the real-time bound on waiting for a due sleeper to register.
  public func advance(by duration: Duration, settle: Duration = .milliseconds(100)) async {
    let target = now + duration
    while true {
      await waitUntil(within: settle) { self.hasSleeper(dueBy: target) }
      let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
        let due = state.sleepers.filter { $0.value.deadline <= target }
          .min { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }
        guard let (id, sleeper) = due else {
          state.now = max(state.now, target)
          return nil
        }
        state.sleepers[id] = nil
        state.now = max(state.now, sleeper.deadline)
        return sleeper.continuation
      }
      guard let next else { break }
      next.resume()
    }
    await Task.megaYield()
  }

  /// Advances time until no sleeper is left.
  public func run() async {
    await waitForSleepers(count: 1, timeout: .milliseconds(100))
    while let deadline = state.withLock({ $0.sleepers.values.map(\.deadline).min() }) {
      await advance(by: max(.zero, deadline - now))
    }
  }

  /// Yields until at least `count` tasks are suspended in `sleep`, or `timeout` of real time
  /// has passed.
  /// - Returns: whether that many sleepers were there.
  @discardableResult
  public func waitForSleepers(count: Int = 1, timeout: Duration = .seconds(1)) async -> Bool {
    await waitUntil(within: timeout) { self.pendingSleepers >= count }
    return pendingSleepers >= count
  }

  private func hasSleeper(dueBy target: Duration) -> Bool {
    state.withLock { state in state.sleepers.values.contains { $0.deadline <= target } }
  }

  private func waitUntil(within bound: Duration, _ condition: () -> Bool) async {
    await Task.megaYield()
    let clock = ContinuousClock()
    let deadline = clock.now + bound
    while !condition(), clock.now < deadline {
      await Task.yield()
    }
  }
}

extension Task where Success == Never, Failure == Never {
  /// Yields `count` times, so that ready tasks on the same actor get to run.
  public static func megaYield(count: Int = 20) async {
    for _ in 0..<count { await Task.yield() }
  }
}
