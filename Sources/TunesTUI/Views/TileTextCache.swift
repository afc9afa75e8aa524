import ITunesCatalog
import Synchronization

/// A bounded, thread-safe memo of `TileText` by item and text area size, so scrolling
/// through results lays each tile's text out once instead of every frame.
///
/// An entry is used only when the item is equal to the one it was laid out for, so a changed
/// item with the same id is laid out again: rendering stays a pure function of the state.
enum TileTextCache {
  private struct Key: Hashable {
    var id: Int64
    var width: Int
    var height: Int
  }

  private struct Entry {
    var item: CatalogItem
    var text: TileText
  }

  /// Entries kept before the memo starts over (a few screens of 200 results at a few sizes).
  static let limit = 2_048

  private static let entries = Mutex<[Key: Entry]>([:])

  /// The text of `item` laid out for a `width` × `height` text area, from the memo when it
  /// holds the same item.
  static func text(for item: CatalogItem, width: Int, height: Int) -> TileText {
    let key = Key(id: item.id, width: width, height: height)
    let cached = entries.withLock { entries -> TileText? in
      guard let entry = entries[key], entry.item == item else { return nil }
      return entry.text
    }
    if let cached { return cached }
    let text = TileText(item: item, width: width, height: height)
    entries.withLock { entries in
      if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
      entries[key] = Entry(item: item, text: text)
    }
    return text
  }
}
