import Foundation
import ITunesCatalog
import ITunesClient
import TestSupport
import Testing

/// The catalogue and the feed pipelines share one exchange loop; each path of it is checked
/// from both sides, so a side that stopped using it would show.
@Suite("One exchange loop for catalogue and feed requests")
struct ExchangeTests {
  enum Side: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case catalogue, feed
    var testDescription: String { rawValue }

    /// One request of this side; the error it ends with, nil on success.
    func call(_ client: ITunesClient) async -> ClientError? {
      do {
        switch self {
        case .catalogue:
          _ = try await client.fetch(
            CatalogRequest(endpoint: .search, parameters: [.init("term", "x")]))
        case .feed:
          _ = try await client.chart(ChartQuery(kind: .songs))
        }
        return nil
      } catch let error as ClientError {
        return error
      } catch {
        Issue.record("not a ClientError: \(error)")
        return nil
      }
    }
  }

  private static func client(
    _ transport: HTTPTransport, limiter: RateLimiter, clock: TestClock,
    retry: RetryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: .zero, maxDelay: .zero),
    pacing: PacingPolicy = .patient
  ) throws -> ITunesClient {
    var configuration = try ClientConfiguration(baseURL: "https://itunes.apple.com")
    configuration.retry = retry
    return ITunesClient.pipeline(
      transport: transport, configuration: configuration, limiter: limiter, pacing: pacing,
      clock: clock.clock, feedPacing: .separate(itunes: limiter, feeds: limiter))
  }

  private static func generous(_ clock: TestClock) -> RateLimiter {
    RateLimiter(limit: RateLimit(requests: 1000, period: .seconds(60)), clock: clock.clock)
  }

  @Test(
    "what the transport throws becomes a ClientError: its own pass, cancellation, others as transport",
    arguments: Side.allCases)
  func transportErrors(side: Side) async throws {
    let clock = TestClock()
    func error(_ thrown: any Error) async throws -> ClientError? {
      let transport = HTTPTransport { _ in throw thrown }
      return await side.call(
        try Self.client(transport, limiter: Self.generous(clock), clock: clock))
    }
    let refused = URLError(.cannotConnectToHost)
    #expect(try await error(refused) == .transport(refused.localizedDescription))
    #expect(try await error(CancellationError()) == .cancelled)
    #expect(try await error(ClientError.timedOut(seconds: 15)) == .timedOut(seconds: 15))
  }

  @Test(
    "the request carries the tunes User-Agent; 403 holds the limiter back for the cool-down",
    arguments: Side.allCases)
  func userAgentAndThrottling(side: Side) async throws {
    let clock = TestClock()
    let limiter = Self.generous(clock)
    let fake = FakeTransport(statuses: [403])
    let error = await side.call(try Self.client(fake.transport, limiter: limiter, clock: clock))
    #expect(error == .rateLimited(status: 403))
    #expect(fake.requests.map { $0.headers["User-Agent"] } == [ITunesClient.userAgent])
    #expect(await limiter.waitTime() == .seconds(60))
  }

  @Test(
    "a wait beyond the pacing policy is rateLimitWait at once, sending nothing",
    arguments: Side.allCases)
  func waitTooLong(side: Side) async throws {
    let clock = TestClock()
    let limiter = Self.generous(clock)
    await limiter.throttled()
    let fake = FakeTransport(statuses: [200])
    let client = try Self.client(
      fake.transport, limiter: limiter, clock: clock, pacing: PacingPolicy(maxWait: .seconds(30)))
    #expect(await side.call(client) == .rateLimitWait(seconds: 60))
    #expect(fake.count == 0)
  }

  @Test(
    "5xx is retried after the back-off on the clock, then is a serverError naming the attempts",
    arguments: Side.allCases)
  func retries(side: Side) async throws {
    let clock = TestClock()
    let fake = FakeTransport(statuses: [500, 502, 503])
    let client = try Self.client(
      fake.transport, limiter: Self.generous(clock), clock: clock,
      retry: RetryPolicy(maxAttempts: 3, baseDelay: .seconds(1), random: { 0.5 }))
    let task = Task { await side.call(client) }
    defer { task.cancel() }
    let backOffs: @Sendable () -> [Duration] = {
      clock.requestedSleeps.filter { $0 != .seconds(15) }
    }
    try #require(
      await eventually { backOffs() == [.milliseconds(750)] && clock.pendingSleepers == 1 })
    #expect(fake.count == 1)
    await clock.advance(by: .milliseconds(750))
    try #require(
      await eventually {
        backOffs() == [.milliseconds(750), .milliseconds(1500)] && fake.count == 2
      })
    await clock.advance(by: .milliseconds(1500))
    #expect(await task.value == .serverError(status: 503, attempts: 3))
    #expect(fake.count == 3)
  }

  @Test("cancelled during the back-off: cancelled, no further attempt", arguments: Side.allCases)
  func cancelledDuringBackOff(side: Side) async throws {
    let clock = TestClock()
    let fake = FakeTransport(statuses: [503])
    let client = try Self.client(
      fake.transport, limiter: Self.generous(clock), clock: clock,
      retry: RetryPolicy(maxAttempts: 3, baseDelay: .seconds(1), random: { 0 }))
    let task = Task { await side.call(client) }
    try #require(
      await eventually {
        clock.requestedSleeps.contains(.milliseconds(500)) && clock.pendingSleepers == 1
      })
    task.cancel()
    #expect(await task.value == .cancelled)
    #expect(fake.count == 1)
  }

  @Test(
    "a 400 with an errorMessage is invalidRequest, trimmed; other 400s and empty 200s fail at once",
    arguments: Side.allCases)
  func badRequestsAndEmptyBodies(side: Side) async throws {
    let clock = TestClock()
    func error(_ status: Int, _ body: Data) async throws -> ClientError? {
      let fake = FakeTransport([.success(TransportResponse(status: status, body: body))])
      let error = await side.call(
        try Self.client(fake.transport, limiter: Self.generous(clock), clock: clock))
      #expect(fake.count == 1, "not retried")
      return error
    }
    #expect(
      try await error(400, Bodies.appleError)
        == .invalidRequest(message: "Invalid value(s) for key(s): [id]"))
    #expect(
      try await error(400, Data(#"{"errorMessage":" bad\u001b[2J term\u0007 "}"#.utf8))
        == .invalidRequest(message: "bad\u{1B}[2J term\u{07}"), "kept as sent, trimmed")
    #expect(try await error(400, Data(#"{"errorMessage":"  "}"#.utf8)) == .unexpectedStatus(400))
    #expect(try await error(400, Data()) == .unexpectedStatus(400))
    #expect(
      try await error(400, Data("<html><body>Bad Request</body></html>".utf8))
        == .unexpectedStatus(400))
    #expect(
      try await error(200, Data()) == .decoding(.malformed(reason: "the body is empty")))
    #expect(
      try await error(200, Data(" \n".utf8)) == .decoding(.malformed(reason: "the body is empty")))
  }
}
