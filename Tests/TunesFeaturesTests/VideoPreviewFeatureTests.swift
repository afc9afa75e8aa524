import AppArchitecture
import Foundation
import ITunesCatalog
import Playback
import TestSupport
import Testing

@testable import TunesFeatures

/// Which output a preview gets (the policy and the item), and what the reducer keeps of it.
@MainActor
@Suite("Video previews")
struct VideoPreviewFeatureTests {
  nonisolated static func video(_ id: Int64 = 9, kind: ItemKind = .musicVideo) -> CatalogItem {
    var item = Samples.item(id, kind, "Video \(id)")
    item.previewURL = URL(string: "https://video-ssl.itunes.apple.com/\(id).640x480.h264lc.U.p.m4v")
    return item
  }

  nonisolated static func dependencies(
    _ double: InMemoryPlayer, _ policy: VideoPolicy
  ) -> TunesDependencies {
    var dependencies = PlaybackFeatureTests.dependencies(double)
    dependencies.video = policy
    return dependencies
  }

  static let viewport = Viewport(columns: 100, rows: 30)

  /// A live store (effects run) over `double` with `policy`.
  static func store(_ double: InMemoryPlayer, _ policy: VideoPolicy) -> Store<AppState, AppAction> {
    Store(
      initialState: AppState(viewport: viewport),
      reducer: AppFeature(dependencies: dependencies(double, policy)))
  }

  /// Sends `playRequested` for `item`; returns the commands the double got and the state right
  /// after the action.
  func play(_ item: CatalogItem, policy: VideoPolicy) async throws -> (
    [InMemoryPlayer.Command], AppState
  ) {
    let double = InMemoryPlayer(duration: 3, outcome: .ended)
    let store = Self.store(double, policy)
    store.send(.playback(.playRequested(item)))
    let state = store.state
    await store.finish()
    return (double.commands, state)
  }

  @Test("a song plays as sound whatever the mode")
  func song() async throws {
    let policy = VideoPolicy(mode: .terminal, hasDisplay: true, hasTerminal: true)
    let (commands, state) = try await play(PlaybackFeatureTests.song(), policy: policy)
    #expect(commands == [.play(PlaybackFeatureTests.mediaURL(7))])
    #expect(state.playback.surface == .audio)
    #expect(!state.playback.holdsTerminal)
  }

  @Test(
    "auto: a window where there is a display, else the whole terminal; audio: sound only",
    arguments: [
      (VideoMode.auto, true, VideoOutput.window, PlaybackSurface.window),
      (
        .auto, false, .terminal(TerminalVideo(driver: .tct, columns: 100, rows: 29)),
        .terminal
      ),
      (.terminal, true, .terminal(TerminalVideo(driver: .tct, columns: 100, rows: 29)), .terminal),
      (.audio, true, .none, .audio),
      (.window, true, .window, .window),
    ])
  func outputs(
    mode: VideoMode, display: Bool, output: VideoOutput, surface: PlaybackSurface
  ) async throws {
    let policy = VideoPolicy(mode: mode, hasDisplay: display, hasTerminal: true)
    let (commands, state) = try await play(Self.video(), policy: policy)
    let url = PlaybackFeatureTests.mediaURL(9)
    #expect(commands == [output == .none ? .play(url) : .playVideo(url, output)])
    #expect(state.playback.surface == surface)
    #expect(state.playback.holdsTerminal == (surface == .terminal))
  }

  @Test("sixel where the start-up probe chose sixel, sized in the probe's cell pixels")
  func sixel() async throws {
    var policy = VideoPolicy(mode: .terminal)
    policy.useTerminal(sixel: true, cellWidth: 8, cellHeight: 16)
    let (commands, _) = try await play(Self.video(), policy: policy)
    let area = TerminalVideo(driver: .sixel, columns: 100, rows: 29, cellWidth: 8, cellHeight: 16)
    #expect(commands == [.playVideo(PlaybackFeatureTests.mediaURL(9), .terminal(area))])
  }

  @Test(
    "a mode that cannot show the video here says why, plays nothing and stops what played",
    arguments: [
      (VideoMode.window, false, true, "No display for a video window"),
      (.terminal, true, false, "needs a terminal"),
    ])
  func refused(mode: VideoMode, display: Bool, terminal: Bool, words: String) async throws {
    let double = InMemoryPlayer(duration: 30)
    let policy = VideoPolicy(mode: mode, hasDisplay: display, hasTerminal: terminal)
    let store = Self.store(double, policy)
    store.send(.playback(.playRequested(PlaybackFeatureTests.song())))
    #expect(await eventually { store.state.playback.player.phase == .playing })
    store.send(.playback(.playRequested(Self.video())))
    await store.finish()
    #expect(!store.state.playback.isActive)
    #expect(store.state.playback.itemID == 9)
    #expect(store.state.playback.error?.contains(words) == true, "\(store.state.playback)")
    #expect(store.state.notice?.contains(words) == true)
    #expect(double.commands == [.play(PlaybackFeatureTests.mediaURL(7)), .stop])
  }

  @Test("the terminal comes back when the video ends, stops or fails")
  func terminalComesBack() async throws {
    for ending in [PlayerEvent.ended, .stopped, .failed(PlaybackFailure(.unavailable, "gone"))] {
      let double = InMemoryPlayer(duration: 3)
      let policy = VideoPolicy(mode: .terminal, hasTerminal: true)
      let store = Self.store(double, policy)
      store.send(.playback(.playRequested(Self.video())))
      #expect(store.state.playback.holdsTerminal)
      #expect(await eventually { store.state.playback.showsVideo })
      double.emit(ending)
      #expect(await eventually { !store.state.playback.holdsTerminal }, "\(ending)")
      await store.finish()
    }
  }

  @Test(
    "a preview is a video by its URL's extension, else by kind",
    arguments: [
      ("https://x/a/b.640x480.h264lc.U.p.m4v", ItemKind.featureMovie, true),
      ("https://x/a/b.mp4?accessKey=1", .song, true),
      ("https://x/a/b.plus.aac.p.m4a", .musicVideo, false),
      ("https://x/a/b.mp3?dest-id=2", .podcastEpisode, false),
      ("https://x/a/stream", .tvEpisode, true),
      ("https://x/a/stream", .song, false),
    ])
  func isVideo(url: String, kind: ItemKind, expected: Bool) {
    var item = CatalogItem(id: 1, kind: kind, title: "x")
    item.previewURL = URL(string: url)
    #expect(item.previewIsVideo == expected)
  }
}
