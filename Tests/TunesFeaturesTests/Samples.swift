import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient
import TestSupport

@testable import TunesFeatures

/// Fixture pages and items shared by the tests.
enum Samples {
  static func shared(_ name: String) throws -> CatalogPage {
    try CatalogPage.decode(Fixtures.shared(name))
  }

  static func own(_ name: String) throws -> CatalogPage {
    try CatalogPage.decode(Fixtures.ownFile("catalog/" + name))
  }

  /// 8 songs and 17 movies.
  static func mixed() throws -> CatalogPage {
    try shared("mixed-search-jack-johnson-limit25-songs-and-movies.json")
  }

  static func response(_ page: CatalogPage) -> CatalogResponse {
    CatalogResponse(page: page, body: Data(), source: .network)
  }

  static func item(
    _ id: Int64, _ kind: ItemKind = .song, _ title: String? = nil, authorID: Int64? = nil
  ) -> CatalogItem {
    var item = CatalogItem(id: id, kind: kind, title: title ?? "Item \(id)")
    item.authorID = authorID
    return item
  }

  static func items(_ count: Int, from start: Int64 = 1) -> [CatalogItem] {
    (0..<count).map { item(start + Int64($0)) }
  }

  static func dependencies(
    client: ITunesClient = .failing(), history: HistoryClient = .inMemory(),
    favorites: FavoritesClient = .inMemory(), clock: AppClock = .immediate,
    openURL: @escaping @Sendable (URL) async throws -> Void = { _ in },
    filtersStore: FiltersStore = .inMemory()
  ) -> TunesDependencies {
    TunesDependencies(
      client: client, history: history, favorites: favorites, clock: clock, openURL: openURL,
      filtersStore: filtersStore)
  }
}
