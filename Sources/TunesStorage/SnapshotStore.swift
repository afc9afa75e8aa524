import Foundation

/// The dated snapshots of watched items per storefront, and the changes found between them.
///
/// ``record(_:)`` compares each new snapshot with the item's last one in that storefront: the
/// same state only moves the last snapshot's `checked_at`, so the history holds one row per
/// state seen; a different state is a new row, and the changes between the two are stored
/// once, when they are found. A second check with nothing new therefore finds nothing.
public struct SnapshotStore: Sendable {
  /// The database holding the `watch_*` tables (migrated with ``StorageSchema/library``).
  public let database: SQLiteDatabase

  /// Creates a store on a migrated database.
  public init(database: SQLiteDatabase) {
    self.database = database
  }

  /// What one ``record(_:)`` call found.
  public struct Outcome: Sendable, Equatable {
    /// The changes found, in the order of the snapshots given.
    public var changes: [WatchChange] = []
    /// Snapshots of items never seen before in their storefront (nothing to compare them with).
    public var firstSeen = 0
    /// Snapshots with nothing new since the last check.
    public var unchanged = 0
  }

  private static let columns =
    "item_id, country, kind, taken_at, checked_at, available, title, currency, prices, version, "
    + "version_date, release_notes, track_count, rating_count"

  /// Records `snapshots` (one transaction) and returns the changes they show.
  public func record(_ snapshots: [WatchSnapshot]) throws -> Outcome {
    var outcome = Outcome()
    try database.transaction { db in
      let lastByCountry = try Dictionary(grouping: snapshots, by: \.country).mapValues {
        try latestRows(ids: $0.map(\.itemID), country: $0[0].country)
      }
      let touch = try db.prepare("UPDATE watch_snapshots SET checked_at = ?1 WHERE id = ?2")
      for snapshot in snapshots {
        guard let (row, previous) = lastByCountry[snapshot.country]?[snapshot.itemID] else {
          try insert(snapshot, into: db)
          outcome.firstSeen += 1
          continue
        }
        if previous.sameState(as: snapshot) {
          try touch.run([.date(snapshot.checkedAt), .integer(row)])
          outcome.unchanged += 1
          continue
        }
        let lastAvailable =
          previous.available
          ? previous : try lastAvailableSnapshot(itemID: snapshot.itemID, country: snapshot.country)
        let changes = WatchChange.between(
          previous: previous, lastAvailable: lastAvailable, current: snapshot)
        try insert(snapshot, into: db)
        for change in changes { try insert(change, into: db) }
        outcome.changes += changes
        if changes.isEmpty { outcome.unchanged += 1 }
      }
    }
    return outcome
  }

  /// The last snapshot of each of `ids` in `country` (ids never seen are absent).
  public func latest(ids: [Int64], country: String) throws -> [Int64: WatchSnapshot] {
    try latestRows(ids: ids, country: country).mapValues(\.1)
  }

  /// The last snapshot of each of `ids` in `country`, with its row id.
  private func latestRows(ids: [Int64], country: String) throws -> [Int64: (Int64, WatchSnapshot)] {
    var result: [Int64: (Int64, WatchSnapshot)] = [:]
    let statement = try database.prepare(
      """
      SELECT \(Self.columns), id FROM watch_snapshots WHERE id IN (
        SELECT max(id) FROM watch_snapshots WHERE country = ?1 AND item_id IN
          (SELECT value FROM json_each(?2)) GROUP BY item_id)
      """)
    let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
    for row in try statement.rows([.text(country), .text(list)]) {
      let snapshot = Self.snapshot(row)
      result[snapshot.itemID] = (row[14].int64 ?? 0, snapshot)
    }
    return result
  }

  /// Every state of the item seen in `country`, oldest first: its history.
  public func history(itemID: Int64, country: String) throws -> [WatchSnapshot] {
    try database.query(
      "SELECT \(Self.columns) FROM watch_snapshots WHERE item_id = ?1 AND country = ?2 ORDER BY id",
      [.integer(itemID), .text(country)]
    ).map(Self.snapshot)
  }

