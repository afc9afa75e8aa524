import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient
import Synchronization
import Testing

@testable import TunesCLI

/// A count shared with a transport.
final class Counter: Sendable {
  private let value = Mutex(0)
  func increment() { value.withLock { $0 += 1 } }
  var count: Int { value.withLock { $0 } }
}

/// A clock whose sleep moves its time on at once: a minute of pacing costs nothing.
final class SkippingClock: Sendable {
  private let time = Mutex<Duration>(.zero)
  /// Every sleep asked for, in order.
  let sleeps = Mutex<[Duration]>([])

  var clock: AppClock {
    AppClock(
      now: { self.time.withLock { $0 } },
      sleep: { duration in
        self.sleeps.withLock { $0.append(duration) }
        self.time.withLock { $0 += duration }
      })
  }
}

@Suite("The default --wait fits the pacing window")
struct DefaultWaitTests {
  /// A harness whose client is a real pipeline paced by one limiter (`RateLimit.paced`) on a
  /// skipping clock, whatever the command's pacing policy; every lookup answers `body(ids)`.
  static func pacedHarness(_ clock: SkippingClock) throws -> (CLIHarness, Counter) {
    let limiter = RateLimiter(limit: .paced, clock: clock.clock)
    let cli = try CLIHarness(client: .failing())
    let sent = Counter()
    let transport = HTTPTransport { request in
      sent.increment()
      let ids =
        URLComponents(url: request.url, resolvingAgainstBaseURL: false)?
        .queryItems?.first { $0.name == "id" }?.value?.split(separator: ",") ?? []
      let results = ids.map {
        #"{"wrapperType":"track","kind":"song","trackId":\#($0),"trackName":"T\#($0)"}"#
      }
      let body =
        #"{"resultCount":\#(results.count),"results":[\#(results.joined(separator: ","))]}"#
      return TransportResponse(status: 200, body: Data(body.utf8))
    }
    cli.clientForPacing = { pacing in
      // The deadline's clock never fires (a request answers at once); the limiter's skips.
      ITunesClient.pipeline(
        transport: transport, limiter: limiter, pacing: pacing,
        clock: AppClock(now: { .zero }, sleep: { _ in try await Task.sleep(for: .seconds(86_400)) })
      )
    }
    return (cli, sent)
  }

  @Test("the default is longer than a whole pacing window")
  func value() {
    #expect(Duration.seconds(NetworkOptions.defaultWaitSeconds) > RateLimit.paced.period)
  }

  @Test("the 21st of 21 back-to-back lookups waits a window instead of exiting 75")
  func twentyFirstWaits() async throws {
    let clock = SkippingClock()
    let (cli, sent) = try Self.pacedHarness(clock)
    for id in 1...21 {
      #expect(await cli.run(["lookup", String(id), "--no-cache", "--format", "ndjson"]) == 0)
    }
    #expect(sent.count == 21)
    let waited = clock.sleeps.withLock { $0 }.reduce(Duration.zero, +)
    #expect(waited >= .seconds(60), "\(waited)")
    // The window now holds the 21st; 19 more fill it, and one without a wait is refused.
    for id in 22...40 { #expect(await cli.run(["lookup", String(id), "--no-cache"]) == 0) }
    #expect(await cli.run(["lookup", "41", "--no-cache", "--wait", "0"]) == 75, "\(cli.stderr)")
  }

  @Test("a bulk lookup of 4,001 ids succeeds with the default options")
  func bulk() async throws {
    let clock = SkippingClock()
    let (cli, sent) = try Self.pacedHarness(clock)
    cli.stdin = Data((1...4001).map(String.init).joined(separator: "\n").utf8)
    let code = await cli.run(["lookup", "-", "--no-cache", "--format", "ndjson"])
    #expect(code == 0, "\(cli.stderr)")
    #expect(sent.count == 21)
    #expect(cli.stdout.split(separator: "\n").count == 4001)
  }
}
