import ITunesCatalog

/// The favourites screen: the saved items (read from storage, works offline) and the selection.
public struct FavoritesState: Equatable, Sendable {
  /// The saved items, newest first as storage lists them.
  public var items: Loadable<[CatalogItem]>
  /// The selected row.
  public var selection: Int
  /// The first row shown; it moves only as far as keeping the selection in view needs.
  public var offset: Int

  /// Makes a favourites screen.
  public init(items: Loadable<[CatalogItem]> = .idle, selection: Int = 0, offset: Int = 0) {
    self.items = items
    self.selection = selection
    self.offset = offset
  }

  /// The selected item, if any.
  public var selectedItem: CatalogItem? {
    let items = items.value ?? []
    return items.indices.contains(selection) ? items[selection] : nil
  }
}
