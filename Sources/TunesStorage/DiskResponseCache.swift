import Foundation

/// The response cache in `$XDG_CACHE_HOME/tunes/responses.sqlite`: bodies keyed by the canonical
/// request, with their fetch time, capped in size with least-recently-used eviction.
///
/// Freshness is the caller's policy (see ``isFresh(_:now:maxAge:)``): offline, a stale entry is
/// still better than nothing. Store only successful responses: the cache cannot tell an error
/// from a result, except that an empty body (how Apple answers throttling) is always refused.
public struct DiskResponseCache: Sendable {
  /// 64 MiB.
  public static let defaultCapacityBytes = 64 * 1024 * 1024
  /// 24 hours.
  public static let defaultMaxAge: TimeInterval = 24 * 60 * 60

  /// The database holding the `responses` table (migrated with ``StorageSchema/responseCache``).
  public let database: SQLiteDatabase
  /// The most bytes (bodies plus keys) kept; older entries are evicted past it.
  public let capacityBytes: Int
  /// Set when a damaged cache file was moved aside on open.
  public let recovery: CorruptionRecovery?

  /// Creates a store on `database`, migrating it.
  public init(
    database: SQLiteDatabase, capacityBytes: Int = defaultCapacityBytes,
    recovery: CorruptionRecovery? = nil
  ) throws {
    try database.migrate(StorageSchema.responseCache)
    self.database = database
    self.capacityBytes = capacityBytes
    self.recovery = recovery
  }

  /// Opens `paths.responseCacheFile`, creating the cache directory (0700) and file (0600).
  /// A damaged file is moved aside like `tunes.sqlite` (see ``OpenedDatabase``). The full
  /// `quick_check` is off by default (the cache may be 64 MiB); treat a `.corrupt` error from a
  /// lookup as a miss.
  public static func open(
    paths: StoragePaths, capacityBytes: Int = defaultCapacityBytes,
    now: @Sendable () -> Date = { Date() }, verifyIntegrity: Bool = false
  ) throws -> DiskResponseCache {
    try paths.createCacheDirectory()
    let opened = try OpenedDatabase.open(
      path: paths.responseCacheFile.path, migrations: StorageSchema.responseCache, now: now,
      verifyIntegrity: verifyIntegrity)
    return try DiskResponseCache(
      database: opened.database, capacityBytes: capacityBytes, recovery: opened.recovery)
  }

  /// The cached response for `key`, marking it most recently used; `nil` when absent.
  ///
  /// When the mark cannot be written (full disk, read-only file, another writer past every
  /// retry) the entry is still returned: offline, reading matters more than LRU order.
  public func lookup(key: String) throws -> StoredResponse? {
    do {
      // Mark it most recently used; a repeated hit on the newest entry writes nothing.
      try database.execute(
        """
        UPDATE responses SET used_seq = (SELECT max(used_seq) + 1 FROM responses)
        WHERE key = ?1 AND used_seq < (SELECT max(used_seq) FROM responses)
        """, [.text(key)])
    } catch StorageError.diskFull, StorageError.readOnly, StorageError.busy {
      // Reading still works when the use mark cannot be written.
    }
    let rows = try database.query(
      """
      SELECT b.body, r.fetched_at FROM responses r JOIN response_bodies b ON b.key = r.key
      WHERE r.key = ?1
      """, [.text(key)])
    return rows.first.map {
      StoredResponse(
        body: $0[0].data ?? Data(), fetchedAt: $0[1].date ?? Date(timeIntervalSince1970: 0))
    }
  }

  /// Stores (or replaces) a body, then evicts least-recently-used entries until the total fits
  /// the cap, all in one transaction.
  /// - Returns: false, storing nothing, when the body is empty or alone larger than the cap.
  @discardableResult
  public func store(key: String, body: Data, fetchedAt: Date) throws -> Bool {
    try store([(key, body, fetchedAt)]) == 1
  }

  /// Stores (or replaces) many bodies, then evicts least-recently-used entries until the total
  /// fits the cap, all in one transaction: the eviction runs once for the batch, and only when
  /// the total is over the cap, so each entry costs the same however many are stored.
  /// Empty bodies and bodies alone larger than the cap are left out.
  /// - Returns: how many were stored.
  @discardableResult
  public func store(_ entries: [(key: String, body: Data, fetchedAt: Date)]) throws -> Int {
    let kept = entries.filter {
      !$0.body.isEmpty && $0.body.count + $0.key.utf8.count <= capacityBytes
    }
    guard !kept.isEmpty else { return 0 }
    try database.transaction { db in
      var seq =
        try db.query("SELECT coalesce(max(used_seq), 0) FROM responses").first?[0].int64 ?? 0
      for entry in kept {
        seq += 1
        let size = entry.body.count + entry.key.utf8.count
        try db.execute(
          """
          INSERT INTO responses (key, fetched_at, used_seq, size) VALUES (?1, ?2, ?3, ?4)
          ON CONFLICT (key) DO UPDATE SET fetched_at = excluded.fetched_at,
            used_seq = excluded.used_seq, size = excluded.size
          """, [.text(entry.key), .date(entry.fetchedAt), .integer(seq), .integer(Int64(size))])
        try db.execute(
          """
          INSERT INTO response_bodies (key, body) VALUES (?1, ?2)
          ON CONFLICT (key) DO UPDATE SET body = excluded.body
          """, [.text(entry.key), .blob(entry.body)])
      }
      let total = try db.query("SELECT total(size) FROM responses").first?[0].double ?? 0
      guard total > Double(capacityBytes) else { return }
      // Over the cap: the least recently used go, their bodies with them (by key, not by a
      // scan of every body).
      let evicted = try db.query(
        """
        DELETE FROM responses WHERE key IN (
          SELECT key FROM (
            SELECT key, sum(size) OVER (ORDER BY used_seq DESC) AS running FROM responses)
          WHERE running > ?1)
        RETURNING key
        """, [.integer(Int64(capacityBytes))])
      for row in evicted {
        guard let key = row[0].string else { continue }
        try db.execute("DELETE FROM response_bodies WHERE key = ?1", [.text(key)])
      }
    }
    return kept.count
  }

  /// Forgets one entry. - Returns: whether there was one.
  @discardableResult
  public func remove(key: String) throws -> Bool {
    try database.transaction { db in
      try db.execute("DELETE FROM response_bodies WHERE key = ?1", [.text(key)])
      return try db.execute("DELETE FROM responses WHERE key = ?1", [.text(key)]) > 0
    }
  }

  /// Forgets every entry.
  public func clear() throws {
    try database.transaction { db in
      try db.execute("DELETE FROM response_bodies")
      try db.execute("DELETE FROM responses")
    }
  }

  /// The bytes held (bodies plus keys), the figure the cap applies to.
  public func totalBytes() throws -> Int {
    Int(try database.query("SELECT coalesce(sum(size), 0) FROM responses").first?[0].int64 ?? 0)
  }

  /// How many entries are held.
  public func count() throws -> Int {
    Int(try database.query("SELECT count(*) FROM responses").first?[0].int64 ?? 0)
  }

  /// Whether `response` is younger than `maxAge` at `now`. A fetch time in the future (the clock
  /// was changed) counts as stale.
  public static func isFresh(
    _ response: StoredResponse, now: Date, maxAge: TimeInterval = defaultMaxAge
  ) -> Bool {
    let age = now.timeIntervalSince(response.fetchedAt)
    return age >= 0 && age < maxAge
  }
}
