import ITunesClient
import TunesStorage

/// The client's cache hook over the SQLite response cache (this file imports only what it needs so the
/// two modules' `ResponseCacheStore` names do not clash).
enum BenchCache {
  static func hook(_ store: TunesStorage.ResponseCacheStore) -> ITunesClientCacheStore {
    ITunesClientCacheStore(
      load: { key in
        (try? store.lookup(key: key)).flatMap { $0 }.map {
          CachedResponse(body: $0.body, fetchedAt: $0.fetchedAt)
        }
      },
      save: { key, response in
        _ = try? store.store(key: key, body: response.body, fetchedAt: response.fetchedAt)
      })
  }
}
