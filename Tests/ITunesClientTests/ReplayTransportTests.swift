import Foundation
import ITunesCatalog
import ITunesClient
import ITunesClientLive
import ITunesReplay
import TestSupport
import Testing

/// A live client of transport `kind` for `base`, with its own generous limiter and the live clock.
func liveClient(
  base: String, timeout: Double = 5, maxAttempts: Int = 1, kind: HTTPTransport.Kind
) throws -> ITunesClient {
  var configuration = try ClientConfiguration(
    baseURL: base, timeoutSeconds: timeout, transport: kind)
  configuration.retry = RetryPolicy(
    maxAttempts: maxAttempts, baseDelay: .milliseconds(10), maxDelay: .milliseconds(10))
  let limiter = RateLimiter(limit: RateLimit(requests: 1000, period: .seconds(60)), clock: .live)
  return ITunesClient.live(configuration: configuration, limiter: limiter)
}

/// Starts a replay server over the project's own recordings.
func startReplay() throws -> ReplayServer {
  let server = try ReplayServer(
    directory: Fixtures.own.appendingPathComponent("replay"), log: ReplayServer.silentLog)
  try server.start()
  return server
}

@Suite("Client against the replay server over real sockets")
struct ReplayTransportTests {
  let helloWorld = CatalogRequest(
    endpoint: .search, parameters: [.init("term", "Hello World"), .init("entity", "song")])

  @Test("a recorded answer decodes", arguments: HTTPTransport.Kind.allCases)
  func success(kind: HTTPTransport.Kind) async throws {
    let server = try startReplay()
    defer { server.stop() }
    let client = try liveClient(base: server.baseURL.absoluteString, kind: kind)
    let response = try await client.search(SearchQuery(term: "Hello World", entity: "song"))
    #expect(response.page.items.count == 1)
    #expect(response.source == .network)
    #expect(server.requestCount == 1)
  }

  @Test(
    "Apple's error object becomes an invalid-request error with Apple's text",
    arguments: HTTPTransport.Kind.allCases)
  func appleError(kind: HTTPTransport.Kind) async throws {
    let server = try startReplay()
    defer { server.stop() }
    let client = try liveClient(base: server.baseURL.absoluteString, kind: kind)
    let request = CatalogRequest(endpoint: .lookup, parameters: [.init("id", "bad")])
    let error = await fetchError(client, request)
    guard case .invalidRequest(let message)? = error else {
      Issue.record("expected invalidRequest, got \(String(describing: error))")
      return
    }
    #expect(message.contains("Invalid value"))
  }

  @Test(
    "throttling (403 or 429 with an empty body) is a rate-limited error, not an empty page",
    arguments: HTTPTransport.Kind.allCases, [403, 429])
  func throttled(kind: HTTPTransport.Kind, status: Int) async throws {
    let server = try startReplay()
    defer { server.stop() }
    server.setFault(.status(status))
    let client = try liveClient(base: server.baseURL.absoluteString, maxAttempts: 3, kind: kind)
    #expect(await fetchError(client, helloWorld) == .rateLimited(status: status))
    #expect(server.requestCount == 1, "throttled answers are not retried")
  }

  @Test(
    "an HTML 503 is retried, then reported as a server error",
    arguments: HTTPTransport.Kind.allCases)
  func html503(kind: HTTPTransport.Kind) async throws {
    let server = try startReplay()
    defer { server.stop() }
    server.setFault(.html503)
    let client = try liveClient(base: server.baseURL.absoluteString, maxAttempts: 2, kind: kind)
    let error = await fetchError(client, helloWorld)
    #expect(error == .serverError(status: 503, attempts: 2))
    #expect(server.requestCount == 2)
  }

  @Test("a 503 followed by a good answer succeeds", arguments: HTTPTransport.Kind.allCases)
  func recoversAfter503(kind: HTTPTransport.Kind) async throws {
    let server = try startReplay()
    defer { server.stop() }
    server.injectFault(.html503, forNext: 1)
    let client = try liveClient(base: server.baseURL.absoluteString, maxAttempts: 3, kind: kind)
    let response = try await client.fetch(helloWorld)
    #expect(response.page.items.count == 1)
    #expect(server.requestCount == 2)
  }

  @Test("a body cut short is a truncated-response error", arguments: HTTPTransport.Kind.allCases)
  func truncated(kind: HTTPTransport.Kind) async throws {
    let server = try startReplay()
    defer { server.stop() }
    server.setFault(.truncated)
    let error = await fetchError(
      try liveClient(base: server.baseURL.absoluteString, kind: kind), helloWorld)
    guard case .truncated(let received)? = error else {
      Issue.record("expected truncated, got \(String(describing: error))")
      return
    }
    #expect(received > 0)
    #expect(error?.errorDescription?.contains("cut short") == true)
  }

  @Test("a 20 MiB body is refused with a too-large error", arguments: HTTPTransport.Kind.allCases)
  func oversized(kind: HTTPTransport.Kind) async throws {
    let server = try startReplay()
    defer { server.stop() }
    server.setFault(.oversized(bytes: 20 * 1_048_576))
    let error = await fetchError(
      try liveClient(base: server.baseURL.absoluteString, kind: kind), helloWorld)
    #expect(error == .tooLarge(limit: 16 * 1_048_576))
  }

  @Test("invalid UTF-8 is a decoding error", arguments: HTTPTransport.Kind.allCases)
  func invalidUTF8(kind: HTTPTransport.Kind) async throws {
    let server = try startReplay()
    defer { server.stop() }
    server.setFault(.invalidUTF8)
    let error = await fetchError(
      try liveClient(base: server.baseURL.absoluteString, kind: kind), helloWorld)
    guard case .decoding(.malformed(let reason))? = error else {
      Issue.record("expected a decoding error, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("UTF-8"))
  }

  @Test("a reset connection is a transport error", arguments: HTTPTransport.Kind.allCases)
  func reset(kind: HTTPTransport.Kind) async throws {
    let server = try startReplay()
    defer { server.stop() }
    server.setFault(.reset)
    let error = await fetchError(
      try liveClient(base: server.baseURL.absoluteString, kind: kind), helloWorld)
    #expect(error?.phase == .transport)
    #expect(error != .cancelled)
  }

  @Test("a server that never answers fails at the deadline", arguments: HTTPTransport.Kind.allCases)
  func hangTimesOut(kind: HTTPTransport.Kind) async throws {
    let server = try startReplay()
    defer { server.stop() }
    server.setFault(.hang)
    let client = try liveClient(base: server.baseURL.absoluteString, timeout: 1, kind: kind)
    let clock = ContinuousClock()
    let start = clock.now
    let error = await fetchError(client, helloWorld)
    let elapsed = clock.now - start
    #expect(error == .timedOut(seconds: 1))
    #expect(elapsed >= .milliseconds(900))
    #expect(elapsed < .seconds(120))
  }

  @Test("a refused connection is a cannot-connect error", arguments: HTTPTransport.Kind.allCases)
  func connectionRefused(kind: HTTPTransport.Kind) async throws {
    // Held for the whole test: a closed port could be taken by another test's server meanwhile.
    let refusing = try RefusingPort()
    let error = await fetchError(try liveClient(base: refusing.baseURL, kind: kind), helloWorld)
    #expect(error == .cannotConnect(host: "127.0.0.1"))
    withExtendedLifetime(refusing) {}
  }
}
