import CSQLite
import Foundation

/// The orders favourites can be listed in; each is an index in the schema (version 5), so a
/// page is read from the index, never by sorting the whole table.
public enum FavoritesSort: String, Sendable, CaseIterable, Equatable, Hashable {
  /// Newest first (`added_at DESC, seq DESC`).
  case added
  /// By kind (its raw value), newest first within a kind.
  case kind
  /// By title, ignoring ASCII case, then by id.
  case title
}

/// Which favourites, in which order: the text filter and kind apply in SQL, so paging, counts and
/// streaming all see the same rows.
public struct FavoritesQuery: Sendable, Equatable, Hashable {
  /// The order.
  public var sort: FavoritesSort
  /// Words the title, author or collection must contain (case-insensitive for ASCII); empty
  /// for every favourite.
  public var text: String
  /// Only this kind (its raw value), or every kind.
  public var kind: String?

  /// Makes a query; the default is every favourite, newest first.
  public init(sort: FavoritesSort = .added, text: String = "", kind: String? = nil) {
    self.sort = sort
    self.text = text
    self.kind = kind
  }
}

/// Where a favourite sits in every order: what keyset paging compares.
public struct FavoriteKey: Sendable, Equatable, Hashable {
  /// The id.
  public var id: Int64
  /// The stored kind.
  public var kind: String
  /// The stored title.
  public var title: String
  /// When it was added (seconds since 1970, as stored).
  public var addedAt: Double
  /// The order it was stored in (ties of `addedAt`).
  public var seq: Int64

  /// Makes a key.
  public init(id: Int64, kind: String, title: String, addedAt: Double, seq: Int64) {
    self.id = id
    self.kind = kind
    self.title = title
    self.addedAt = addedAt
    self.seq = seq
  }
}

/// One stored favourite with its place in the orders (to page from it, or to put it back).
public struct StoredFavorite: Sendable, Equatable {
  /// The record.
  public var record: FavoriteRecord
  /// Its place.
  public var key: FavoriteKey

  /// Makes a stored favourite.
  public init(record: FavoriteRecord, key: FavoriteKey) {
    self.record = record
    self.key = key
  }
}

/// Where a page starts.
public enum FavoritesSeek: Sendable, Equatable {
  /// At this index of the query's rows (SQLite walks the index to it: for jumps).
  case offset(Int)
  /// With the row of this key, going on in the query's order (keyset: for scrolling down).
  case from(FavoriteKey)
  /// With the rows after this key (keyset: for streaming).
  case after(FavoriteKey)
  /// The rows up to this key, included, ending the page (keyset backwards: scrolling up).
  case through(FavoriteKey)
  /// The query's last rows (backwards from the end: `G`).
  case last
}

extension FavoritesStore {
  /// At most `limit` favourites of `query` from `seek`, in the query's order.
  /// - Complexity: O(`limit`) rows read from an index for keyset seeks and no text filter;
  ///   `.offset(n)` walks n index entries first; a text filter reads the rows it skips.
  public func page(_ query: FavoritesQuery, seek: FavoritesSeek, limit: Int) throws
    -> [StoredFavorite]
  {
    try select("payload", query, seek: seek, limit: limit) { row, key in
      StoredFavorite(
        record: FavoriteRecord(
          id: key.id, kind: key.kind, title: key.title,
          payload: row.data(5) ?? Data("{}".utf8),
          addedAt: Date(timeIntervalSince1970: key.addedAt)),
        key: key)
    }
  }

  /// Calls `body` with every favourite of `query` in its order, `batch` at a time, each batch
  /// read after the last one's key (so memory stays at one batch, whatever the count).
  public func forEachPage(
    _ query: FavoritesQuery = .init(), batch: Int = 512, _ body: ([StoredFavorite]) throws -> Void
  ) throws {
    var seek = FavoritesSeek.offset(0)
    while true {
      let rows = try page(query, seek: seek, limit: batch)
      if rows.isEmpty { return }
      try body(rows)
      guard rows.count == batch, let last = rows.last else { return }
      seek = .after(last.key)
    }
  }

  /// Like ``forEachPage(_:batch:_:)`` with each favourite's table fields (``summaries()``)
  /// instead of its whole item.
  public func forEachSummaryPage(
    _ query: FavoritesQuery = .init(), batch: Int = 512, _ body: ([FavoriteSummary]) throws -> Void
  ) throws {
    let derived = try database.userVersion() >= 2
    let columns =
      derived
      ? "author, collection, duration_ms, price, currency, formatted_price, release_date"
      : [
        "author", "collection", "durationMillis", "price", "currency", "formattedPrice",
        "releaseDate",
      ].map { "json_extract(payload, '$.\($0)')" }.joined(separator: ", ")
    var seek = FavoritesSeek.offset(0)
    while true {
      let rows = try select(columns, query, seek: seek, limit: batch) { row, key in
        (
          FavoriteSummary(
            id: key.id, kind: key.kind, title: key.title, author: row.text(5),
            collection: row.text(6), durationMillis: row.int64(7), price: row.text(8),
            currency: row.text(9), formattedPrice: row.text(10), releaseDate: row.text(11)),
          key
        )
      }
      if rows.isEmpty { return }
      try body(rows.map(\.0))
      guard rows.count == batch, let last = rows.last else { return }
      seek = .after(last.1)
    }
  }

