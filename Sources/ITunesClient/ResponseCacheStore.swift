import Foundation

/// A stored answer: the body as received and when it was fetched.
public struct CachedResponse: Sendable, Equatable {
  /// The response body.
  public var body: Data
  /// When it was fetched from the network (wall-clock time).
  public var fetchedAt: Date

  /// Makes a stored answer.
  public init(body: Data, fetchedAt: Date) {
    self.body = body
    self.fetchedAt = fetchedAt
  }
}

/// Where the response cache keeps answers, keyed by `CatalogRequest.canonicalKey`.
///
/// The hook the storage layer implements (TunesStorage's SQLite table in the app); errors inside
/// a store are its own business: a failed load is a miss and a failed save is dropped.
public struct ResponseCacheStore: Sendable {
  /// The stored answer for a key, if any.
  public var load: @Sendable (_ key: String) -> CachedResponse?
  /// Stores (or replaces) the answer for a key.
  public var save: @Sendable (_ key: String, _ response: CachedResponse) -> Void
  /// Stores many answers at once (a bulk lookup's, one per id): for a store on disk, one
  /// transaction and one eviction pass, so the 10,000th costs what the first did.
  public var saveAll: @Sendable (_ entries: [(key: String, response: CachedResponse)]) -> Void

  /// Makes a store from its operations; without `saveAll`, a batch is saved one by one.
  public init(
    load: @escaping @Sendable (_ key: String) -> CachedResponse?,
    save: @escaping @Sendable (_ key: String, _ response: CachedResponse) -> Void,
    saveAll: (@Sendable (_ entries: [(key: String, response: CachedResponse)]) -> Void)? = nil
  ) {
    self.load = load
    self.save = save
    self.saveAll =
      saveAll ?? { entries in for entry in entries { save(entry.key, entry.response) } }
  }

  /// This store with every key prefixed by `origin(of: baseURL)`: answers fetched from one API
  /// base (a replay server, a test server, a hostile one) are never served for another, Apple's
  /// included. Every store a client caches through is scoped so (`ResponseCacheBridge` in the
  /// live code).
  public func scoped(to baseURL: URL) -> ResponseCacheStore {
    let prefix = Self.origin(of: baseURL) + " "
    let base = self
    return ResponseCacheStore(
      load: { key in base.load(prefix + key) },
      save: { key, response in base.save(prefix + key, response) },
      saveAll: { entries in base.saveAll(entries.map { (prefix + $0.key, $0.response) }) })
  }

  /// `scheme://host:port` of a URL, lowercased, the port always written (443 and 80 when the
  /// URL has none): `https://ITUNES.apple.com./` and `https://itunes.apple.com:443` are one
  /// origin. A path on the base URL is part of the origin too (two bases on one host may be
  /// two servers behind a proxy).
  public static func origin(of url: URL) -> String {
    let scheme = (url.scheme ?? "").lowercased()
    var host = (url.host ?? "").lowercased()
    while host.hasSuffix(".") { host.removeLast() }
    let port = url.port ?? (scheme == "http" ? 80 : 443)
    var path = url.path
    while path.hasSuffix("/") { path.removeLast() }
    return "\(scheme)://\(host):\(port)\(path)"
  }

  /// A store that keeps nothing.
  public static let none = ResponseCacheStore(load: { _ in nil }, save: { _, _ in })

  /// A fresh store in memory, for tests and for runs without a disk cache.
  public static func inMemory(_ initial: [String: CachedResponse] = [:]) -> ResponseCacheStore {
    let box = InMemoryEntries(initial)
    return ResponseCacheStore(
      load: { key in box.get(key) }, save: { key, response in box.set(key, response) })
  }
}

/// The dictionary behind `ResponseCacheStore.inMemory`.
private final class InMemoryEntries: @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [String: CachedResponse]

  init(_ entries: [String: CachedResponse]) {
    self.entries = entries
  }

  func get(_ key: String) -> CachedResponse? {
    lock.withLock { entries[key] }
  }

  func set(_ key: String, _ response: CachedResponse) {
    lock.withLock { entries[key] = response }
  }
}