  /// The changes found since `date` (every one when `nil`), newest first.
  public func changes(since date: Date? = nil, limit: Int = 500) throws -> [WatchChange] {
    try database.query(
      """
      SELECT item_id, country, kind, title, change, field, old, new, notes, found_at, currency
      FROM watch_changes WHERE found_at >= ?1 ORDER BY found_at DESC, id DESC LIMIT ?2
      """, [.date(date ?? .distantPast), .integer(Int64(limit))]
    ).compactMap { row in
      guard let kind = WatchChange.Kind(rawValue: row[4].string ?? "") else { return nil }
      return WatchChange(
        itemID: row[0].int64 ?? 0, country: row[1].string ?? "", itemKind: row[2].string ?? "",
        title: row[3].string ?? "", change: kind, field: row[5].string, old: row[6].string,
        new: row[7].string, currency: row[10].string, notes: row[8].string,
        foundAt: row[9].date ?? .distantPast)
    }
  }

  /// When the first watched item was first seen and when one was last checked, in any
  /// storefront; `nil` before the first check.
  public func checkSpan() throws -> (first: Date, last: Date)? {
    guard
      let row = try database.query(
        "SELECT min(taken_at), max(checked_at) FROM watch_snapshots"
      ).first, let first = row[0].date, let last = row[1].date
    else { return nil }
    return (first, last)
  }

  /// How many snapshot rows there are (for tests and figures).
  public func snapshotCount() throws -> Int {
    Int(try database.query("SELECT count(*) FROM watch_snapshots").first?[0].int64 ?? 0)
  }

  private func lastAvailableSnapshot(itemID: Int64, country: String) throws -> WatchSnapshot? {
    try database.query(
      """
      SELECT \(Self.columns) FROM watch_snapshots WHERE item_id = ?1 AND country = ?2
        AND available = 1 ORDER BY id DESC LIMIT 1
      """, [.integer(itemID), .text(country)]
    ).first.map(Self.snapshot)
  }

  private func insert(_ snapshot: WatchSnapshot, into db: SQLiteDatabase) throws {
    try db.execute(
      """
      INSERT INTO watch_snapshots (\(Self.columns))
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
      """,
      [
        .integer(snapshot.itemID), .text(snapshot.country), .text(snapshot.kind),
        .date(snapshot.takenAt), .date(snapshot.checkedAt), .integer(snapshot.available ? 1 : 0),
        Self.text(snapshot.title), Self.text(snapshot.currency),
        .text(Self.encode(snapshot.prices)), Self.text(snapshot.version),
        snapshot.versionDate.map(SQLiteValue.date) ?? .null, Self.text(snapshot.releaseNotes),
        snapshot.trackCount.map { .integer(Int64($0)) } ?? .null,
        snapshot.ratingCount.map { .integer(Int64($0)) } ?? .null,
      ])
  }

  private func insert(_ change: WatchChange, into db: SQLiteDatabase) throws {
    try db.execute(
      """
      INSERT INTO watch_changes (item_id, country, kind, title, change, field, old, new, notes,
        found_at, currency) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
      """,
      [
        .integer(change.itemID), .text(change.country), .text(change.itemKind),
        .text(change.title), .text(change.change.rawValue), Self.text(change.field),
        Self.text(change.old), Self.text(change.new), Self.text(change.notes),
        .date(change.foundAt), Self.text(change.currency),
      ])
  }

  private static func text(_ value: String?) -> SQLiteValue { value.map { .text($0) } ?? .null }

  private static func encode(_ prices: [String: String]) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return (try? encoder.encode(prices)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }

  private static func snapshot(_ row: SQLiteRow) -> WatchSnapshot {
    let prices =
      (try? JSONDecoder().decode([String: String].self, from: Data((row[8].string ?? "{}").utf8)))
      ?? [:]
    return WatchSnapshot(
      itemID: row[0].int64 ?? 0, country: row[1].string ?? "", kind: row[2].string ?? "",
      available: row[5].int64 == 1, title: row[6].string, currency: row[7].string,
      prices: prices, version: row[9].string, versionDate: row[10].date,
      releaseNotes: row[11].string, trackCount: row[12].int64.map { Int($0) },
      ratingCount: row[13].int64.map { Int($0) }, takenAt: row[3].date ?? .distantPast,
      checkedAt: row[4].date ?? .distantPast)
  }
}
