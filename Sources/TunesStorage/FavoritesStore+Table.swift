import Foundation

/// The fields of a favourite a table shows, as SQLite keeps them in columns derived from the
/// stored item (schema version 2), so a table reads no JSON.
public struct FavoriteSummary: Sendable, Equatable {
  /// The item's id.
  public var id: Int64
  /// The item's kind (its raw value).
  public var kind: String
  /// The title.
  public var title: String
  /// The stored item's `author`.
  public var author: String?
  /// The stored item's `collection`.
  public var collection: String?
  /// The stored item's `durationMillis`.
  public var durationMillis: Int64?
  /// The stored item's `price`, as its decimal text (`1.29`).
  public var price: String?
  /// The stored item's `currency`.
  public var currency: String?
  /// The stored item's `formattedPrice` (Apple's own price text).
  public var formattedPrice: String?
  /// The stored item's `releaseDate` (ISO 8601).
  public var releaseDate: String?

  /// Makes a row.
  public init(
    id: Int64, kind: String, title: String, author: String? = nil, collection: String? = nil,
    durationMillis: Int64? = nil, price: String? = nil, currency: String? = nil,
    formattedPrice: String? = nil, releaseDate: String? = nil
  ) {
    self.id = id
    self.kind = kind
    self.title = title
    self.author = author
    self.collection = collection
    self.durationMillis = durationMillis
    self.price = price
    self.currency = currency
    self.formattedPrice = formattedPrice
    self.releaseDate = releaseDate
  }
}

extension FavoritesStore {
  /// Every favourite's table fields, newest first, from the columns SQLite keeps beside each
  /// payload (no JSON is parsed).
  public func summaries() throws -> [FavoriteSummary] {
    // A file of schema 1 that could not be migrated (opened read-only) has no such columns:
    // SQLite reads the same fields from the payloads then.
    let columns =
      try database.userVersion() >= 2
      ? "author, collection, duration_ms, price, currency, formatted_price, release_date"
      : [
        "author", "collection", "durationMillis", "price", "currency", "formattedPrice",
        "releaseDate",
      ].map { "json_extract(payload, '$.\($0)')" }.joined(separator: ", ")
    return try database.query(
      "SELECT id, kind, title, \(columns) FROM favorites \(Self.newestFirst)"
    ) { row in
      FavoriteSummary(
        id: row.int64(0) ?? 0, kind: row.text(1) ?? "", title: row.text(2) ?? "",
        author: row.text(3), collection: row.text(4), durationMillis: row.int64(5),
        price: row.text(6), currency: row.text(7), formattedPrice: row.text(8),
        releaseDate: row.text(9))
    }
  }
}
