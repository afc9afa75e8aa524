import AppArchitecture
import ITunesCatalog
import TestSupport
import Testing

@testable import TunesFeatures

@MainActor
@Suite("Genres, on its own state")
struct GenresFeatureScopedTests {
  @Test(
    "back from the media list asks the app to close the screen; behind a detail keys do nothing")
  func close() async throws {
    let store = TestStore(
      initialState: GenresFeature.State(genres: GenresState(), isFrontmost: true),
      reducer: GenresFeature(dependencies: Samples.dependencies()))
    try await store.send(.backRequested)
    try await store.receive(.delegate(.closed))
    try await store.finish()
    let behind = TestStore(
      initialState: GenresFeature.State(genres: GenresState(), isFrontmost: false),
      reducer: GenresFeature(dependencies: Samples.dependencies()))
    try await behind.send(.backRequested)
    try await behind.send(.selectionMoved(.down))
    try await behind.finish()
  }

  @Test("another storefront takes the screen back to its media list; the same one does nothing")
  func storefront() async throws {
    let tree = GenreTreeLevel(
      id: 34, name: "Music", medium: GenreMedium.all[0],
      genre: .loaded(Genre(id: 34, name: "Music")))
    let genres = GenresState(
      levels: [.media(MediaLevel(selection: 2)), .tree(tree)], country: "us")
    let store = TestStore(
      initialState: GenresFeature.State(genres: genres, isFrontmost: true),
      reducer: GenresFeature(dependencies: Samples.dependencies()))
    try await store.send(.storefrontChanged("us"))
    try await store.send(.storefrontChanged("jp")) {
      $0.genres = GenresState(levels: [.media(MediaLevel(selection: 2))], country: "jp")
    }
    try await store.finish()
  }
}
