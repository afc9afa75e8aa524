import Foundation

/// Favourite catalogue items, kept whole as JSON so they can be shown offline; newest first.
///
/// The store never looks inside the payload except to check it is one JSON object (a `CHECK` in
/// the schema) and, for export, to read top-level keys generically.
public struct FavoritesStore: Sendable {
  /// The database holding the `favorites` table (migrated with ``StorageSchema/library``).
  public let database: SQLiteDatabase
  let now: @Sendable () -> Date

  private static let columns = "id, kind, title, payload, added_at"
  static let newestFirst = "ORDER BY added_at DESC, seq DESC"

  /// Creates a store on a migrated database; `now` stamps records read from an import file.
  public init(database: SQLiteDatabase, now: @escaping @Sendable () -> Date = { Date() }) {
    self.database = database
    self.now = now
  }

  /// Adds a favourite, or refreshes the stored item (keeping its original date) when it is one.
  /// - Returns: whether it was new.
  /// - Throws: ``StorageError`` (`.sqlite` with a CHECK failure when the payload is not a JSON object).
  @discardableResult
  public func add(_ record: FavoriteRecord) throws -> Bool {
    try database.transaction { db in
      let existed = try contains(id: record.id)
      try db.execute(
        """
        INSERT INTO favorites (id, kind, title, payload, added_at, seq)
        VALUES (?1, ?2, ?3, ?4, ?5, (SELECT coalesce(max(seq), 0) + 1 FROM favorites))
        ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, title = excluded.title,
          payload = excluded.payload
        """, Self.bindings(record))
      return !existed
    }
  }

  /// Removes a favourite. - Returns: whether it was one.
  @discardableResult
  public func remove(id: Int64) throws -> Bool {
    try database.execute("DELETE FROM favorites WHERE id = ?1", [.integer(id)]) > 0
  }

  /// Adds the item when it is not a favourite, removes it when it is.
  /// - Returns: whether it is a favourite now.
  @discardableResult
  public func toggle(_ record: FavoriteRecord) throws -> Bool {
    try database.transaction { _ in
      if try remove(id: record.id) { return false }
      try add(record)
      return true
    }
  }

  /// Whether the id is a favourite.
  public func contains(id: Int64) throws -> Bool {
    try !database.query("SELECT 1 FROM favorites WHERE id = ?1", [.integer(id)]).isEmpty
  }

  /// All favourite ids (for marking items in result lists).
  public func ids() throws -> Set<Int64> {
    // Read column by column (no row values built): 100,000 ids at launch stay cheap.
    Set(try database.query("SELECT id FROM favorites") { $0.int64(0) ?? 0 })
  }

  /// How many favourites there are.
  public func count() throws -> Int {
    Int(try database.query("SELECT count(*) FROM favorites").first?[0].int64 ?? 0)
  }

  /// Every favourite, newest first (ties: the one stored later first).
  public func list() throws -> [FavoriteRecord] {
    try database.query("SELECT \(Self.columns) FROM favorites \(Self.newestFirst)").map {
      FavoriteRecord(
        id: $0[0].int64 ?? 0, kind: $0[1].string ?? "", title: $0[2].string ?? "",
        payload: $0[3].data ?? Data(), addedAt: $0[4].date ?? Date(timeIntervalSince1970: 0))
    }
  }

  /// Merges `records` by id in ONE transaction with one reused prepared statement: ids already
  /// present (or repeated in `records`) are skipped, the rest added. Either every record is
  /// applied or, on any failure (a payload that is not a JSON object, a full disk, the process
  /// being killed), none is.
  ///
  /// When an id repeats within `records`, the first occurrence counts. Records sharing an
  /// `addedAt` list in the order given (the first one first). O(n); 20,000
  /// records take well under a second.
  public func importRecords(_ records: [FavoriteRecord]) throws -> FavoritesImportSummary {
    try database.transaction { db in
      let insert = try db.prepare(
        """
        INSERT INTO favorites (id, kind, title, payload, added_at, seq)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (id) DO NOTHING
        """)
      var seq = try db.query("SELECT coalesce(max(seq), 0) FROM favorites").first?[0].int64 ?? 0
      var seen = Set<Int64>()
      let firstOccurrences = records.filter { seen.insert($0.id).inserted }
      var added = 0
      for record in firstOccurrences.reversed() {
        seq += 1
        added += try insert.run(Self.bindings(record) + [.integer(seq)])
      }
      return FavoritesImportSummary(added: added, skipped: records.count - added)
    }
  }

  /// Removes every favourite.
  public func clear() throws {
    try database.execute("DELETE FROM favorites")
  }

  private static func bindings(_ record: FavoriteRecord) -> [SQLiteValue] {
    [
      .integer(record.id), .text(record.kind), .text(record.title),
      .text(String(decoding: record.payload, as: UTF8.self)), .date(record.addedAt),
    ]
  }
}
