import Synchronization

/// Runs an operation against a deadline without waiting for it to notice cancellation: the first
/// of (the answer, the deadline, the caller's cancellation) decides, and the others are cancelled.
enum TimeLimit {
  /// `operation`'s value, `.timedOut` after `limit`, or `.cancelled` when the calling task is
  /// cancelled; the operation's own errors become `ArtworkError` through `ArtworkError.from`.
  static func run<Value: Sendable>(
    _ limit: Duration, _ operation: @escaping @Sendable () async throws -> Value
  ) async throws(ArtworkError) -> Value {
    let race = Race<Value>()
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        race.attach(continuation)
        let work = Task {
          do {
            race.resolve(.success(try await operation()))
          } catch {
            race.resolve(.failure(ArtworkError.from(error)))
          }
        }
        let timer = Task {
          do { try await Task.sleep(for: limit) } catch { return }
          race.resolve(.failure(.timedOut))
        }
        race.onResolve {
          work.cancel()
          timer.cancel()
        }
      }
    } onCancel: {
      race.resolve(.failure(.cancelled))
    }
    return try result.get()
  }

  /// The first outcome wins; the continuation is resumed exactly once.
  private final class Race<Value: Sendable>: Sendable {
    private struct State {
      var continuation: CheckedContinuation<Result<Value, ArtworkError>, Never>?
      var outcome: Result<Value, ArtworkError>?
      var cleanups: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    func attach(_ continuation: CheckedContinuation<Result<Value, ArtworkError>, Never>) {
      let outcome = state.withLock { state -> Result<Value, ArtworkError>? in
        if let outcome = state.outcome { return outcome }
        state.continuation = continuation
        return nil
      }
      if let outcome { continuation.resume(returning: outcome) }
    }

    func onResolve(_ cleanup: @escaping @Sendable () -> Void) {
      let resolved = state.withLock { state -> Bool in
        if state.outcome != nil { return true }
        state.cleanups.append(cleanup)
        return false
      }
      if resolved { cleanup() }
    }

    func resolve(_ outcome: Result<Value, ArtworkError>) {
      let (continuation, cleanups) = state.withLock {
        state -> (CheckedContinuation<Result<Value, ArtworkError>, Never>?, [@Sendable () -> Void])
        in
        guard state.outcome == nil else { return (nil, []) }
        state.outcome = outcome
        defer {
          state.continuation = nil
          state.cleanups = []
        }
        return (state.continuation, state.cleanups)
      }
      for cleanup in cleanups { cleanup() }
      continuation?.resume(returning: outcome)
    }
  }
}
