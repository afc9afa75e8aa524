import Foundation
import ITunesClient
import TestSupport
import Testing

/// Counts finished acquisitions across tasks.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  func increment() { lock.withLock { value += 1 } }
  var count: Int { lock.withLock { value } }
}

@Suite("Rate limiter")
struct RateLimiterTests {
  @Test("20 requests pass at once; the 21st waits exactly until the first is a minute old")
  func twentyFirstWaits() async throws {
    let clock = TestClock()
    let limiter = RateLimiter(limit: .apple, clock: clock.clock)
    for _ in 0..<20 { try await limiter.acquire() }
    #expect(await limiter.waitTime() == .seconds(60))
    let done = Counter()
    let waiter = Task {
      try await limiter.acquire()
      done.increment()
    }
    // If the waiter never sleeps, stop and cancel it: nothing would move the clock again.
    defer { waiter.cancel() }
    try #require(await eventually { clock.pendingSleepers == 1 })
    #expect(clock.requestedSleeps.last == .seconds(60))
    await clock.advance(by: .milliseconds(59_999))
    #expect(clock.pendingSleepers == 1)
    #expect(done.count == 0)
    #expect(await limiter.waitTime() == .milliseconds(1))
    await clock.advance(by: .milliseconds(1))
    try await waiter.value
    #expect(done.count == 1)
    // The first 20 are a minute old: 19 more may go now, not 20.
    for _ in 0..<19 { #expect(await limiter.tryAcquire()) }
    #expect(await !limiter.tryAcquire())
  }

  @Test("the window slides: no minute ever holds more than 20 requests")
  func slidingWindow() async throws {
    let clock = TestClock()
    let limiter = RateLimiter(limit: .apple, clock: clock.clock)
    for _ in 0..<10 { #expect(await limiter.tryAcquire()) }
    await clock.advance(by: .seconds(30))
    for _ in 0..<10 { #expect(await limiter.tryAcquire()) }
    #expect(await !limiter.tryAcquire())
    #expect(await limiter.waitTime() == .seconds(30))
    await clock.advance(by: .seconds(30))
    for _ in 0..<10 { #expect(await limiter.tryAcquire()) }
    #expect(await !limiter.tryAcquire())
    await clock.advance(by: .seconds(3600))
    var granted = 0
    while await limiter.tryAcquire() { granted += 1 }
    #expect(granted == 20)
  }

  @Test("one limiter is shared by concurrent callers: 20 go, the rest a minute later")
  func sharedAcrossCallers() async throws {
    let clock = TestClock()
    let limiter = RateLimiter(limit: .apple, clock: clock.clock)
    let done = Counter()
    let tasks = (0..<25).map { _ in
      Task {
        try await limiter.acquire()
        done.increment()
      }
    }
    // If a step fails, stop and cancel the waiters: nothing would move the clock again.
    defer { for task in tasks { task.cancel() } }
    try #require(await eventually { done.count == 20 && clock.pendingSleepers == 5 })
    await clock.advance(by: .seconds(59))
    #expect(done.count == 20)
    await clock.advance(by: .seconds(1))
    try #require(await eventually { done.count == 25 && clock.pendingSleepers == 0 })
    for task in tasks { try await task.value }
    #expect(clock.now == .seconds(60))
  }

  @Test("a caller cancelled while waiting stops at once and uses no token")
  func cancellationWhileWaiting() async throws {
    let clock = TestClock()
    let limiter = RateLimiter(
      limit: RateLimit(requests: 1, period: .seconds(10)), clock: clock.clock)
    try await limiter.acquire()
    let waiter = Task { try await limiter.acquire() }
    #expect(await eventually { clock.pendingSleepers == 1 })
    waiter.cancel()
    await #expect(throws: CancellationError.self) { try await waiter.value }
    #expect(clock.pendingSleepers == 0)
    await clock.advance(by: .seconds(10))
    #expect(await limiter.tryAcquire())
  }

  @Test("after throttling no token is handed out for the cool-down, whatever the bucket holds")
  func coolDown() async throws {
    let clock = TestClock()
    let limiter = RateLimiter(limit: .apple, clock: clock.clock)
    await limiter.throttled()
    #expect(await limiter.waitTime() == .seconds(60))
    #expect(await !limiter.tryAcquire())
    let waiter = Task { try await limiter.acquire() }
    defer { waiter.cancel() }
    try #require(await eventually { clock.pendingSleepers == 1 })
    await clock.advance(by: .seconds(60))
    try await waiter.value
    #expect(await limiter.waitTime() == nil)
  }
}
