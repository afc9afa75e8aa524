import Foundation
import ITunesCatalog

extension ITunesClient {
  /// This client with a response cache around it (a layer over `fetch` and `fetchFeed`, not
  /// inside the transport): one `ResponseCacheLayer` for catalogue and feed requests.
  ///
  /// Keyed by the request's `canonicalKey`. In `.normal` mode a fresh stored answer is returned
  /// without touching the network; a network answer with a body is stored with its fetch time;
  /// when the network fails or Apple throttles (`ClientError.allowsStaleFallback`) and an answer is
  /// stored, it is returned as `.cache(fetchedAt:stale:because:)` with the error. Errors,
  /// throttled answers, unreadable and empty bodies are never stored. `.offline` answers only from
  /// the cache; `.disabled` passes straight through. Catalogue answers are fresh for the policy's
  /// `freshFor`, feeds for `feedFreshness(_:)`.
  public func caching(store: ResponseCacheStore, policy: ResponseCachePolicy) -> ITunesClient {
    let network = self
    let layer = ResponseCacheLayer(store: store, policy: policy)
    return ITunesClient(
      fetch: { request in
        try await layer.fetch(
          key: request.canonicalKey, freshFor: policy.freshFor,
          decode: { body in
            (try? CatalogPage.decode(body)).map { CatalogResponse(page: $0, body: body) }
          },
          network: { try await network.fetch(request) })
      },
      pacing: pacing,
      fetchFeed: { request in
        try await layer.fetch(
          key: request.canonicalKey, freshFor: ITunesClient.feedFreshness(request),
          decode: { body in
            (try? request.decode(body)).map { FeedResponse(document: $0, body: body) }
          },
          network: { try await network.fetchFeed(request) })
      })
  }

  /// How long a stored feed answer counts as fresh: a chart for an hour, genres for a week.
  public static func feedFreshness(_ request: FeedRequest) -> TimeInterval {
    switch request.document {
    case .chart: return 60 * 60
    case .genres: return 7 * 24 * 60 * 60
    }
  }
}

/// An answer the response cache can store and give back: its body and where it came from.
protocol CacheableResponse: Sendable {
  /// The body as received.
  var body: Data { get }
  /// Where the answer came from.
  var source: CatalogResponse.Source { get set }
}

extension CatalogResponse: CacheableResponse {}
extension FeedResponse: CacheableResponse {}

/// The caching policy applied to one request, whatever it asks for.
struct ResponseCacheLayer: Sendable {
  let store: ResponseCacheStore
  let policy: ResponseCachePolicy

  /// - Parameters:
  ///   - key: the request's canonical key.
  ///   - freshFor: how long a stored answer to it counts as fresh, in seconds.
  ///   - decode: a stored body read back as an answer; `nil` when it no longer decodes (a miss).
  ///   - network: the request through the layer below.
  func fetch<Response: CacheableResponse>(
    key: String, freshFor: TimeInterval, decode: (Data) -> Response?,
    network: () async throws -> Response
  ) async throws -> Response {
    func isFresh(_ fetchedAt: Date) -> Bool {
      let age = policy.now().timeIntervalSince(fetchedAt)
      return age >= 0 && age < freshFor
    }
    func readable() -> (entry: CachedResponse, response: Response)? {
      guard let entry = store.load(key), let response = decode(entry.body) else { return nil }
      return (entry, response)
    }
    func answer(_ stored: (entry: CachedResponse, response: Response), because error: ClientError?)
      -> Response
    {
      var response = stored.response
      response.source = .cache(
        fetchedAt: stored.entry.fetchedAt, stale: !isFresh(stored.entry.fetchedAt),
        because: error)
      return response
    }
    switch policy.mode {
    case .disabled:
      return try await network()
    case .offline:
      guard let stored = readable() else { throw ClientError.offlineCacheMiss }
      return answer(stored, because: nil)
    case .normal:
      let stored = readable()
      if let stored, isFresh(stored.entry.fetchedAt) { return answer(stored, because: nil) }
      do {
        let response = try await network()
        if response.source == .network, !response.body.isEmpty {
          store.save(key, CachedResponse(body: response.body, fetchedAt: policy.now()))
        }
        return response
      } catch let error as ClientError where error.allowsStaleFallback {
        guard let stored else { throw error }
        return answer(stored, because: error)
      }
    }
  }
}
