/// Limits how many `tunes` runs the end-to-end tests have going at once.
///
/// Every test runs in parallel, and each child process costs the test process pipes, sockets and
/// a reader thread. Foundation watches children with `select()`, which cannot handle descriptor
/// numbers of 1024 or more, so a test process with too many open loses track of exits; and two
/// cores gain nothing from dozens of simultaneous processes. Runs that complete (`Sandbox.run`)
/// take a slot; long-lived children started with `start` do not, so nothing can wait on itself.
actor ProcessGate {
  /// The gate every sandbox shares.
  static let shared = ProcessGate(slots: 6)

  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(slots: Int) { free = slots }

  /// Runs `body` once a slot is free, and frees the slot afterwards.
  nonisolated func withSlot<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows
    -> T
  {
    await acquire()
    do {
      let value = try await body()
      await release()
      return value
    } catch {
      await release()
      throw error
    }
  }

  private func acquire() async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  private func release() {
    if waiting.isEmpty {
      free += 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}
