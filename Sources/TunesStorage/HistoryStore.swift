import Foundation

/// The last five distinct searches that were run, newest first, with their filters.
///
/// Queries are deduplicated by their key: surrounding white space removed and Unicode case folded
/// ("The Score", " the score " are one entry); recording an existing query moves it to the top with
/// the newest spelling and filters. Only the newest ``capacity`` rows are kept on disk, so clearing
/// or forgetting leaves nothing behind. Record only searches that were submitted, never keystrokes.
public struct HistoryStore: Sendable {
  /// How many searches are remembered.
  public static let capacity = 5

  /// The database holding the `history` table (migrated with ``StorageSchema/library``).
  public let database: SQLiteDatabase
  private let now: @Sendable () -> Date

  /// Creates a store on a migrated database; `now` stamps ``record(query:filters:at:)`` calls
  /// made without a date.
  public init(database: SQLiteDatabase, now: @escaping @Sendable () -> Date = { Date() }) {
    self.database = database
    self.now = now
  }

  /// Remembers a search that was run. A blank query is ignored.
  /// - Returns: whether it was recorded (false for a blank query).
  @discardableResult
  public func record(query: String, filters: [String: String] = [:], at date: Date? = nil) throws
    -> Bool
  {
    let spelling = query.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !spelling.isEmpty else { return false }
    let filtersJSON = String(decoding: try Self.encode(filters), as: UTF8.self)
    try database.transaction { db in
      try db.execute(
        """
        INSERT INTO history (query, query_key, filters, searched_at, seq)
        VALUES (?1, ?2, ?3, ?4, (SELECT coalesce(max(seq), 0) + 1 FROM history))
        ON CONFLICT (query_key) DO UPDATE SET query = excluded.query,
          filters = excluded.filters, searched_at = excluded.searched_at, seq = excluded.seq
        """,
        [
          .text(spelling), .text(Self.key(spelling)), .text(filtersJSON),
          .date(date ?? now()),
        ])
      try db.execute(
        "DELETE FROM history WHERE id NOT IN (SELECT id FROM history ORDER BY seq DESC LIMIT ?1)",
        [.integer(Int64(Self.capacity))])
    }
    return true
  }

  /// The remembered searches, newest first (at most ``capacity``).
  public func recent() throws -> [HistoryEntry] {
    try database.query(
      "SELECT query, filters, searched_at FROM history ORDER BY seq DESC LIMIT ?1",
      [.integer(Int64(Self.capacity))]
    ).map { row in
      HistoryEntry(
        query: row[0].string ?? "",
        filters: Self.decode(row[1].string ?? "{}"),
        searchedAt: row[2].date ?? Date(timeIntervalSince1970: 0))
    }
  }

  /// Forgets one search (matched like a new search would be: ignoring case and surrounding spaces).
  /// - Returns: whether something was removed.
  @discardableResult
  public func remove(query: String) throws -> Bool {
    let spelling = query.trimmingCharacters(in: .whitespacesAndNewlines)
    return try database.execute(
      "DELETE FROM history WHERE query_key = ?1", [.text(Self.key(spelling))]) > 0
  }

  /// Forgets every search.
  public func clear() throws {
    try database.execute("DELETE FROM history")
  }

  /// The deduplication key: trimmed, Unicode case folded (accents are kept, so 'Été' and 'Ete'
  /// stay two searches).
  public static func key(_ query: String) -> String {
    query.trimmingCharacters(in: .whitespacesAndNewlines)
      .folding(options: [.caseInsensitive], locale: nil)
  }

  private static func encode(_ filters: [String: String]) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(filters)
  }

  private static func decode(_ json: String) -> [String: String] {
    (try? JSONDecoder().decode([String: String].self, from: Data(json.utf8))) ?? [:]
  }
}
