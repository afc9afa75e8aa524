import Foundation

/// One favourite: the catalogue item's identity plus its whole JSON, so it shows offline.
public struct FavoriteRecord: Sendable, Equatable, Hashable {
  /// The catalogue id (track, collection or artist id).
  public let id: Int64
  /// The item's kind, as the catalogue names it (for example `song`, `album`, `podcast`).
  public let kind: String
  /// The title to list it under.
  public let title: String
  /// The whole item as one JSON object, in the CLI's item format.
  public let payload: Data
  /// When it became a favourite.
  public let addedAt: Date

  /// Creates a record. `payload` must be one JSON object; the store refuses anything else.
  public init(id: Int64, kind: String, title: String, payload: Data, addedAt: Date) {
    self.id = id
    self.kind = kind
    self.title = title
    self.payload = payload
    self.addedAt = addedAt
  }
}

/// How many records an import added and how many it skipped because their id was already there.
public struct FavoritesImportSummary: Sendable, Equatable {
  /// Records that were new.
  public let added: Int
  /// Records whose id was already a favourite (or appeared earlier in the same import).
  public let skipped: Int

  /// Creates a summary.
  public init(added: Int, skipped: Int) {
    self.added = added
    self.skipped = skipped
  }
}
