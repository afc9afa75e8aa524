import AppArchitecture
import Foundation
import ITunesCatalog

/// Every request from start to end, catalogue and feeds alike: the shared `Exchange` loop (pace,
/// send with a deadline, retry 5xx) with the one status table, `StatusMapping.table`, reading the
/// answers with the request's decoder.
struct RequestPipeline: Sendable {
  let configuration: ClientConfiguration
  /// The transport, with its deadline already applied.
  let transport: HTTPTransport
  /// The limiter of catalogue requests (search, lookup).
  let limiter: RateLimiter
  /// The limiters of feed requests, one per Apple host.
  let feedPacing: HostPacing
  /// How long a request may wait for its limiter.
  let pacing: PacingPolicy
  let clock: AppClock

  /// The base feed requests go to: `nil` (each request's own Apple host) unless an API base
  /// other than Apple's default was configured.
  var feedBase: URL? {
    configuration.baseURL.absoluteString == ClientConfiguration.defaultBaseURLString
      ? nil : configuration.baseURL
  }

  /// A search or lookup, paced on the catalogue's limiter.
  func fetch(_ request: CatalogRequest) async throws -> CatalogResponse {
    try await run(request.url(relativeTo: configuration.baseURL), limiter: limiter) {
      body throws(CatalogError) in
      CatalogResponse(page: try CatalogPage.decode(body), body: body, source: .network)
    }
  }

  /// A chart feed or genre request, paced on its host's limiter.
  /// A 404 without the server's own words names the feeds' host (not the iTunes API, which
  /// they are not part of).
  func fetch(_ request: FeedRequest) async throws -> FeedResponse {
    let url = request.url(relativeTo: feedBase)
    do {
      return try await run(url, limiter: feedPacing.limiter(request.host)) {
        body throws(CatalogError) in
        FeedResponse(document: try request.decode(body), body: body, source: .network)
      }
    } catch ClientError.notFound(message: nil) {
      let host = url?.host ?? String(describing: request.host)
      throw ClientError.notFound(message: "\(host) has no feed at \(url?.path ?? "this address")")
    }
  }

  private func run<Value>(
    _ url: URL?, limiter: RateLimiter, decode: (Data) throws(CatalogError) -> Value
  ) async throws -> Value {
    let exchange = Exchange(configuration: configuration, transport: transport, clock: clock)
    return try await exchange.run(url, limiter: limiter, policy: pacing) { response in
      StatusMapping.table(response, decode: decode)
    }
  }
}