  /// One page of `query`: the key columns (0–4) then `columns` (from 5), each row made by
  /// `transform` with its key.
  func select<T>(
    _ columns: String, _ query: FavoritesQuery, seek: FavoritesSeek, limit: Int,
    _ transform: (SQLiteColumns, FavoriteKey) -> T
  ) throws -> [T] {
    guard limit > 0 else { return [] }
    let plan = Plan(query, seek: seek, derived: try database.userVersion() >= 2)
    let conditions = plan.conditions.isEmpty ? "1" : plan.conditions.joined(separator: " AND ")
    let offset = plan.offset.map { " OFFSET \($0)" } ?? ""
    let sql = """
      SELECT id, kind, title, added_at, seq, \(columns) FROM favorites WHERE \(conditions)
      ORDER BY \(plan.order) LIMIT ?\(plan.bindings.count + 1)\(offset)
      """
    var rows = try database.query(sql, plan.bindings + [.integer(Int64(limit))]) { row in
      let key = FavoriteKey(
        id: row.int64(0) ?? 0, kind: row.text(1) ?? "", title: row.text(2) ?? "",
        addedAt: row.double(3), seq: row.int64(4) ?? 0)
      return transform(row, key)
    }
    if plan.backwards { rows.reverse() }
    return rows
  }

  /// How many favourites match `query`'s text, by kind (the query's kind is not applied, so
  /// every kind's count shows), largest first, ties by kind.
  public func countsByKind(_ query: FavoritesQuery) throws -> [(kind: String, count: Int)] {
    // Without filter text, the counts the triggers keep (schema 5); a file not migrated (opened
    // read-only) counts.
    if query.text.allSatisfy(\.isWhitespace), try database.userVersion() >= 5 {
      return try database.query(
        "SELECT kind, count FROM favorite_kinds WHERE count > 0 ORDER BY count DESC, kind"
      ) { row in (row.text(0) ?? "", Int(row.int64(1) ?? 0)) }
    }
    var all = query
    all.kind = nil
    let plan = Plan(all, seek: .offset(0), derived: try database.userVersion() >= 2)
    let conditions = plan.conditions.isEmpty ? "1" : plan.conditions.joined(separator: " AND ")
    return try database.query(
      """
      SELECT kind, count(*) AS n FROM favorites WHERE \(conditions)
      GROUP BY kind ORDER BY n DESC, kind
      """, plan.bindings
    ) { row in (row.text(0) ?? "", Int(row.int64(1) ?? 0)) }
  }

  /// Puts back a favourite removed earlier with its date and place, unless the id is a
  /// favourite again meanwhile. - Returns: whether it was put back.
  @discardableResult
  public func restore(_ favorite: StoredFavorite) throws -> Bool {
    let record = favorite.record
    return try database.execute(
      """
      INSERT INTO favorites (id, kind, title, payload, added_at, seq)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (id) DO NOTHING
      """,
      [
        .integer(record.id), .text(record.kind), .text(record.title),
        .text(String(decoding: record.payload, as: UTF8.self)), .real(favorite.key.addedAt),
        .integer(favorite.key.seq),
      ]) > 0
  }

  /// Removes the favourite of `id` and returns it with its place (for ``restore(_:)``); `nil`
  /// when it was not one.
  public func take(id: Int64) throws -> StoredFavorite? {
    try database.transaction { _ in
      guard let stored = try stored(id: id) else { return nil }
      try remove(id: id)
      return stored
    }
  }

  /// The stored favourite of `id`, with its place.
  public func stored(id: Int64) throws -> StoredFavorite? {
    try database.query(
      "SELECT id, kind, title, payload, added_at, seq FROM favorites WHERE id = ?1",
      [.integer(id)]
    ) { row in
      let added = row.double(4)
      return StoredFavorite(
        record: FavoriteRecord(
          id: id, kind: row.text(1) ?? "", title: row.text(2) ?? "",
          payload: row.data(3) ?? Data("{}".utf8), addedAt: Date(timeIntervalSince1970: added)),
        key: FavoriteKey(
          id: id, kind: row.text(1) ?? "", title: row.text(2) ?? "", addedAt: added,
          seq: row.int64(5) ?? 0))
    }.first
  }
}

