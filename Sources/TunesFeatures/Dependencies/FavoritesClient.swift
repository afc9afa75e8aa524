import ITunesCatalog
import Synchronization

/// Favourites as a dependency: the saved items (readable offline), their ids, and toggling.
public struct FavoritesClient: Sendable {
  /// The saved items, newest first.
  public var list: @Sendable () async throws -> [CatalogItem]
  /// The ids of the saved items.
  public var ids: @Sendable () async throws -> Set<Int64>
  /// Makes the item a favourite (`true`) or not (`false`), whatever it was before, so the
  /// key does what its label said even when another tunes changed the list meanwhile.
  public var setFavorite: @Sendable (CatalogItem, _ favorite: Bool) async throws -> Void

  /// Makes a favourites client from its closures.
  public init(
    list: @escaping @Sendable () async throws -> [CatalogItem],
    ids: @escaping @Sendable () async throws -> Set<Int64>,
    setFavorite: @escaping @Sendable (CatalogItem, _ favorite: Bool) async throws -> Void
  ) {
    self.list = list
    self.ids = ids
    self.setFavorite = setFavorite
  }

  /// Favourites in memory (for tests): newest first.
  public static func inMemory(_ initial: [CatalogItem] = []) -> FavoritesClient {
    let items = Mutex(initial)
    return FavoritesClient(
      list: { items.withLock { $0 } },
      ids: { items.withLock { Set($0.map(\.id)) } },
      setFavorite: { item, favorite in
        items.withLock { list in
          let present = list.contains(where: { $0.id == item.id })
          if favorite, !present { list.insert(item, at: 0) }
          if !favorite { list.removeAll { $0.id == item.id } }
        }
      })
  }
}
