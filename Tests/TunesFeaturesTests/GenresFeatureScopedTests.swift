import AppArchitecture
import ITunesCatalog
import Playback
import TestSupport
import Testing

@testable import TunesFeatures

@MainActor
@Suite("Genres and the player, on their own state")
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

  @Test("an item without a preview, or a failing player, is a notice asked of the app")
  func playbackNotices() async throws {
    let store = TestStore(
      initialState: PlaybackFeature.State(playback: PlaybackState(), viewport: Viewport()),
      reducer: PlaybackFeature(dependencies: Samples.dependencies()))
    try await store.send(.playRequested(Samples.item(1)))
    try await store.receive(.delegate(.notice(PlaybackFeature.noPreviewNotice)))
    // Nothing plays: the preview keys do nothing.
    try await store.send(.pauseToggled)
    try await store.send(.stopRequested)
    try await store.send(.failed("mpv went away"))
    try await store.finish()
  }
}
