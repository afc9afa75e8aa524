import AppArchitecture
import Foundation
import ITunesCatalog

/// The iTunes Search and Lookup API as a struct of closures: `live(configuration:)` for real use,
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

  /// The live client: `transport` (libcurl or URLSession) with the configuration's deadline, status
  /// handling, 5xx retries with back-off, and pacing through `limiter` (the process-wide one).
  ///
  /// - Parameters:
  ///   - configuration: base URL, timeout, retry policy, body cap.
  ///   - transport: the HTTP transport; `nil` builds the configuration's live transport (libcurl
  ///     on Linux, URLSession elsewhere or with `TUNES_HTTP_TRANSPORT=urlsession`).
  ///   - limiter: the token bucket; `RateLimiter.shared` unless a test passes its own.
  ///   - pacing: how long a request may wait for the limiter (by default as long as it takes).
  ///   - clock: times the deadline and back-off.
  ///   - feedPacing: the limiters of feed requests, one per Apple host (`HostPacing.shared`,
  ///     whose `itunes.apple.com` limiter is `RateLimiter.shared`).
  public static func live(
    configuration: ClientConfiguration = .standard, transport: HTTPTransport? = nil,
    limiter: RateLimiter = .shared, pacing: PacingPolicy = .patient, clock: AppClock = .live,
    feedPacing: HostPacing? = nil
  ) -> ITunesClient {
    let base =
      transport
      ?? .live(
        configuration.transport, timeoutSeconds: configuration.timeoutSeconds,
        maxBodyBytes: configuration.maxBodyBytes)
    let pipeline = RequestPipeline(
      configuration: configuration,
      transport: base.withDeadline(seconds: configuration.timeoutSeconds, clock: clock),
      limiter: limiter, pacing: pacing, clock: clock)
    let feeds = FeedPipeline(
      configuration: configuration, transport: pipeline.transport,
      pacing: feedPacing
        ?? (limiter === RateLimiter.shared ? .shared : .separate(itunes: limiter, feeds: limiter)),
      policy: pacing, clock: clock)
    return ITunesClient(
      fetch: { request in try await pipeline.fetch(request) },
      pacing: { await limiter.waitTime() },
      fetchFeed: { request in try await feeds.fetch(request) })
  }
}
