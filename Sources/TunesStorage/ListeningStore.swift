import Foundation

/// Where each podcast episode was left (`episode_progress`): its position in seconds, its length
/// when known, and whether it was played to the end. One row per episode id, replaced on save.
public struct ListeningStore: Sendable {
  /// One episode's remembered place.
  public struct Progress: Equatable, Sendable {
    /// The episode's iTunes id.
    public var id: Int64
    /// Seconds heard.
    public var position: Double
    /// The episode's length in seconds, if known.
    public var duration: Double?
    /// Whether it was heard to the end.
    public var played: Bool
    /// When it was saved.
    public var updatedAt: Date

    /// Makes a record.
    public init(
      id: Int64, position: Double, duration: Double? = nil, played: Bool = false,
      updatedAt: Date = Date(timeIntervalSince1970: 0)
    ) {
      self.id = id
      self.position = position
      self.duration = duration
      self.played = played
      self.updatedAt = updatedAt
    }
  }

  /// The shared connection.
  public let database: SQLiteDatabase
  private let now: @Sendable () -> Date

  /// Wraps an open connection whose schema has `episode_progress`.
  public init(database: SQLiteDatabase, now: @escaping @Sendable () -> Date = { Date() }) {
    self.database = database
    self.now = now
  }

  /// Remembers an episode's place, replacing what was kept. A position that is not a finite
  /// number of seconds at or above 0 is kept as 0.
  /// - Throws: ``StorageError`` when the row cannot be written.
  public func save(id: Int64, position: Double, duration: Double?, played: Bool) throws {
    let position = position.isFinite ? max(0, position) : 0
    let duration = duration.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    try database.execute(
      """
      INSERT INTO episode_progress (id, position, duration, played, updated_at)
      VALUES (?1, ?2, ?3, ?4, ?5)
      ON CONFLICT (id) DO UPDATE SET position = excluded.position,
        duration = excluded.duration, played = excluded.played, updated_at = excluded.updated_at
      """,
      [
        .integer(id), .real(position), duration.map { .real($0) } ?? .null,
        .integer(played ? 1 : 0), .date(now()),
      ])
  }

  /// The remembered places of the episodes among `ids` (at most 999 ids a query; more are read
  /// in several).
  /// - Throws: ``StorageError`` when the table cannot be read.
  public func progress(ids: [Int64]) throws -> [Int64: Progress] {
    var found: [Int64: Progress] = [:]
    var start = 0
    while start < ids.count {
      let chunk = Array(ids[start..<min(ids.count, start + 500)])
      start += chunk.count
      let marks = chunk.indices.map { "?\($0 + 1)" }.joined(separator: ",")
      let rows = try database.query(
        "SELECT id, position, duration, played, updated_at FROM episode_progress "
          + "WHERE id IN (\(marks))", chunk.map { .integer($0) })
      for row in rows {
        guard let id = row[0].int64 else { continue }
        found[id] = Progress(
          id: id, position: row[1].double ?? 0, duration: row[2].double,
          played: row[3].int64 == 1, updatedAt: row[4].date ?? Date(timeIntervalSince1970: 0))
      }
    }
    return found
  }
}
