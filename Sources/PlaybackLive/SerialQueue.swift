import Synchronization

/// Runs async operations one after another, in the order they were submitted: the player's
/// commands, restarts and shutdown never interleave at their suspension points.
final class SerialQueue: Sendable {
  private let last = Mutex<Task<Void, Never>?>(nil)

  /// Runs `operation` after every operation submitted before it, and returns its result.
  func run<T: Sendable>(_ operation: @escaping @Sendable () async -> T) async -> T {
    let task = last.withLock { previous -> Task<T, Never> in
      let before = previous
      let task = Task {
        await before?.value
        return await operation()
      }
      previous = Task { _ = await task.value }
      return task
    }
    return await task.value
  }
}
