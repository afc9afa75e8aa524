import Foundation

/// The top-level keys of an item's JSON that identify it, for reading import files.
public struct FavoritePayloadKeys: Sendable, Equatable {
  /// The numeric id key.
  public var id: String
  /// The kind key.
  public var kind: String
  /// Title keys, tried in order.
  public var title: [String]

  /// Creates keys; the defaults are `id`, `kind` and `title` (falling back to `name`).
  public init(id: String = "id", kind: String = "kind", title: [String] = ["title", "name"]) {
    self.id = id
    self.kind = kind
    self.title = title
  }
}

extension FavoritesStore {
  /// The favourites as one JSON array of the stored item objects, newest first, byte for byte
  /// as they were stored (so the output is the CLI's item format). An empty list gives `[]`.
  public func exportJSON() throws -> Data {
    let payloads = try database.query("SELECT payload FROM favorites \(Self.newestFirst)")
      .map { $0[0].string ?? "{}" }
    guard !payloads.isEmpty else { return Data("[]\n".utf8) }
    return Data(("[\n" + payloads.joined(separator: ",\n") + "\n]\n").utf8)
  }

  /// The favourites as rows of text for a CSV file, newest first, the header row first (the
  /// command line writes them as RFC 4180 CSV, like search results).
  ///
  /// Columns: `id, kind, title, added_at` (ISO 8601, UTC), then `extraColumns`, or when `nil`
  /// every other top-level key found in the payloads, in order of first appearance. Text is
  /// written as is, numbers and booleans as JSON spells them, objects and arrays as JSON, a
  /// missing key or null as an empty field.
  public func exportRows(extraColumns: [String]? = nil) throws -> [[String]] {
    let fixed = ["id", "kind", "title", "added_at"]
    let rows = try database.query(
      """
      SELECT f.id, f.kind, f.title, f.added_at, j.key, j.type, j.atom, j.value
      FROM favorites f LEFT JOIN json_each(f.payload) j
      ORDER BY f.added_at DESC, f.seq DESC, j.id
      """)
    var order: [Int64] = []
    var records: [Int64: (fixed: [String], extra: [String: String])] = [:]
    var discovered: [String] = []
    for row in rows {
      let id = row[0].int64 ?? 0
      if records[id] == nil {
        order.append(id)
        let added = row[3].date.map { $0.formatted(.iso8601) } ?? ""
        records[id] = ([String(id), row[1].string ?? "", row[2].string ?? "", added], [:])
      }
      guard let key = row[4].string, !fixed.contains(key) else { continue }
      if !discovered.contains(key) { discovered.append(key) }
      records[id]?.extra[key] = Self.csvText(type: row[5].string, atom: row[6], value: row[7])
    }
    let extras = extraColumns ?? discovered
    var lines = [fixed + extras]
    for id in order {
      guard let record = records[id] else { continue }
      lines.append(record.fixed + extras.map { record.extra[$0] ?? "" })
    }
    return lines
  }

  /// Reads an import file: a JSON array of item objects (what ``exportJSON()`` writes). Each
  /// object is kept as its own exact JSON text; id, kind and title are read through `keys`.
  /// Every record is stamped with the store's `now`, so they list in file order.
  /// - Throws: `.invalidImport` when the data is not a JSON array of objects or an object has no
  ///   integer id.
  public func records(fromJSON data: Data, keys: FavoritePayloadKeys = .init()) throws
    -> [FavoriteRecord]
  {
    let text = String(decoding: data, as: UTF8.self)
    // Validity first, on its own: json_type() on malformed text is an SQL error, not a 0.
    let valid = try database.query("SELECT json_valid(?1)", [.text(text)])
    guard valid.first?[0].int64 == 1 else {
      throw StorageError.invalidImport(reason: "it is not valid JSON (it may be cut short)")
    }
    let shape = try database.query("SELECT json_type(?1) = 'array'", [.text(text)])
    guard shape.first?[0].int64 == 1 else {
      throw StorageError.invalidImport(reason: "it is JSON but not an array of items")
    }
    // Paths are read only from objects: json_extract on a string or number item is an SQL
    // error ("malformed JSON"), which would read as a damaged database, not a bad file.
    func fromObject(_ expression: String) -> String {
      "CASE WHEN type = 'object' THEN \(expression) END"
    }
    let titleArguments = keys.title.indices.map { fromObject("json_extract(value, ?\($0 + 4))") }
    let title =
      titleArguments.isEmpty
      ? "''" : "coalesce(\((titleArguments + ["''"]).joined(separator: ", ")))"
    let rows = try database.query(
      """
      SELECT type, \(fromObject("json_extract(value, ?2)")), \(fromObject("json_type(value, ?2)")),
        \(fromObject("json_extract(value, ?3)")), \(title), value
      FROM json_each(?1) ORDER BY id
      """,
      [.text(text), .text(Self.path(keys.id)), .text(Self.path(keys.kind))]
        + keys.title.map { .text(Self.path($0)) })
    let stamp = now()
    return try rows.enumerated().map { index, row in
      guard row[0].string == "object" else {
        throw StorageError.invalidImport(reason: "item \(index + 1) is not a JSON object")
      }
      guard row[2].string == "integer", let id = row[1].int64 else {
        throw StorageError.invalidImport(
          reason: "item \(index + 1) has no integer \"\(keys.id)\"")
      }
      return FavoriteRecord(
        id: id, kind: row[3].string ?? "", title: row[4].string ?? "",
        payload: row[5].data ?? Data(), addedAt: stamp)
    }
  }

  /// A JSON path selecting one top-level key, quoted so any key works.
  static func path(_ key: String) -> String {
    "$.\"" + key.replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  private static func csvText(type: String?, atom: SQLiteValue, value: SQLiteValue) -> String {
    switch type {
    case "null", nil: return ""
    case "true": return "true"
    case "false": return "false"
    case "integer": return atom.int64.map(String.init) ?? ""
    case "real": return atom.double.map { "\($0)" } ?? ""
    case "text": return atom.string ?? ""
    default: return value.string ?? ""
    }
  }
}
