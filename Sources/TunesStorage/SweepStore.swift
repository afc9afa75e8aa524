import Foundation

/// `tunes where` sweeps across storefronts, kept so an interrupted sweep resumes: each
/// storefront's answer is stored as soon as it arrives, under the sweep it belongs to.
///
/// A sweep is named by a key (the ids and storefronts asked for); the newest unfinished sweep of
/// a key is resumed, a finished one is not (the next run starts afresh).
public struct SweepStore: Sendable {
  /// The database holding the `where_*` tables (migrated with ``StorageSchema/library``).
  public let database: SQLiteDatabase

  /// Creates a store on a migrated database.
  public init(database: SQLiteDatabase) {
    self.database = database
  }

  /// A sweep and the storefronts it already has answers from.
  public struct Sweep: Sendable, Equatable {
    /// The sweep's row id.
    public var id: Int64
    /// When it started.
    public var startedAt: Date
    /// Each answered storefront's answer (JSON the caller wrote), by storefront.
    public var answers: [String: Data]
    /// Whether it was resumed rather than started now.
    public var resumed: Bool
  }

  /// The newest unfinished sweep of `key`, or a new one started at `date`.
  public func open(key: String, at date: Date) throws -> Sweep {
    try database.transaction { db in
      if let row = try db.query(
        "SELECT id, started_at FROM where_sweeps WHERE sweep_key = ?1 AND finished_at IS NULL "
          + "ORDER BY id DESC LIMIT 1", [.text(key)]
      ).first, let id = row[0].int64 {
        var answers: [String: Data] = [:]
        for answer in try db.query(
          "SELECT country, answers FROM where_storefronts WHERE sweep_id = ?1", [.integer(id)])
        {
          answers[answer[0].string ?? ""] = Data((answer[1].string ?? "[]").utf8)
        }
        return Sweep(
          id: id, startedAt: row[1].date ?? date, answers: answers, resumed: true)
      }
      try db.execute(
        "INSERT INTO where_sweeps (sweep_key, started_at) VALUES (?1, ?2)",
        [.text(key), .date(date)])
      return Sweep(id: db.lastInsertRowID, startedAt: date, answers: [:], resumed: false)
    }
  }

  /// Stores one storefront's answer (a JSON document) for sweep `id`.
  public func save(sweep id: Int64, country: String, answer: Data, at date: Date) throws {
    try database.execute(
      """
      INSERT INTO where_storefronts (sweep_id, country, asked_at, answers) VALUES (?1, ?2, ?3, ?4)
      ON CONFLICT (sweep_id, country) DO UPDATE SET asked_at = excluded.asked_at,
        answers = excluded.answers
      """,
      [.integer(id), .text(country), .date(date), .text(String(decoding: answer, as: UTF8.self))])
  }

  /// Marks sweep `id` finished: the next run of its key starts a new sweep.
  public func finish(sweep id: Int64, at date: Date) throws {
    try database.execute(
      "UPDATE where_sweeps SET finished_at = ?1 WHERE id = ?2", [.date(date), .integer(id)])
  }
}

/// What `tunes releases` has already shown of each followed creator's works, per storefront.
public struct ReleaseStore: Sendable {
  /// The database holding the `release_*` tables (migrated with ``StorageSchema/library``).
  public let database: SQLiteDatabase

  /// Creates a store on a migrated database.
  public init(database: SQLiteDatabase) {
    self.database = database
  }

  /// When `creatorID` was last checked in `country`, `nil` if never.
  public func lastChecked(creatorID: Int64, country: String) throws -> Date? {
    try database.query(
      "SELECT checked_at FROM release_checks WHERE creator_id = ?1 AND country = ?2",
      [.integer(creatorID), .text(country)]
    ).first?[0].date
  }

  /// The works of `creatorID` already seen in `country`.
  public func seen(creatorID: Int64, country: String) throws -> Set<Int64> {
    Set(
      try database.query(
        "SELECT item_id FROM release_seen WHERE creator_id = ?1 AND country = ?2",
        [.integer(creatorID), .text(country)]
      ).compactMap { $0[0].int64 })
  }

  /// Remembers that `itemIDs` of `creatorID` were seen in `country` and that it was checked at
  /// `date` (one transaction).
  public func markSeen(
    creatorID: Int64, country: String, itemIDs: [Int64], at date: Date
  ) throws {
    try database.transaction { db in
      for id in itemIDs {
        try db.execute(
          "INSERT OR IGNORE INTO release_seen (creator_id, country, item_id, seen_at) "
            + "VALUES (?1, ?2, ?3, ?4)",
          [.integer(creatorID), .text(country), .integer(id), .date(date)])
      }
      try db.execute(
        "INSERT INTO release_checks (creator_id, country, checked_at) VALUES (?1, ?2, ?3) "
          + "ON CONFLICT (creator_id, country) DO UPDATE SET checked_at = excluded.checked_at",
        [.integer(creatorID), .text(country), .date(date)])
    }
  }
}
