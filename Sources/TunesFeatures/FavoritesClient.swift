import ITunesCatalog
import Synchronization

/// Favourites as a dependency: the saved items (readable offline), their ids, and toggling.
public struct FavoritesClient: Sendable {
  /// The saved items, newest first.
  public var list: @Sendable () async throws -> [CatalogItem]
  /// The ids of the saved items.
  public var ids: @Sendable () async throws -> Set<Int64>
  /// Adds the item, or removes it when saved; returns `true` when it is now a favourite.
  public var toggle: @Sendable (CatalogItem) async throws -> Bool

  /// Makes a favourites client from its closures.
  public init(
    list: @escaping @Sendable () async throws -> [CatalogItem],
    ids: @escaping @Sendable () async throws -> Set<Int64>,
    toggle: @escaping @Sendable (CatalogItem) async throws -> Bool
  ) {
    self.list = list
    self.ids = ids
    self.toggle = toggle
  }

  /// Favourites in memory (for tests): newest first.
  public static func inMemory(_ initial: [CatalogItem] = []) -> FavoritesClient {
    let items = Mutex(initial)
    return FavoritesClient(
      list: { items.withLock { $0 } },
      ids: { items.withLock { Set($0.map(\.id)) } },
      toggle: { item in
        items.withLock { list in
          if list.contains(where: { $0.id == item.id }) {
            list.removeAll { $0.id == item.id }
            return false
          }
          list.insert(item, at: 0)
          return true
        }
      })
  }
}
