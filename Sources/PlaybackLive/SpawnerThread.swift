import Foundation
import Playback

/// The one thread that starts every mpv of this process, and never ends.
///
/// mpv is started with a parent-death signal (`setpriv --pdeathsig KILL`). Linux sends that
/// signal when the *thread* that started the child ends, not only the process, so the spawn must
/// happen on a thread that lives as long as tunes: never on a pool thread, which the runtime may
/// retire while mpv plays.
final class SpawnerThread: @unchecked Sendable {
  /// The process-wide spawner.
  static let shared = SpawnerThread()

  private let condition = NSCondition()
  private var jobs: [@Sendable () -> Void] = []

  private init() {
    let thread = Thread { [self] in loop() }
    thread.name = "tunes-mpv-spawner"
    thread.start()
  }

  /// Runs `body` on the spawner thread and returns its result.
  func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      condition.withLock {
        jobs.append { continuation.resume(returning: body()) }
        condition.signal()
      }
    }
  }

  private func loop() {
    while true {
      condition.lock()
      while jobs.isEmpty { condition.wait() }
      let job = jobs.removeFirst()
      condition.unlock()
      job()
    }
  }
}
