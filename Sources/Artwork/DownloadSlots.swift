import Synchronization

/// At most `limit` downloads at once; the others wait in first-come, first-served order.
///
/// A waiter whose task is cancelled leaves the queue at once (its `acquire` returns false), so a
/// tile scrolled away before its turn costs nothing.
final class DownloadSlots: Sendable {
  private struct State {
    var active = 0
    var peak = 0
    var waiting: [(id: UInt64, continuation: CheckedContinuation<Bool, Never>)] = []
    /// Callers of `acquire` not yet queued or answered; cancelling removes the id.
    var pending: Set<UInt64> = []
    var nextID: UInt64 = 0
  }

  let limit: Int
  private let state = Mutex(State())

  init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// Waits for a free slot; false when the calling task was cancelled first (no slot taken).
  func acquire() async -> Bool {
    let id = state.withLock { state -> UInt64 in
      state.nextID += 1
      state.pending.insert(state.nextID)
      return state.nextID
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let immediate = state.withLock { state -> Bool? in
          guard state.pending.remove(id) != nil else { return false }
          if state.active < limit && state.waiting.isEmpty {
            state.active += 1
            state.peak = max(state.peak, state.active)
            return true
          }
          state.waiting.append((id, continuation))
          return nil
        }
        if let immediate { continuation.resume(returning: immediate) }
      }
    } onCancel: {
      let removed = state.withLock { state -> CheckedContinuation<Bool, Never>? in
        if let index = state.waiting.firstIndex(where: { $0.id == id }) {
          return state.waiting.remove(at: index).continuation
        }
        state.pending.remove(id)
        return nil
      }
      removed?.resume(returning: false)
    }
  }

  /// Frees a slot taken by a successful `acquire`, handing it to the first waiter.
  func release() {
    let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
      if state.waiting.isEmpty {
        state.active -= 1
        return nil
      }
      return state.waiting.removeFirst().continuation
    }
    next?.resume(returning: true)
  }

  /// Running now, the most that ever ran at once, and waiting.
  var usage: (active: Int, peak: Int, waiting: Int) {
    state.withLock { ($0.active, $0.peak, $0.waiting.count) }
  }
}
