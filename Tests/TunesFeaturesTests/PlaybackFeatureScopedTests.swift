import AppArchitecture
import ITunesCatalog
import TestSupport
import Testing

@testable import TunesFeatures

@MainActor
@Suite("The player, on its own state")
struct PlaybackFeatureScopedTests {
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
