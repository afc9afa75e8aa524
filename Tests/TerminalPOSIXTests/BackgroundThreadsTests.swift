import Foundation
import Synchronization
import TerminalPOSIX
import Testing

@Suite("Background threads")
struct BackgroundThreadsTests {
  @Test("work runs on the pool's threads at its nice value, off the caller's")
  func niced() async {
    let pool = BackgroundThreads(threads: 1, niceness: 7)
    let callerNice = BackgroundThreads.currentNiceness()
    let inside = await pool.perform { BackgroundThreads.currentNiceness() }
    #expect(inside == 7)
    // The caller keeps its own: only the pool's thread was niced.
    #expect(BackgroundThreads.currentNiceness() == callerNice)
  }

  @Test("one thread runs the work in the order it came")
  func order() async {
    let pool = BackgroundThreads(threads: 1, niceness: 1)
    let seen = Mutex<[Int]>([])
    for index in 0..<50 { pool.run { seen.withLock { $0.append(index) } } }
    let last = await pool.perform { seen.withLock { $0 } }
    #expect(last == Array(0..<50))
  }

  @Test("no more threads run at once than the limit, and the limit is reached")
  func limit() async {
    let pool = BackgroundThreads(threads: 2, niceness: 1)
    let running = Mutex((now: 0, most: 0))
    let gate = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    for _ in 0..<6 {
      pool.run {
        running.withLock {
          $0.now += 1
          $0.most = max($0.most, $0.now)
        }
        gate.wait()
        running.withLock { $0.now -= 1 }
        done.signal()
      }
    }
    // Both threads hold a job (waiting at the gate) before any is let through.
    await waitFor { running.withLock { $0.now } == 2 }
    for _ in 0..<6 { gate.signal() }
    for _ in 0..<6 { done.wait() }
    #expect(running.withLock { $0.most } == 2)
  }

  /// Polls `condition` (a generous bound: the threads start at once on any machine).
  private func waitFor(_ condition: @Sendable () -> Bool) async {
    let deadline = ContinuousClock.now + .seconds(30)
    while !condition(), ContinuousClock.now < deadline { await Task.yield() }
    #expect(condition())
  }
}
