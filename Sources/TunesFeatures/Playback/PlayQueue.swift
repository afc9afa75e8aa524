import ITunesCatalog

/// A list the person can play from: its items in order and the one picked. Every list and row
/// offers one (``AppState/selectedPlayList``): result tiles, chart rows, favourites, an album's
/// tracks, an artist's songs, a podcast's episodes.
public struct PlayList: Equatable, Sendable {
  /// The items in the order they show.
  public var items: [CatalogItem]
  /// The index of the picked item in `items`.
  public var start: Int

  /// Makes a list; `start` is clamped into `items`.
  public init(items: [CatalogItem], start: Int = 0) {
    self.items = items
    self.start = items.isEmpty ? 0 : max(0, min(items.count - 1, start))
  }

  /// The picked item, if the list has any.
  public var picked: CatalogItem? { items.indices.contains(start) ? items[start] : nil }
}

/// What is queued: the previews of a list, played one after another from the picked one, and
/// where in it playback is. Kept when a preview is stopped, so Space plays on from there.
public struct PlayQueue: Equatable, Sendable {
  /// The queued items, each with something to play (or waiting for a lookup that gives it).
  public var items: [CatalogItem]
  /// The index of the item that plays (or last played), if any.
  public var index: Int?
  /// Set while the list's items are looked up for their previews (chart entries come without
  /// them): the generation the answer must carry.
  public var resolving: Int?
  /// Numbers the lookups, so a late answer for an older list is dropped.
  public var generation = 0
  /// Previews skipped in a row because they could not play (reset once one plays).
  public var skips = 0
  /// After this many skips in a row the queue stops: the player, not the previews, is at fault.
  public static let maximumSkips = 3

  /// Makes a queue; empty by default.
  public init(items: [CatalogItem] = [], index: Int? = nil) {
    self.items = items
    self.index = index
  }

  /// The most ids one lookup takes (Apple's limit).
  public static let lookupLimit = 200

  /// The item at `index`.
  public var current: CatalogItem? {
    index.flatMap { items.indices.contains($0) ? items[$0] : nil }
  }

  /// Whether an item follows the current one.
  public var hasNext: Bool { index.map { $0 + 1 < items.count } ?? false }

  /// Whether an item comes before the current one.
  public var hasPrevious: Bool { index.map { $0 > 0 } ?? false }

  /// `3/12`: the place in the queue, when more than one item is queued.
  public var placeText: String? {
    guard let index, items.count > 1 else { return nil }
    return "\(index + 1)/\(items.count)"
  }
}
