import Foundation
import Glibc

/// Threads of their own, at a lower CPU priority than the UI thread's, for the work a frame must
/// never wait behind: decoding artwork and encoding it for the terminal.
///
/// On a busy processor (two cores, images arriving while the selection moves) the scheduler
/// otherwise shares the time evenly between the UI thread and the decoders and encoders, and a
/// frame that needs half a millisecond of work is preempted and takes five. Linux keeps the nice
/// value per thread, so these threads are niced and the UI thread (and the rest of the process)
/// keeps its own: with the weights the scheduler gives nice 10 (about a tenth of nice 0's), the
/// UI thread runs as soon as it has work and keeps the processor until its frame is written.
///
/// Threads start as work arrives, up to `threads`, and then stay, each asleep on a condition
/// while there is nothing to do (no timer, no CPU while idle). Work runs in the order it came.
package final class BackgroundThreads: @unchecked Sendable {
  // Everything below is guarded by `condition`.
  private let condition = NSCondition()
  private var queue: [@Sendable () -> Void] = []
  private var head = 0
  private var started = 0
  private var idle = 0

  /// The most threads started.
  package let limit: Int
  /// The nice value each thread gives itself (0 to 19; higher is kinder to the rest).
  package let niceness: Int32

  /// The process's threads for artwork work, nice 10: one a core but one, which the UI thread
  /// (and the downloads) then always find free; one on a single core.
  package static let artwork = BackgroundThreads(
    threads: max(1, ProcessInfo.processInfo.activeProcessorCount - 1), niceness: 10)

  package init(threads: Int, niceness: Int32) {
    self.limit = max(1, threads)
    self.niceness = min(19, max(0, niceness))
  }

  /// Runs `work` on one of the threads, soon; returns at once.
  package func run(_ work: @escaping @Sendable () -> Void) {
    condition.lock()
    queue.append(work)
    // A new thread when the waiting work outnumbers the threads asleep.
    if queue.count - head > idle, started < limit {
      started += 1
      let thread = Thread { [self] in loop() }
      thread.name = "tunes.background"
      thread.start()
    }
    condition.signal()
    condition.unlock()
  }

  /// `body`'s result, computed on one of the threads.
  package func perform<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      run { continuation.resume(returning: body()) }
    }
  }

  /// The nice value the calling thread runs at (`who` 0 is the calling thread on Linux; for
  /// tests: work given to `run` reads it).
  package static func currentNiceness() -> Int32 {
    errno = 0
    return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
  }

  private func loop() {
    // Only this thread: Linux keeps nice per thread, and `who` 0 is the calling thread. A
    // failure (a sandbox that forbids it) leaves the thread at the process's priority.
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
    while true {
      condition.lock()
      while head == queue.count {
        idle += 1
        condition.wait()
        idle -= 1
      }
      let work = queue[head]
      head += 1
      if head == queue.count {
        queue.removeAll(keepingCapacity: true)
        head = 0
      }
      condition.unlock()
      work()
    }
  }
}
