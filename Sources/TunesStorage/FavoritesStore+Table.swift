import Foundation

/// The fields of a favourite a table shows, read by SQLite from the stored item without
/// decoding it in Swift.
public struct FavoriteSummary: Sendable, Equatable {
  /// The item's id.
  public var id: Int64
  /// The item's kind (its raw value).
  public var kind: String
  /// The title.
  public var title: String
  /// The stored item's `author`, `collection`, `durationMillis`, `price`, `currency`,
  /// `formattedPrice` and `releaseDate`, in that order, as the JSON array SQLite answers
  /// (`null` where the item has none).
  public var fields: String

  /// Makes a row.
  public init(id: Int64, kind: String, title: String, fields: String) {
    self.id = id
    self.kind = kind
    self.title = title
    self.fields = fields
  }
}

extension FavoritesStore {
  /// The keys of ``FavoriteSummary/fields``, in order.
  public static let summaryKeys = [
    "author", "collection", "durationMillis", "price", "currency", "formattedPrice",
    "releaseDate",
  ]

  /// Every favourite's table fields, newest first: one query in which SQLite reads them from
  /// the stored JSON, parsing each payload once (one `json_extract` with several paths).
  public func summaries() throws -> [FavoriteSummary] {
    let paths = Self.summaryKeys.map { "'$.\($0)'" }.joined(separator: ", ")
    return try database.query(
      "SELECT id, kind, title, json_extract(payload, \(paths)) FROM favorites \(Self.newestFirst)"
    ).map { row in
      FavoriteSummary(
        id: row[0].int64 ?? 0, kind: row[1].string ?? "", title: row[2].string ?? "",
        fields: row[3].string ?? "[]")
    }
  }
}
