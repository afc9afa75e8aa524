import ITunesCatalog
import Synchronization
import TunesFeatures

/// A bounded, thread-safe memo of each tile's ``ArtworkNeed`` by item and size, so a frame does
/// not rebuild every visible tile's sized artwork URL (a new string each) while scrolling: that
/// was 30 % of building a frame of 200 results.
///
/// An entry is used only when the item's artwork URL is the one it was made for (a string
/// comparison that is immediate while the state holds the same item), so rendering stays a pure
/// function of the state.
enum TileArtworkCache {
  private struct Key: Hashable {
    var id: Int64
    var pixels: Int
  }

  private struct Entry {
    var url: String
    var need: ArtworkNeed
  }

  /// Entries kept before the memo starts over (a few screens of 200 results at a few sizes).
  static let limit = 4_096

  private static let entries = Mutex<[Key: Entry]>([:])

  /// What `artwork.need(url: item.artworkText, columns:rows:)` returns, from the memo when it
  /// holds the same URL.
  static func need(_ artwork: ArtworkState, for item: CatalogItem, columns: Int, rows: Int)
    -> ArtworkNeed?
  {
    guard let url = item.artworkText, !url.isEmpty,
      let pixels = artwork.pixels(columns: columns, rows: rows)
    else { return nil }
    let key = Key(id: item.id, pixels: pixels)
    let cached = entries.withLock { entries -> ArtworkNeed? in
      guard let entry = entries[key], entry.url == url else { return nil }
      return entry.need
    }
    if let cached { return cached }
    let need = ArtworkNeed(url: url, pixels: pixels)
    entries.withLock { entries in
      if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
      entries[key] = Entry(url: url, need: need)
    }
    return need
  }
}