/// The SQL of one page: conditions with their bindings, the order, the offset, the direction.
struct Plan {
  var conditions: [String]
  var bindings: [SQLiteValue]
  var order: String
  var offset: Int?
  var backwards: Bool

  /// One sort column: its SQL, whether it descends, and the key's value for it.
  private struct Column {
    var sql: String
    var descending: Bool
    var value: (FavoriteKey) -> SQLiteValue
  }

  private static func columns(_ sort: FavoritesSort) -> [Column] {
    let added = Column(sql: "added_at", descending: true) { .real($0.addedAt) }
    let seq = Column(sql: "seq", descending: true) { .integer($0.seq) }
    switch sort {
    case .added: return [added, seq]
    case .kind: return [Column(sql: "kind", descending: false) { .text($0.kind) }, added, seq]
    case .title:
      return [
        Column(sql: "title COLLATE NOCASE", descending: false) { .text($0.title) },
        Column(sql: "id", descending: false) { .integer($0.id) },
      ]
    }
  }

  init(_ query: FavoritesQuery, seek: FavoritesSeek, derived: Bool) {
    let columns = Self.columns(query.sort)
    var bindings: [SQLiteValue] = []
    var conditions: [String] = []
    func bind(_ value: SQLiteValue) -> String {
      bindings.append(value)
      return "?\(bindings.count)"
    }
    if let kind = query.kind {
      let placeholder = bind(.text(kind))
      conditions.append("kind = \(placeholder)")
    }
    // Each word must be in the title, the author or the collection.
    let fields =
      derived
      ? ["title", "author", "collection"]
      : ["title", "json_extract(payload, '$.author')", "json_extract(payload, '$.collection')"]
    for word in query.text.split(whereSeparator: \.isWhitespace) {
      let pattern = bind(.text("%" + Self.escapeLike(String(word)) + "%"))
      let condition =
        "("
        + fields.map { "coalesce(\($0), '') LIKE \(pattern) ESCAPE '\\'" }
        .joined(separator: " OR ") + ")"
      conditions.append(condition)
    }
    let backwards: Bool
    switch seek {
    case .last, .through: backwards = true
    case .offset, .from, .after: backwards = false
    }
    var offset: Int?
    switch seek {
    case .offset(let index): offset = max(0, index)
    case .last: break
    case .from(let key), .through(let key):
      let condition = Self.keyset(columns, key, inclusive: true, backwards: backwards, bind: bind)
      conditions.append(condition)
    case .after(let key):
      let condition = Self.keyset(columns, key, inclusive: false, backwards: backwards, bind: bind)
      conditions.append(condition)
    }
    self.order = columns.map { $0.sql + (($0.descending != backwards) ? " DESC" : "") }
      .joined(separator: ", ")
    self.conditions = conditions
    self.bindings = bindings
    self.offset = offset
    self.backwards = backwards
  }

  /// The rows at or past `key` in the direction read: a leading range on the first column (so
  /// the index seeks to it), then the exact comparison, column by column.
  private static func keyset(
    _ columns: [Column], _ key: FavoriteKey, inclusive: Bool, backwards: Bool,
    bind: (SQLiteValue) -> String
  ) -> String {
    func past(_ column: Column) -> String { (column.descending != backwards) ? "<" : ">" }
    let values = columns.map { bind($0.value(key)) }
    var alternatives: [String] = []
    for index in columns.indices {
      var parts = (0..<index).map { "\(columns[$0].sql) = \(values[$0])" }
      parts.append("\(columns[index].sql) \(past(columns[index])) \(values[index])")
      alternatives.append(parts.joined(separator: " AND "))
    }
    if inclusive {
      alternatives.append(
        columns.indices.map { "\(columns[$0].sql) = \(values[$0])" }.joined(separator: " AND "))
    }
    let first = columns[0]
    return "\(first.sql) \(past(first))= \(values[0]) AND ("
      + alternatives.map { "(\($0))" }.joined(separator: " OR ") + ")"
  }

  /// `text` with LIKE's wildcards and the escape character escaped.
  static func escapeLike(_ text: String) -> String {
    var out = ""
    for character in text {
      if character == "%" || character == "_" || character == "\\" { out.append("\\") }
      out.append(character)
    }
    return out
  }
}

extension SQLiteColumns {
  /// Column `index`'s bytes (text as its UTF-8), copied once; `nil` for `NULL`.
  public func data(_ index: Int32) -> Data? {
    guard !isNull(index) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, index))
    guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return Data() }
    return Data(bytes: bytes, count: count)
  }

  /// Column `index` as a double; 0 for `NULL`.
  public func double(_ index: Int32) -> Double {
    sqlite3_column_double(handle, index)
  }
}
