import Foundation
import ITunesClient

/// A clock that moves only when a test calls `advance(by:)`; sleepers wake when their time comes.
final class ManualClock: @unchecked Sendable {
  private struct Sleeper {
    let id: Int
    let deadline: Duration
    let continuation: CheckedContinuation<Void, Error>
  }

  private let lock = NSLock()
  private var current = Duration.zero
  private var sleepers: [Sleeper] = []
  private var nextID = 0
  private var requested: [Duration] = []

  /// The `ClientClock` driven by this manual clock.
  var clientClock: ClientClock {
    ClientClock(now: { self.now }, sleep: { try await self.sleep(for: $0) })
  }

  var now: Duration { lock.withLock { current } }

  /// How many tasks are asleep on this clock.
  var sleeperCount: Int { lock.withLock { sleepers.count } }

  /// Every duration a sleeper asked for, in order.
  var requestedSleeps: [Duration] { lock.withLock { requested } }

  /// Sleeps until `advance(by:)` passes `duration` from the moment of the call. The deadline is
  /// fixed when the sleep is asked for, so a sleeper that registers only after a test saw the
  /// request and advanced the clock wakes at once instead of never.
  func sleep(for duration: Duration) async throws {
    let (id, deadline) = lock.withLock { () -> (Int, Duration) in
      nextID += 1
      requested.append(duration)
      return (nextID, current + duration)
    }
    guard duration > .zero else { return try Task.checkCancellation() }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, Error>) in
        lock.lock()
        if Task.isCancelled {
          lock.unlock()
          continuation.resume(throwing: CancellationError())
          return
        }
        if deadline <= current {
          lock.unlock()
          continuation.resume()
          return
        }
        sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
        lock.unlock()
      }
    } onCancel: {
      let woken = lock.withLock { () -> Sleeper? in
        guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return sleepers.remove(at: index)
      }
      woken?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward and wakes every sleeper whose deadline has come.
  func advance(by duration: Duration) {
    let due = lock.withLock { () -> [Sleeper] in
      current += duration
      let due = sleepers.filter { $0.deadline <= current }
      sleepers.removeAll { $0.deadline <= current }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }
}

/// Polls `condition` until it holds or `seconds` pass; returns whether it held.
func eventually(
  within seconds: Double = 10, _ condition: @Sendable () async -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let end = clock.now + .seconds(seconds)
  while clock.now < end {
    if await condition() { return true }
    try? await Task.sleep(for: .milliseconds(2))
  }
  return await condition()
}
