import Foundation
import ITunesCatalog

extension ITunesClient {
  /// How long a stored feed answer counts as fresh: a chart for an hour, genres for a week.
  public static func feedFreshness(_ request: FeedRequest) -> TimeInterval {
    switch request.document {
    case .chart: return 60 * 60
    case .genres: return 7 * 24 * 60 * 60
    }
  }
}

/// The response cache around feed requests: `ResponseCacheLayer`'s rules (fresh hits skip the
/// network, only decodable answers are stored, network trouble falls back to a stored answer),
/// with each document's own freshness.
struct FeedCacheLayer: Sendable {
  let network: ITunesClient
  let store: ResponseCacheStore
  let policy: ResponseCachePolicy

  func fetch(_ request: FeedRequest) async throws -> FeedResponse {
    let key = request.canonicalKey
    let freshFor = ITunesClient.feedFreshness(request)
    func isFresh(_ date: Date) -> Bool {
      let age = policy.now().timeIntervalSince(date)
      return age >= 0 && age < freshFor
    }
    func readable() -> (CachedResponse, FeedDocument)? {
      guard let entry = store.load(key), let document = try? request.decode(entry.body) else {
        return nil
      }
      return (entry, document)
    }
    func answer(_ stored: (CachedResponse, FeedDocument), because error: ClientError?)
      -> FeedResponse
    {
      FeedResponse(
        document: stored.1, body: stored.0.body,
        source: .cache(
          fetchedAt: stored.0.fetchedAt, stale: !isFresh(stored.0.fetchedAt), because: error))
    }
    switch policy.mode {
    case .disabled:
      return try await network.fetchFeed(request)
    case .offline:
      guard let stored = readable() else { throw ClientError.offlineCacheMiss }
      return answer(stored, because: nil)
    case .normal:
      let stored = readable()
      if let stored, isFresh(stored.0.fetchedAt) { return answer(stored, because: nil) }
      do {
        let response = try await network.fetchFeed(request)
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
