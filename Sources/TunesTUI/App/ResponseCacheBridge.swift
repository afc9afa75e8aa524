import Foundation
import ITunesClient
import TunesStorage

/// Connects the client's response-cache hook to the SQLite cache in `$XDG_CACHE_HOME`.
///
/// Both modules name their type `ResponseCacheStore`, and `ITunesClient` is also a type
/// name, so this file spells them through the aliases defined beside each import.
enum ResponseCacheBridge {
  /// The client's cache hook over the on-disk cache; a cache that cannot be opened gives
  /// `nil` (the app then runs without one). A failed read is a miss, a failed write dropped.
  static func open(paths: StoragePaths) -> ClientResponseCache? {
    guard let disk = try? DiskResponseCache.open(paths: paths) else { return nil }
    return ClientResponseCache(
      load: { key in
        guard let stored = try? disk.lookup(key: key) else { return nil }
        return CachedResponse(body: stored.body, fetchedAt: stored.fetchedAt)
      },
      save: { key, response in
        _ = try? disk.store(key: key, body: response.body, fetchedAt: response.fetchedAt)
      })
  }
}
