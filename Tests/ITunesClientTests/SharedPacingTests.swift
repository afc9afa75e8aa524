import Foundation
import ITunesCatalog
import ITunesClient
import ITunesClientLive
import TestSupport
import Testing

/// Records what a limiter told a waiting caller.
final class WaitLog: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Duration] = []
  func append(_ value: Duration) { lock.withLock { values.append(value) } }
  var waits: [Duration] { lock.withLock { values } }
}

@Suite("Shared pacing")
struct SharedPacingTests {
  /// Two limiters over one file: as two processes would be (each opens the file itself).
  func twoLimiters(
    _ clock: TestClock, file: URL, limit: RateLimit = .apple
  ) -> (RateLimiter, RateLimiter) {
    (
      RateLimiter(limit: limit, clock: clock.clock, ledger: .file(path: file.path), key: "h:443"),
      RateLimiter(limit: limit, clock: clock.clock, ledger: .file(path: file.path), key: "h:443")
    )
  }

  @Test("limiters sharing a pacing file share one budget: 20 a minute between them")
  func fileSharesTheBudget() async throws {
    let directory = try TemporaryDirectory(prefix: "pacing")
    defer { directory.remove() }
    let clock = TestClock()
    let (first, second) = twoLimiters(clock, file: directory.appending("pacing"))
    for index in 0..<20 {
      #expect(await (index.isMultiple(of: 2) ? first : second).tryAcquire())
      await clock.advance(by: .seconds(1))
    }
    #expect(await !first.tryAcquire())
    #expect(await !second.tryAcquire())
    #expect(await second.waitTime() == .seconds(40))
    await clock.advance(by: .seconds(40))
    #expect(await second.tryAcquire())
    #expect(await !first.tryAcquire())
    // The file is private to the user.
    let attributes = try FileManager.default.attributesOfItem(
      atPath: directory.appending("pacing").path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  @Test(
    "paced: the 21st request is sent 61 s after the first, so arrival a little later than the send cannot put 21 in Apple's minute"
  )
  func pacedKeepsAMargin() async throws {
    let directory = try TemporaryDirectory(prefix: "pacing")
    defer { directory.remove() }
    let clock = TestClock()
    let (first, second) = twoLimiters(clock, file: directory.appending("pacing"), limit: .paced)
    for _ in 0..<20 { #expect(await first.tryAcquire()) }
    #expect(await second.waitTime() == .seconds(61))
    await clock.advance(by: .seconds(60))
    #expect(await !second.tryAcquire(), "60 s is Apple's window itself: no margin left")
    await clock.advance(by: .seconds(1))
    #expect(await second.tryAcquire())
  }

  @Test("a 403 seen by one limiter holds back every limiter on the file for the cool-down")
  func coolDownIsShared() async throws {
    let directory = try TemporaryDirectory(prefix: "pacing")
    defer { directory.remove() }
    let clock = TestClock()
    let (first, second) = twoLimiters(clock, file: directory.appending("pacing"))
    await first.throttled()
    #expect(await second.waitTime() == .seconds(60))
    await clock.advance(by: .seconds(59))
    #expect(await !second.tryAcquire())
    await clock.advance(by: .seconds(1))
    #expect(await second.tryAcquire())
  }

  @Test("budgets under different keys do not touch each other")
  func keysAreSeparate() async throws {
    let ledger = PacingLedger.memory()
    let clock = TestClock()
    let apple = RateLimiter(limit: .apple, clock: clock.clock, ledger: ledger, key: "a:443")
    let feeds = RateLimiter(limit: .apple, clock: clock.clock, ledger: ledger, key: "b:443")
    await apple.throttled()
    #expect(await apple.waitTime() == .seconds(60))
    #expect(await feeds.waitTime() == nil)
    #expect(await feeds.tryAcquire())
  }

  @Test("a wait longer than allowed fails at once and takes no token; a shorter one is announced")
  func maxWait() async throws {
    let clock = TestClock()
    let limiter = RateLimiter(limit: .apple, clock: clock.clock)
    for _ in 0..<20 { try await limiter.acquire() }
    let log = WaitLog()
    await #expect(throws: RateLimiter.WaitTooLong(wait: .seconds(60))) {
      try await limiter.acquire(maxWait: .seconds(2), onWait: { log.append($0) })
    }
    #expect(log.waits.isEmpty)
    #expect(clock.pendingSleepers == 0)
    let waiter = Task {
      try await limiter.acquire(maxWait: .seconds(60), onWait: { log.append($0) })
    }
    defer { waiter.cancel() }
    try #require(await eventually { clock.pendingSleepers == 1 })
    #expect(log.waits == [.seconds(60)])
    await clock.advance(by: .seconds(60))
    try await waiter.value
    // The place went to the waiter: 19 more may go now.
    for _ in 0..<19 { #expect(await limiter.tryAcquire()) }
    #expect(await !limiter.tryAcquire())
  }

  @Test("the pipeline turns a wait beyond the policy into rateLimitWait, sending nothing")
  func pipelineRefusesLongWaits() async throws {
    let clock = TestClock()
    let limiter = RateLimiter(limit: .apple, clock: clock.clock)
    await limiter.throttled()
    let fake = FakeTransport(statuses: [200])
    let configuration = try ClientConfiguration(baseURL: "https://itunes.apple.com")
    let client = ITunesClient.live(
      configuration: configuration, transport: fake.transport, limiter: limiter,
      pacing: PacingPolicy(maxWait: .seconds(30)), clock: clock.clock)
    let error = await fetchError(
      client, CatalogRequest(endpoint: .search, parameters: [.init("term", "x")]))
    #expect(error == .rateLimitWait(seconds: 60))
    #expect(fake.count == 0)
    #expect(error?.allowsStaleFallback == true)
    #expect(error?.errorDescription?.contains("next request in 60 s") == true)
  }

  @Test("values no clock could have written are capped: a clock set back costs one cool-down")
  func clockSetBack() async throws {
    let directory = try TemporaryDirectory(prefix: "pacing")
    defer { directory.remove() }
    let file = directory.appending("pacing")
    // Written by a clock a day ahead of this one.
    let day: Int64 = 86_400 * 1_000_000_000
    try Data("h:443 \(day) \(day)\n".utf8).write(to: file)
    let clock = TestClock()
    let (limiter, _) = twoLimiters(clock, file: file)
    #expect(await limiter.waitTime() == .seconds(60))
    await clock.advance(by: .seconds(60))
    #expect(await limiter.tryAcquire())
  }

  @Test("an unreadable pacing file starts a fresh bucket; its other lines are kept")
  func unreadableLines() async throws {
    let directory = try TemporaryDirectory(prefix: "pacing")
    defer { directory.remove() }
    let file = directory.appending("pacing")
    try Data("garbage\nh:443 12 x\nother:443 - 5000000000\n\u{FF}".utf8).write(to: file)
    let clock = TestClock()
    let (limiter, _) = twoLimiters(clock, file: file)
    for _ in 0..<20 { #expect(await limiter.tryAcquire()) }
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains("other:443 - 5000000000\n"))
    #expect(!text.contains("garbage"))
  }

  @Test("a key idle for an hour loses its line; recent keys and the one updated keep theirs")
  func idleKeysAreDropped() async throws {
    let directory = try TemporaryDirectory(prefix: "pacing")
    defer { directory.remove() }
    let file = directory.appending("pacing")
    // Seconds 1 and 5000 in the file; the limiter's clock starts near 0, so its own line is
    // older than the hour too, and stays because it is the one written.
    try Data("old:443 - 1000000000\nrecent:443 - 5000000000000\n".utf8).write(to: file)
    let clock = TestClock()
    let (limiter, _) = twoLimiters(clock, file: file)
    #expect(await limiter.tryAcquire())
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(!text.contains("old:443"))
    #expect(text.contains("recent:443 - 5000000000000\n"))
    #expect(text.contains("h:443 "))
  }

  @Test("when the pacing file cannot be opened, the process paces itself and says why once")
  func unopenableFile() async throws {
    let reasons = Reasons()
    let clock = TestClock()
    let ledger = PacingLedger.file(
      path: "/nonexistent-folder/pacing", onError: { reasons.append($0) })
    let limiter = RateLimiter(limit: .apple, clock: clock.clock, ledger: ledger, key: "h:443")
    for _ in 0..<20 { #expect(await limiter.tryAcquire()) }
    #expect(await !limiter.tryAcquire())
    #expect(reasons.all.count == 1)
    #expect(reasons.all.first?.contains("No such file or directory") == true)
  }

  @Test("file updates from many threads at once lose no token")
  func concurrentUpdates() async throws {
    let directory = try TemporaryDirectory(prefix: "pacing")
    defer { directory.remove() }
    let clock = TestClock()
    let path = directory.appending("pacing").path
    let limit = RateLimit(requests: 100, period: .seconds(60))
    let granted = Counter()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          let limiter = RateLimiter(
            limit: limit, clock: clock.clock, ledger: .file(path: path), key: "h:443")
          for _ in 0..<40 where await limiter.tryAcquire() {
            granted.increment()
          }
        }
      }
    }
    #expect(granted.count == 100)
  }
}

final class Reasons: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [String] = []
  func append(_ value: String) { lock.withLock { values.append(value) } }
  var all: [String] { lock.withLock { values } }
}

