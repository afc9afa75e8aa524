import Foundation
import ITunesCatalog

/// The orders of the favourites screen (`o` steps through them); storage sorts in SQL.
public enum FavoritesOrder: String, CaseIterable, Equatable, Sendable {
  /// Newest first.
  case added
  /// By kind, newest first within one.
  case kind
  /// By title (A to Z).
  case title

  /// The next order `o` chooses.
  public var next: FavoritesOrder {
    switch self {
    case .added: return .kind
    case .kind: return .title
    case .title: return .added
    }
  }

  /// How the status line names it.
  public var label: String {
    switch self {
    case .added: return "newest first"
    case .kind: return "by kind"
    case .title: return "by title"
    }
  }
}

/// Which favourites the screen lists, in which order: what storage filters and sorts.
public struct FavoritesListing: Equatable, Sendable {
  /// The order.
  public var order: FavoritesOrder
  /// Words the title, author or collection must contain; empty for all.
  public var text: String
  /// Only this kind, or every kind.
  public var kind: ItemKind?

  /// Makes a listing; the default is every favourite, newest first.
  public init(order: FavoritesOrder = .added, text: String = "", kind: ItemKind? = nil) {
    self.order = order
    self.text = text
    self.kind = kind
  }

  /// Whether text or kind leave some favourites out.
  public var isFiltered: Bool { !text.trimmingCharacters(in: .whitespaces).isEmpty || kind != nil }
}

/// Where a favourite sits in storage's orders (paging continues from it, undo puts it back
/// there). Storage reads it; the screen only hands it back.
public struct FavoritePlace: Equatable, Sendable {
  /// The item's id.
  public var id: Int64
  /// The stored kind (raw value).
  public var kind: String
  /// The stored title.
  public var title: String
  /// When it was added, in seconds since 1970.
  public var addedAt: Double
  /// The order it was stored in.
  public var seq: Int64

  /// Makes a place.
  public init(id: Int64, kind: String, title: String, addedAt: Double, seq: Int64) {
    self.id = id
    self.kind = kind
    self.title = title
    self.addedAt = addedAt
    self.seq = seq
  }
}

/// One favourite as the screen lists it.
public struct FavoriteRow: Equatable, Sendable {
  /// The saved item.
  public var item: CatalogItem
  /// Its place in the orders.
  public var place: FavoritePlace

  /// Makes a row.
  public init(item: CatalogItem, place: FavoritePlace) {
    self.item = item
    self.place = place
  }

  /// When it became a favourite.
  public var addedAt: Date { Date(timeIntervalSince1970: place.addedAt) }
}

/// How many favourites of one kind match the filter text.
public struct FavoriteKindCount: Equatable, Sendable {
  /// The kind.
  public var kind: ItemKind
  /// How many.
  public var count: Int

  /// Makes a count.
  public init(kind: ItemKind, count: Int) {
    self.kind = kind
    self.count = count
  }
}

/// Where a window of rows starts, as the screen asks for it.
public enum FavoritesWindowSeek: Equatable, Sendable {
  /// At this index (a jump: storage walks its index there).
  case offset(Int)
  /// With the row at this place, reading on (scrolling down: keyset).
  case from(FavoritePlace)
  /// Ending with the row at this place (scrolling up: keyset backwards).
  case through(FavoritePlace)
  /// The last rows (`G`).
  case last
}

/// A window of rows the screen asks storage for.
public struct FavoritesWindowRequest: Equatable, Sendable {
  /// Which favourites, in which order.
  public var listing: FavoritesListing
  /// Where the window starts.
  public var seek: FavoritesWindowSeek
  /// The index of the window's first row (what `seek` lands on).
  public var start: Int
  /// How many rows.
  public var limit: Int
  /// Whether to count the favourites by kind too (when the listing changed or a row went).
  public var counts: Bool

  /// Makes a request.
  public init(
    listing: FavoritesListing, seek: FavoritesWindowSeek, start: Int, limit: Int, counts: Bool
  ) {
    self.listing = listing
    self.seek = seek
    self.start = start
    self.limit = limit
    self.counts = counts
  }
}

/// Rows of the listing from index `start`, and the counts when they were asked for.
public struct FavoritesWindow: Equatable, Sendable {
  /// The index of the first row.
  public var start: Int
  /// The rows.
  public var rows: [FavoriteRow]
  /// The counts by kind for the listing's text (largest first), when asked for.
  public var counts: [FavoriteKindCount]?

  /// Makes a window.
  public init(start: Int, rows: [FavoriteRow], counts: [FavoriteKindCount]? = nil) {
    self.start = start
    self.rows = rows
    self.counts = counts
  }

  /// The row at `index` of the whole listing, when this window holds it.
  public func row(at index: Int) -> FavoriteRow? {
    let offset = index - start
    return rows.indices.contains(offset) ? rows[offset] : nil
  }

  /// Whether the window holds `index`.
  public func holds(_ index: Int) -> Bool { index >= start && index < start + rows.count }
}
