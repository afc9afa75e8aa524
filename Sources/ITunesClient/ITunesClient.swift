import AppArchitecture
import Foundation
import ITunesCatalog

/// The iTunes Search and Lookup API as a struct of closures: `pipeline(transport:…)` over any
/// transport, `live(configuration:)` (ITunesClientLive) for real use,
/// `mock(_:)` and `failing` for tests.
///
/// Everything goes through one closure, `fetch`, so layers such as the response cache
/// (`caching(store:policy:)`) wrap a single function; `search` and `lookup` build the request.
public struct ITunesClient: Sendable {
  /// The version sent in the User-Agent, `tunes/<version>`.
  public static let version = "0.1.0"
  /// The User-Agent header value.
  public static let userAgent = "tunes/\(version)"

  /// Sends a request and decodes the answer. Throws `ClientError`.
  public var fetch: @Sendable (_ request: CatalogRequest) async throws -> CatalogResponse
  /// How long until the next request may be sent; `nil` means now (for a countdown on screen).
  public var pacing: @Sendable () async -> Duration?
  /// Sends a chart-feed or genre-service request and decodes the answer. Throws `ClientError`.
  /// (`ITunesClient+Feeds`: `chart(_:)`, `genres(_:)`.)
  public var fetchFeed: @Sendable (_ request: FeedRequest) async throws -> FeedResponse

  /// Makes a client from its closures; without `fetchFeed`, feed requests fail with
  /// `ClientError.notFound`.
  public init(
    fetch: @escaping @Sendable (_ request: CatalogRequest) async throws -> CatalogResponse,
    pacing: @escaping @Sendable () async -> Duration? = { nil },
    fetchFeed: @escaping @Sendable (_ request: FeedRequest) async throws -> FeedResponse = {
      _ in throw ClientError.notFound(message: "this client serves no chart feeds")
    }
  ) {
    self.fetch = fetch
    self.pacing = pacing
    self.fetchFeed = fetchFeed
  }

  /// Searches the catalogue. Throws `ClientError`; a throttled or failed answer is never an empty page.
  public func search(_ query: SearchQuery) async throws -> CatalogResponse {
    try await fetch(query.request)
  }

  /// Looks items up by id or other key. Throws `ClientError`.
  public func lookup(_ query: LookupQuery) async throws -> CatalogResponse {
    try await fetch(query.request)
  }
}

extension ITunesClient {
  /// A client answering every request with `respond`'s page, marked as from the network.
  public static func mock(
    _ respond: @escaping @Sendable (_ request: CatalogRequest) async throws -> CatalogPage
  ) -> ITunesClient {
    ITunesClient(fetch: { request in
      CatalogResponse(page: try await respond(request), body: Data(), source: .network)
    })
  }

  /// A client whose every request fails with `error` (by default `.unexpectedStatus(0)`), for tests
  /// that must not reach the network.
  public static func failing(_ error: ClientError = .unexpectedStatus(0)) -> ITunesClient {
    ITunesClient(fetch: { _ in throw error }, fetchFeed: { _ in throw error })
  }

  /// A client over `transport`: the configuration's deadline, status handling, 5xx retries with
  /// back-off, and pacing through `limiter`. Pure Swift over an injected transport; the live
  /// transports and the process-wide limiters are `ITunesClientLive`'s (`ITunesClient.live`).
  ///
  /// - Parameters:
  ///   - transport: the HTTP transport (libcurl, URLSession, a test's closure …).
  ///   - configuration: base URL, timeout, retry policy, body cap.
  ///   - limiter: the sliding-window limiter of catalogue requests.
  ///   - pacing: how long a request may wait for the limiter (by default as long as it takes).
  ///   - clock: times the deadline and back-off.
  ///   - feedPacing: the limiters of feed requests, one per Apple host (by default `limiter`
  ///     for both hosts).
  public static func pipeline(
    transport: HTTPTransport, configuration: ClientConfiguration = .standard,
    limiter: RateLimiter, pacing: PacingPolicy = .patient, clock: AppClock,
    feedPacing: HostPacing? = nil
  ) -> ITunesClient {
    let pipeline = RequestPipeline(
      configuration: configuration,
      transport: transport.withDeadline(seconds: configuration.timeoutSeconds, clock: clock),
      limiter: limiter, feedPacing: feedPacing ?? .separate(itunes: limiter, feeds: limiter),
      pacing: pacing, clock: clock)
    return ITunesClient(
      fetch: { request in try await pipeline.fetch(request) },
      pacing: { await limiter.waitTime() },
      fetchFeed: { request in try await pipeline.fetch(request) })
  }
}