@Suite("Shared pacing refuses what it does not own")
struct SharedPacingRefusalTests {
  /// One limiter over `path`, and what it was told.
  func limiter(_ path: String) -> (RateLimiter, Reasons) {
    let reasons = Reasons()
    let ledger = PacingLedger.file(path: path, onError: { reasons.append($0) })
    return (RateLimiter(limit: .apple, clock: TestClock().clock, ledger: ledger, key: "h"), reasons)
  }

  @Test(
    "a pacing file that is a link, a FIFO or a folder is refused, said once, and paced in memory",
    arguments: ["symlink", "fifo", "folder"])
  func notAFile(kind: String) async throws {
    let directory = try TemporaryDirectory(prefix: "pacing")
    defer { directory.remove() }
    let path = directory.appending("pacing").path
    let target = directory.appending("elsewhere").path
    switch kind {
    case "symlink":
      FileManager.default.createFile(atPath: target, contents: Data())
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    case "fifo": #expect(mkfifo(path, 0o600) == 0)
    default:
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }
    let (limiter, reasons) = limiter(path)
    for _ in 0..<20 { #expect(await limiter.tryAcquire()) }
    #expect(await !limiter.tryAcquire(), "still paced, in this process")
    #expect(reasons.all.count == 1)
    let expected = ["symlink": "symbolic link", "fifo": "FIFO", "folder": "irectory"][kind] ?? "?"
    #expect(reasons.all.first?.contains(expected) == true, "\(reasons.all)")
    if kind == "symlink" {
      #expect(try Data(contentsOf: URL(fileURLWithPath: target)).isEmpty, "the target is untouched")
    }
  }

  @Test("an existing pacing file with another mode becomes 0600")
  func modeTightened() async throws {
    let directory = try TemporaryDirectory(prefix: "pacing")
    defer { directory.remove() }
    let path = directory.appending("pacing").path
    #expect(
      FileManager.default.createFile(
        atPath: path, contents: Data(),
        attributes: [
          .posixPermissions: 0o644
        ]))
    let (limiter, reasons) = limiter(path)
    #expect(await limiter.tryAcquire())
    #expect(reasons.all.isEmpty)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  @Test("a pacing file another user owns is refused (needs root to make one)")
  func otherOwner() async throws {
    guard getuid() == 0 else { try Test.cancel("needs root to chown a file") }
    let directory = try TemporaryDirectory(prefix: "pacing")
    defer { directory.remove() }
    let path = directory.appending("pacing").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    #expect(chown(path, 65534, 65534) == 0)
    let (limiter, reasons) = limiter(path)
    #expect(await limiter.tryAcquire())
    #expect(reasons.all.first?.contains("another user owns it") == true, "\(reasons.all)")
  }
}
