import Foundation
import ITunesCatalog
import ITunesClient
import TestSupport
import Testing

/// The client's pipeline over a fake transport: generous pacing, zero back-off, a clock nobody advances.
func makeClient(
  _ transport: FakeTransport, maxAttempts: Int = 3,
  limiter: RateLimiter? = nil, clock: TestClock = TestClock()
) throws -> ITunesClient {
  var configuration = try ClientConfiguration(baseURL: "https://itunes.apple.com")
  configuration.retry = RetryPolicy(maxAttempts: maxAttempts, baseDelay: .zero, maxDelay: .zero)
  let pacing =
    limiter
    ?? RateLimiter(limit: RateLimit(requests: 1000, period: .seconds(60)), clock: clock.clock)
  return ITunesClient.pipeline(
    transport: transport.transport, configuration: configuration, limiter: pacing,
    clock: clock.clock)
}

func fetchError(_ client: ITunesClient, _ request: CatalogRequest) async -> ClientError? {
  do {
    _ = try await client.fetch(request)
    return nil
  } catch let error as ClientError {
    return error
  } catch {
    Issue.record("not a ClientError: \(error)")
    return nil
  }
}

@Suite("Status handling")
struct StatusMappingTests {
  let request = CatalogRequest(endpoint: .search, parameters: [.init("term", "hello")])

  @Test("200 decodes the page and sends the User-Agent to the right URL")
  func success() async throws {
    let fake = FakeTransport([.success(TransportResponse(status: 200, body: Bodies.onePage))])
    let response = try await makeClient(fake).fetch(request)
    #expect(response.page.items.map(\.title) == ["Hello"])
    #expect(response.source == .network)
    #expect(response.body == Bodies.onePage)
    #expect(fake.requests.first?.url.absoluteString == "https://itunes.apple.com/search?term=hello")
    #expect(fake.requests.first?.headers["User-Agent"] == "tunes/0.1.0")
  }

  @Test(
    "each status maps to its error, and nothing is ever an empty page",
    arguments: [
      (
        400, Bodies.appleError,
        ClientError.invalidRequest(message: "Invalid value(s) for key(s): [id]")
      ),
      (400, Data(), ClientError.unexpectedStatus(400)),
      (403, Data(), ClientError.rateLimited(status: 403)),
      (429, Data(), ClientError.rateLimited(status: 429)),
      (404, Data(), ClientError.notFound(message: nil)),
      (
        404, Data(#"{"errorMessage":"replay: no recording for /search?term=x\u001b[2J"}"#.utf8),
        ClientError.notFound(message: "replay: no recording for /search?term=x\u{1B}[2J")
      ),
      (418, Data(), ClientError.unexpectedStatus(418)),
      (301, Data(), ClientError.unexpectedStatus(301)),
      (200, Data(), ClientError.decoding(.malformed(reason: "the body is empty"))),
      (
        200, Bodies.appleError,
        ClientError.invalidRequest(message: "Invalid value(s) for key(s): [id]")
      ),
      (
        200, Data(("{\"errorMessage\":\"" + String(repeating: "x", count: 5000) + "\"}").utf8),
        ClientError.invalidRequest(message: String(repeating: "x", count: 200) + "…")
      ),
      (
        400, Data(("{\"errorMessage\":\" " + String(repeating: "y", count: 300) + "\"}").utf8),
        ClientError.invalidRequest(message: String(repeating: "y", count: 200) + "…")
      ),
    ])
  func statusTable(status: Int, body: Data, expected: ClientError) async throws {
    let fake = FakeTransport([.success(TransportResponse(status: status, body: body))])
    let error = await fetchError(try makeClient(fake), request)
    #expect(error == expected)
    #expect(fake.count == 1, "not retried")
  }

  @Test(
    "a 200 whose body is cut-off JSON or an HTML page is a decoding error with a clear message",
    arguments: [
      (#"{"resultCount":1,"results":[{"trackId":1,"#, "could not be read"),
      ("<html><body>Error</body></html>", "an HTML page came instead of JSON"),
    ])
  func unreadableBodies(body: String, phrase: String) async throws {
    let fake = FakeTransport([.success(TransportResponse(status: 200, body: Data(body.utf8)))])
    let error = await fetchError(try makeClient(fake), request)
    guard case .decoding(.malformed)? = error else {
      Issue.record("expected a malformed-body error, got \(String(describing: error))")
      return
    }
    #expect(error?.errorDescription?.contains(phrase) == true)
  }

  @Test("500 is retried up to the attempt limit, then reported with the count")
  func serverErrorAfterRetries() async throws {
    let fake = FakeTransport(statuses: [500])
    let error = await fetchError(try makeClient(fake, maxAttempts: 3), request)
    #expect(error == .serverError(status: 500, attempts: 3))
    #expect(fake.count == 3)
    #expect(error?.errorDescription == "The iTunes server failed (HTTP 500) on all 3 attempts.")
  }

  @Test("503 then 200 succeeds on the retry")
  func retryThenSuccess() async throws {
    let fake = FakeTransport([
      .success(TransportResponse(status: 503)),
      .success(TransportResponse(status: 200, body: Bodies.onePage)),
    ])
    let response = try await makeClient(fake).fetch(request)
    #expect(response.page.items.count == 1)
    #expect(fake.count == 2)
  }

  @Test("transport errors are passed on without retrying")
  func transportErrors() async throws {
    let fake = FakeTransport([.failure(.cannotConnect(host: "127.0.0.1"))])
    let error = await fetchError(try makeClient(fake), request)
    #expect(error == .cannotConnect(host: "127.0.0.1"))
    #expect(fake.count == 1)
  }

  @Test("a 429 makes the shared limiter hold back for the cool-down")
  func throttleCoolDown() async throws {
    let clock = TestClock()
    let limiter = RateLimiter(limit: .apple, clock: clock.clock)
    let fake = FakeTransport(statuses: [429])
    let client = try makeClient(fake, limiter: limiter, clock: clock)
    #expect(await client.pacing() == nil)
    let error = await fetchError(client, request)
    #expect(error == .rateLimited(status: 429))
    #expect(await client.pacing() == .seconds(60))
    await clock.advance(by: .seconds(45))
    #expect(await client.pacing() == .seconds(15))
    await clock.advance(by: .seconds(15))
    #expect(await client.pacing() == nil)
  }

  @Test("errors carry a message with a suggestion")
  func messages() {
    let throttled = ClientError.rateLimited(status: 429)
    #expect(throttled.errorDescription?.contains("about 20 requests a minute") == true)
    #expect(throttled.recoverySuggestion == "Wait a minute and try again.")
    #expect(ClientError.timedOut(seconds: 2).errorDescription?.contains("2 seconds") == true)
    #expect(
      ClientError.offlineCacheMiss.recoverySuggestion == "Run it once online first.")
    #expect(
      ClientError.tooLarge(limit: 16 * 1_048_576).errorDescription?.contains("16 MiB") == true)
    #expect(ClientError.truncated(receivedBytes: 5).phase == .transport)
  }
}
