import AppArchitecture
import ITunesCatalog
import TestSupport
import Testing

@testable import TunesFeatures

@MainActor
@Suite("Favourites, on their own state")
struct FavoritesFeatureTests {
  static func state(_ items: [CatalogItem], selection: Int = 0, isFrontmost: Bool = true)
    -> FavoritesFeature.State
  {
    FavoritesFeature.State(
      favorites: FavoritesState(items: .loaded(items), selection: selection), rows: 5,
      isFrontmost: isFrontmost)
  }

  @Test("Enter or a second click asks the app to open the row; under an overlay nothing opens")
  func open() async throws {
    let items = Samples.items(3)
    let store = TestStore(initialState: Self.state(items), reducer: FavoritesFeature())
    try await store.send(.rowOpened)
    try await store.receive(.delegate(.openItem(items[0])))
    try await store.send(.rowClicked(2)) { $0.favorites.selection = 2 }
    try await store.send(.rowClicked(2))
    try await store.receive(.delegate(.openItem(items[2])))
    try await store.send(.rowClicked(7))
    try await store.finish()
    let covered = TestStore(
      initialState: Self.state(items, isFrontmost: false), reducer: FavoritesFeature())
    try await covered.send(.rowOpened)
    try await covered.finish()
  }

  @Test("a shorter list read keeps the selection on it; a failed read keeps the rows")
  func loaded() async throws {
    let items = Samples.items(4)
    let store = TestStore(
      initialState: Self.state(items, selection: 3), reducer: FavoritesFeature())
    try await store.send(.loaded(.success(Array(items.prefix(2))))) {
      $0.favorites.items = .loaded(Array(items.prefix(2)))
      $0.favorites.selection = 1
    }
    try await store.send(.loaded(.failure(.storage("gone")))) {
      $0.favorites.items = .failed(.storage("gone"), previous: Array(items.prefix(2)))
    }
    try await store.send(.selectionMoved(.up)) { $0.favorites.selection = 0 }
    try await store.finish()
  }
}
