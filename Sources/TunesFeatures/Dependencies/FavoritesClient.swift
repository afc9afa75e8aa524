import Foundation
import ITunesCatalog
import Synchronization

/// Favourites as a dependency: windows of the saved items (readable offline, filtered and sorted
/// by storage), their ids, toggling, and removing with a way back.
public struct FavoritesClient: Sendable {
  /// Every saved item, newest first (for small lists and tests; the screen reads windows).
  public var list: @Sendable () async throws -> [CatalogItem]
  /// The ids of the saved items.
  public var ids: @Sendable () async throws -> Set<Int64>
  /// Makes the item a favourite (`true`) or not (`false`), whatever it was before, so the
  /// key does what its label said even when another tunes changed the list meanwhile.
  public var setFavorite: @Sendable (CatalogItem, _ favorite: Bool) async throws -> Void
  /// A window of rows of a listing, with the counts by kind when asked.
  public var window: @Sendable (FavoritesWindowRequest) async throws -> FavoritesWindow
  /// Removes the favourite of an id and returns its row (to put back), `nil` if it was none.
  public var take: @Sendable (Int64) async throws -> FavoriteRow?
  /// Puts a removed row back with its date and place; `false` when the id is a favourite again.
  public var restore: @Sendable (FavoriteRow) async throws -> Bool

  /// Makes a favourites client from its closures. Without `window`, `take` and `restore`, they
  /// work on what `list` reads (in memory: for tests and small stand-ins).
  public init(
    list: @escaping @Sendable () async throws -> [CatalogItem],
    ids: @escaping @Sendable () async throws -> Set<Int64>,
    setFavorite: @escaping @Sendable (CatalogItem, _ favorite: Bool) async throws -> Void,
    window: (@Sendable (FavoritesWindowRequest) async throws -> FavoritesWindow)? = nil,
    take: (@Sendable (Int64) async throws -> FavoriteRow?)? = nil,
    restore: (@Sendable (FavoriteRow) async throws -> Bool)? = nil
  ) {
    self.list = list
    self.ids = ids
    self.setFavorite = setFavorite
    self.window =
      window ?? { request in
        Self.window(of: Self.rows(try await list()), request)
      }
    self.take =
      take ?? { id in
        let rows = Self.rows(try await list())
        guard let row = rows.first(where: { $0.item.id == id }) else { return nil }
        try await setFavorite(row.item, false)
        return row
      }
    self.restore =
      restore ?? { row in
        guard !(try await ids()).contains(row.item.id) else { return false }
        try await setFavorite(row.item, true)
        return true
      }
  }

  /// When the in-memory favourites were added: a minute apart from 2026-12-01 00:00 UTC.
  static func inMemoryDate(_ seq: Int64) -> Double { 1_796_083_200 + Double(seq) * 60 }

  /// Rows of items listed newest first: places numbered from the oldest.
  static func rows(_ items: [CatalogItem]) -> [FavoriteRow] {
    items.enumerated().map { index, item in
      let seq = Int64(items.count - index)
      return FavoriteRow(
        item: item,
        place: FavoritePlace(
          id: item.id, kind: item.kind.rawValue, title: item.title, addedAt: inMemoryDate(seq),
          seq: seq))
    }
  }

  /// The window `request` asks of `rows` (newest first), filtered and sorted in memory as
  /// storage does in SQL.
  public static func window(of rows: [FavoriteRow], _ request: FavoritesWindowRequest)
    -> FavoritesWindow
  {
    let listing = request.listing
    let words = listing.text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
    let matching = rows.filter { row in
      let fields = [row.item.title, row.item.author ?? "", row.item.collection ?? ""]
        .map { $0.lowercased() }
      return words.allSatisfy { word in fields.contains { $0.contains(word) } }
    }
    var sorted = matching.filter { listing.kind == nil || $0.item.kind == listing.kind }
    switch listing.order {
    case .added:
      break
    case .kind:
      sorted = sorted.enumerated().sorted {
        ($0.element.place.kind, $0.offset) < ($1.element.place.kind, $1.offset)
      }.map(\.element)
    case .title:
      sorted.sort {
        ($0.place.title.lowercased(), $0.place.id) < ($1.place.title.lowercased(), $1.place.id)
      }
    }
    let start: Int
    switch request.seek {
    case .offset(let index): start = index
    case .from(let place): start = sorted.firstIndex { $0.place == place } ?? request.start
    case .through(let place):
      start =
        (sorted.firstIndex { $0.place == place }).map { $0 - request.limit + 1 }
        ?? request.start
    case .last: start = sorted.count - request.limit
    }
    let first = max(0, min(start, sorted.count))
    let page = Array(sorted[first..<min(sorted.count, first + max(0, request.limit))])
    var counts: [FavoriteKindCount]?
    if request.counts {
      var byKind: [ItemKind: Int] = [:]
      for row in matching { byKind[row.item.kind, default: 0] += 1 }
      counts = byKind.map { FavoriteKindCount(kind: $0.key, count: $0.value) }
        .sorted { ($1.count, $0.kind.rawValue) < ($0.count, $1.kind.rawValue) }
    }
    return FavoritesWindow(start: first, rows: page, counts: counts)
  }

  /// Favourites in memory (for tests and the demo): newest first; a row taken and restored goes
  /// back to its place.
  ///
  /// - Parameter now: when an item is made a favourite; without it, a minute apart from
  ///   2026-12-01 00:00 UTC, so tests draw the same day. The demo passes the wall clock, so a
  ///   favourite added today says so.
  public static func inMemory(
    _ initial: [CatalogItem] = [], now: (@Sendable () -> Date)? = nil
  ) -> FavoritesClient {
    let rows = Mutex(Self.rows(initial))
    @Sendable func sorted(_ rows: [FavoriteRow]) -> [FavoriteRow] {
      rows.sorted { ($0.place.addedAt, $0.place.seq) > ($1.place.addedAt, $1.place.seq) }
    }
    return FavoritesClient(
      list: { rows.withLock { $0.map(\.item) } },
      ids: { rows.withLock { Set($0.map(\.item.id)) } },
      setFavorite: { item, favorite in
        rows.withLock { list in
          let present = list.contains(where: { $0.item.id == item.id })
          if favorite, !present {
            let seq = (list.map(\.place.seq).max() ?? 0) + 1
            let place = FavoritePlace(
              id: item.id, kind: item.kind.rawValue, title: item.title,
              addedAt: now.map { $0().timeIntervalSince1970 } ?? inMemoryDate(seq), seq: seq)
            list.insert(FavoriteRow(item: item, place: place), at: 0)
          }
          if !favorite { list.removeAll { $0.item.id == item.id } }
        }
      },
      window: { request in rows.withLock { Self.window(of: $0, request) } },
      take: { id in
        rows.withLock { list in
          guard let index = list.firstIndex(where: { $0.item.id == id }) else { return nil }
          return list.remove(at: index)
        }
      },
      restore: { row in
        rows.withLock { list in
          guard !list.contains(where: { $0.item.id == row.item.id }) else { return false }
          list = sorted(list + [row])
          return true
        }
      })
  }
}
