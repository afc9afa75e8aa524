import Foundation
import ITunesCatalog
import ITunesClient
import ITunesReplay
import TestSupport
import Testing

/// A live URLSession client for `base`, with its own generous limiter and the live clock.
func liveClient(base: String, timeout: Double = 5, maxAttempts: Int = 1) throws -> ITunesClient {
  var configuration = try ClientConfiguration(baseURL: base, timeoutSeconds: timeout)
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

  @Test("a recorded answer decodes")
  func success() async throws {
    let server = try startReplay()
    defer { server.stop() }
    let client = try liveClient(base: server.baseURL.absoluteString)
    let response = try await client.search(SearchQuery(term: "Hello World", entity: "song"))
    #expect(response.page.items.count == 1)
    #expect(response.source == .network)
    #expect(server.requestCount == 1)
  }

  @Test("Apple's error object becomes an invalid-request error with Apple's text")
  func appleError() async throws {
    let server = try startReplay()
    defer { server.stop() }
    let client = try liveClient(base: server.baseURL.absoluteString)
    let request = CatalogRequest(endpoint: .lookup, parameters: [.init("id", "bad")])
    let error = await fetchError(client, request)
    guard case .invalidRequest(let message)? = error else {
      Issue.record("expected invalidRequest, got \(String(describing: error))")
      return
    }
    #expect(message.contains("Invalid value"))
    #expect(error?.exitClass == .usage)
  }

  @Test(
    "throttling (403 or 429 with an empty body) is a rate-limited error, not an empty page",
    arguments: [403, 429])
  func throttled(status: Int) async throws {
    let server = try startReplay()
    defer { server.stop() }
    server.setFault(.status(status))
    let client = try liveClient(base: server.baseURL.absoluteString, maxAttempts: 3)
    #expect(await fetchError(client, helloWorld) == .rateLimited(status: status))
    #expect(server.requestCount == 1, "throttled answers are not retried")
  }

  @Test("an HTML 503 is retried, then reported as a server error")
  func html503() async throws {
    let server = try startReplay()
    defer { server.stop() }
    server.setFault(.html503)
    let client = try liveClient(base: server.baseURL.absoluteString, maxAttempts: 2)
    let error = await fetchError(client, helloWorld)
    #expect(error == .serverError(status: 503, attempts: 2))
    #expect(server.requestCount == 2)
  }

  @Test("a 503 followed by a good answer succeeds")
  func recoversAfter503() async throws {
    let server = try startReplay()
    defer { server.stop() }
    server.injectFault(.html503, forNext: 1)
    let client = try liveClient(base: server.baseURL.absoluteString, maxAttempts: 3)
    let response = try await client.fetch(helloWorld)
    #expect(response.page.items.count == 1)
    #expect(server.requestCount == 2)
  }

  @Test("a body cut short is a truncated-response error")
  func truncated() async throws {
    let server = try startReplay()
    defer { server.stop() }
    server.setFault(.truncated)
    let error = await fetchError(try liveClient(base: server.baseURL.absoluteString), helloWorld)
    guard case .truncated(let received)? = error else {
      Issue.record("expected truncated, got \(String(describing: error))")
      return
    }
    #expect(received > 0)
    #expect(error?.errorDescription?.contains("cut short") == true)
  }

  @Test("a 20 MiB body is refused with a too-large error")
  func oversized() async throws {
    let server = try startReplay()
    defer { server.stop() }
    server.setFault(.oversized(bytes: 20 * 1_048_576))
    let error = await fetchError(try liveClient(base: server.baseURL.absoluteString), helloWorld)
    #expect(error == .tooLarge(limit: 16 * 1_048_576))
  }

  @Test("invalid UTF-8 is a decoding error")
  func invalidUTF8() async throws {
    let server = try startReplay()
    defer { server.stop() }
    server.setFault(.invalidUTF8)
    let error = await fetchError(try liveClient(base: server.baseURL.absoluteString), helloWorld)
    guard case .decoding(.malformed(let reason))? = error else {
      Issue.record("expected a decoding error, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("UTF-8"))
    #expect(error?.exitClass == .data)
  }

  @Test("a reset connection is a transport error")
  func reset() async throws {
    let server = try startReplay()
    defer { server.stop() }
    server.setFault(.reset)
    let error = await fetchError(try liveClient(base: server.baseURL.absoluteString), helloWorld)
    #expect(error?.phase == .transport)
    #expect(error != .cancelled)
  }

  @Test("a server that never answers fails at the deadline")
  func hangTimesOut() async throws {
    let server = try startReplay()
    defer { server.stop() }
    server.setFault(.hang)
    let client = try liveClient(base: server.baseURL.absoluteString, timeout: 1)
    let clock = ContinuousClock()
    let start = clock.now
    let error = await fetchError(client, helloWorld)
    let elapsed = clock.now - start
    #expect(error == .timedOut(seconds: 1))
    #expect(elapsed >= .milliseconds(900))
    #expect(elapsed < .seconds(10))
  }

  @Test("a refused connection is a cannot-connect error")
  func connectionRefused() async throws {
    let port = try TinyServer.closedPort()
    let error = await fetchError(try liveClient(base: "http://127.0.0.1:\(port)"), helloWorld)
    #expect(error == .cannotConnect(host: "127.0.0.1"))
    #expect(error?.exitClass == .unavailable)
  }
}
