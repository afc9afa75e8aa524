import Foundation
import ITunesCatalog

extension ITunesClient {
  /// This client with a response cache around it (a layer over `fetch`, not inside the transport).
  ///
  /// Keyed by `CatalogRequest.canonicalKey`. In `.normal` mode a fresh stored answer is returned
  /// without touching the network; a network answer that decodes is stored with its fetch time;
  /// when the network fails or Apple throttles (`ClientError.allowsStaleFallback`) and an answer is
  /// stored, it is returned as `.cache(fetchedAt:stale:because:)` with the error. Errors,
  /// throttled answers and unreadable bodies are never stored. `.offline` answers only from the
  /// cache; `.disabled` passes straight through.
  public func caching(store: ResponseCacheStore, policy: ResponseCachePolicy) -> ITunesClient {
    let network = self
    return ITunesClient(
      fetch: { request in
        try await ResponseCacheLayer(network: network, store: store, policy: policy)
          .fetch(request)
      },
      pacing: pacing,
      fetchFeed: { request in
        try await FeedCacheLayer(network: network, store: store, policy: policy).fetch(request)
      })
  }
}

/// The caching policy applied to one request.
struct ResponseCacheLayer: Sendable {
  let network: ITunesClient
  let store: ResponseCacheStore
  let policy: ResponseCachePolicy

  func fetch(_ request: CatalogRequest) async throws -> CatalogResponse {
    let key = request.canonicalKey
    switch policy.mode {
    case .disabled:
      return try await network.fetch(request)
    case .offline:
      let now = policy.now()
      guard let stored = readable(key) else { throw ClientError.offlineCacheMiss }
      return stored.response(stale: !policy.isFresh(stored.entry.fetchedAt, at: now), because: nil)
    case .normal:
      let stored = readable(key)
      if let stored, policy.isFresh(stored.entry.fetchedAt, at: policy.now()) {
        return stored.response(stale: false, because: nil)
      }
      do {
        let answer = try await network.fetch(request)
        if answer.source == .network {
          store.save(key, CachedResponse(body: answer.body, fetchedAt: policy.now()))
        }
        return answer
      } catch let error as ClientError where error.allowsStaleFallback {
        guard let stored else { throw error }
        let fresh = policy.isFresh(stored.entry.fetchedAt, at: policy.now())
        return stored.response(stale: !fresh, because: error)
      }
    }
  }

  /// A stored entry whose body still decodes (an unreadable one counts as a miss).
  private func readable(_ key: String) -> StoredAnswer? {
    guard let entry = store.load(key), let page = try? CatalogPage.decode(entry.body) else {
      return nil
    }
    return StoredAnswer(entry: entry, page: page)
  }
}

/// A stored entry with its decoded page.
private struct StoredAnswer {
  let entry: CachedResponse
  let page: CatalogPage

  func response(stale: Bool, because error: ClientError?) -> CatalogResponse {
    CatalogResponse(
      page: page, body: entry.body,
      source: .cache(fetchedAt: entry.fetchedAt, stale: stale, because: error))
  }
}
