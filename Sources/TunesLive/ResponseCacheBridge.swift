import Foundation
import ITunesClient
import TunesStorage

/// Connects the client's response-cache hook to the SQLite cache in `$XDG_CACHE_HOME`; used by the
/// app, the command line and the benchmarks: TunesStorage's `DiskResponseCache` behind
/// ITunesClient's `ResponseCacheStore` hook.
package enum ResponseCacheBridge {
  /// The client's cache hook over an opened on-disk cache. A failed read is a miss, a failed write
  /// is dropped: the cache never turns an answer into an error.
  /// Keys are scoped to `origin`, the client's API base (`ResponseCacheStore.scoped(to:)`).
  package static func hook(_ disk: DiskResponseCache, origin: URL) -> ResponseCacheStore {
    ResponseCacheStore(
      load: { key in
        guard let stored = try? disk.lookup(key: key) else { return nil }
        return CachedResponse(body: stored.body, fetchedAt: stored.fetchedAt)
      },
      save: { key, response in
        _ = try? disk.store(key: key, body: response.body, fetchedAt: response.fetchedAt)
      },
      saveAll: { entries in
        _ = try? disk.store(entries.map { ($0.key, $0.response.body, $0.response.fetchedAt) })
      }
    ).scoped(to: origin)
  }

  /// Opens the on-disk cache and returns the client's hook over it.
  /// - Throws: the storage error when the cache cannot be opened.
  package static func openThrowing(
    paths: StoragePaths, origin: URL, now: @escaping @Sendable () -> Date = { Date() }
  ) throws -> ResponseCacheStore {
    hook(try DiskResponseCache.open(paths: paths, now: now), origin: origin)
  }

  /// The hook over the on-disk cache, or `nil` when it cannot be opened (the app then runs
  /// without one).
  static func open(paths: StoragePaths, origin: URL) -> ResponseCacheStore? {
    try? openThrowing(paths: paths, origin: origin)
  }
}
