import Foundation

/// Runs blocking work (a semaphore or condition wait, a blocking read, a child process, SQLite's
/// busy wait) on a thread of its own while the calling task is suspended.
///
/// Swift's cooperative pool has only as many threads as the machine has cores (two here), and
/// Swift Testing runs tests in parallel on it. A test that blocks a pool thread while waiting for
/// something that itself needs a pool thread (a task, a continuation, another test's `stop()`)
/// can stall the whole run; running the blocking part here keeps the pool free.
public enum DedicatedThread {
  /// Runs `body` on a new thread and returns its result once it finishes.
  public static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: body()) }
    }
  }

  /// Runs throwing `body` on a new thread and returns its result or rethrows its error.
  public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T
  {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread { continuation.resume(with: Result(catching: body)) }
    }
  }
}
