import AppArchitecture
import Foundation
import ITunesCatalog
import Playback
import TestSupport
import Testing

@testable import TunesFeatures

@MainActor
@Suite("Previews")
struct PlaybackFeatureTests {
  nonisolated static let url = URL(test: "http://127.0.0.1:9/media/preview.m4a")

  nonisolated static func song(_ id: Int64 = 7, preview: Bool = true) -> CatalogItem {
    var item = Samples.item(id, .song, "Song \(id)")
    if preview { item.previewURL = URL(string: "https://audio-ssl.itunes.apple.com/\(id).m4a") }
    return item
  }

  /// Dependencies playing through `double`; preview URLs are moved to the loopback
  /// `…/media/<id>.m4a`, as `TUNES_MEDIA_BASE` does.
  nonisolated static func dependencies(_ double: InMemoryPlayer) -> TunesDependencies {
    var dependencies = Samples.dependencies()
    dependencies.player = double.player
    dependencies.previewURL = { item in
      item.previewURL.map { _ in URL(test: "http://127.0.0.1:9/media/\(item.id).m4a") }
    }
    return dependencies
  }

  nonisolated static func mediaURL(_ id: Int64) -> URL {
    URL(test: "http://127.0.0.1:9/media/\(id).m4a")
  }

  /// The state while `item`'s preview plays at `position` of 30 s.
  nonisolated static func playing(_ item: CatalogItem, at position: Double = 0) -> PlaybackState {
    var player = PlayerState()
    player.apply(.loading(mediaURL(item.id)))
    player.apply(.started)
    player.apply(.duration(30))
    player.apply(.position(position))
    var state = PlaybackState(itemID: item.id, title: item.title, player: player)
    state.artist = item.author
    state.queue = PlayQueue(items: [item], index: 0)
    return state
  }

  /// Sends `playRequested` and receives what the double reports for `play`.
  func startPlaying(
    _ store: TestStore<AppState, AppAction>, _ item: CatalogItem,
    by action: PlaybackAction? = nil
  ) async throws {
    let url = Self.mediaURL(item.id)
    try await store.send(.playback(action ?? .playRequested(item))) {
      $0.playback.queue = PlayQueue(items: [item], index: 0)
      $0.playback.begin(item, url: url)
    }
    try await store.receive(.playback(.playerEvent(.loading(url))))
    try await store.receive(.playback(.playerEvent(.started))) {
      $0.playback.player.phase = .playing
    }
    try await store.receive(.playback(.playerEvent(.duration(30)))) {
      $0.playback.player.duration = 30
    }
    try await store.receive(.playback(.playerEvent(.position(0))))
    #expect(store.state.playback == Self.playing(item))
  }

  @Test("p plays the item's preview URL (TUNES_MEDIA_BASE applied) and events fold into the state")
  func play() async throws {
    let double = InMemoryPlayer(duration: 30)
    let song = Self.song()
    let store = makeStore(AppState(), Self.dependencies(double))
    try await startPlaying(store, song)
    #expect(double.commands == [.play(Self.mediaURL(7))])
    #expect(store.state.playback.isPlaying(itemID: 7))
    #expect(store.state.playback.progressText == "▶ 0:00 / 0:30")
    double.emit(.ended)
    try await store.receive(.playback(.playerEvent(.ended))) { $0.playback.end() }
    try await store.finish()
  }

  @Test("positions reach the state in 0.25 s steps: at most four changes a second")
  func positionsAreThrottled() async throws {
    let double = InMemoryPlayer(duration: 30)
    let song = Self.song()
    let store = makeStore(AppState(), Self.dependencies(double))
    try await startPlaying(store, song)
    // mpv reports about every 50 ms: one second of positions is twenty events.
    for tick in 1...20 { double.emit(.position(Double(tick) * 0.05 + 0.01)) }
    for step in [0.25, 0.5, 0.75, 1.0] {
      try await store.receive(.playback(.playerEvent(.position(step)))) {
        $0.playback.player.position = step
      }
    }
    try store.assertNoPendingActions()
    #expect(store.state.playback.elapsedText == "0:01")
    #expect(store.state.playback.remainingText == "-0:29")
    // A position sent straight to the reducer is kept in steps as well.
    try await store.send(.playback(.playerEvent(.position(2.6)))) {
      $0.playback.player.position = 2.5
    }
    try await store.send(.playback(.stopRequested)) { $0.playback.end() }
    try await store.finish()
  }

  @Test("Space pauses and resumes: the command goes to the player, the state follows its events")
  func pause() async throws {
    let double = InMemoryPlayer(duration: 30)
    let song = Self.song()
    let store = makeStore(AppState(), Self.dependencies(double))
    try await startPlaying(store, song)
    try await store.send(.playback(.pauseToggled))
    try await store.receive(.playback(.playerEvent(.paused(true)))) {
      $0.playback.player.paused = true
    }
    #expect(store.state.playback.progressText == "⏸ 0:00 / 0:30")
    try await store.send(.playback(.pauseToggled))
    try await store.receive(.playback(.playerEvent(.paused(false)))) {
      $0.playback.player.paused = false
    }
    #expect(double.commands == [.play(Self.mediaURL(7)), .togglePause, .togglePause])
    try await store.send(.playback(.stopRequested)) { $0.playback.end() }
    try await store.finish()
  }

  @Test("p on an item is one intent: it plays the item, then pauses and resumes it while it plays")
  func playOrPause() async throws {
    let double = InMemoryPlayer(duration: 30)
    let song = Self.song()
    let other = Self.song(8)
    let store = makeStore(AppState(), Self.dependencies(double))
    // Nothing plays: the intent plays the item, exactly as playRequested does.
    let url = Self.mediaURL(song.id)
    try await startPlaying(store, song, by: .playOrPauseRequested(song))
    // It plays: the same intent pauses it, and again resumes it.
    try await store.send(.playback(.playOrPauseRequested(song)))
    try await store.receive(.playback(.playerEvent(.paused(true)))) {
      $0.playback.player.paused = true
    }
    try await store.send(.playback(.playOrPauseRequested(song)))
    try await store.receive(.playback(.playerEvent(.paused(false)))) {
      $0.playback.player.paused = false
    }
    #expect(double.commands == [.play(url), .togglePause, .togglePause])
    // Another item's intent replaces what plays.
    let next = Self.mediaURL(other.id)
    try await startPlaying(store, other, by: .playOrPauseRequested(other))
    #expect(double.commands == [.play(url), .togglePause, .togglePause, .play(next)])
    try await store.send(.playback(.stopRequested)) { $0.playback.end() }
    try await store.finish()
    #expect(double.commands.last == .stop)
  }

  @Test("seeking moves by the seconds asked; the new position arrives as an event")
  func seek() async throws {
    let double = InMemoryPlayer(duration: 30)
    let song = Self.song()
    let store = makeStore(AppState(), Self.dependencies(double))
    try await startPlaying(store, song)
    try await store.send(.playback(.seekRequested(5)))
    try await store.receive(.playback(.playerEvent(.position(5)))) {
      $0.playback.player.position = 5
    }
    try await store.send(.playback(.seekRequested(-5)))
    try await store.receive(.playback(.playerEvent(.position(0)))) {
      $0.playback.player.position = 0
    }
    #expect(double.commands == [.play(Self.mediaURL(7)), .seek(5), .seek(-5)])
    try await store.send(.playback(.stopRequested)) { $0.playback.end() }
    try await store.finish()
  }

  @Test("s stops: the state clears at once, the player is told, the subscription ends")
  func stop() async throws {
    let double = InMemoryPlayer(duration: 30)
    let song = Self.song()
    let store = makeStore(AppState(), Self.dependencies(double))
    try await startPlaying(store, song)
    try await store.send(.playback(.stopRequested)) { $0.playback.end() }
    try await store.finish()
    #expect(double.commands == [.play(Self.mediaURL(7)), .stop])
    // Nothing plays: pause, seek and stop do nothing and reach no player.
    try await store.send(.playback(.pauseToggled))
    try await store.send(.playback(.seekRequested(5)))
    try await store.send(.playback(.stopRequested))
    try await store.finish()
    #expect(double.commands == [.play(Self.mediaURL(7)), .stop])
  }

  @Test("playing another preview replaces the first: its events are no longer followed")
  func anotherPlayReplaces() async throws {
    let double = InMemoryPlayer(duration: 30)
    let first = Self.song(7)
    let second = Self.song(8)
    let store = makeStore(AppState(), Self.dependencies(double))
    try await startPlaying(store, first)
    try await startPlaying(store, second)
    #expect(double.commands == [.play(Self.mediaURL(7)), .play(Self.mediaURL(8))])
    #expect(store.state.playback.itemID == 8)
    #expect(store.state.playback.title == "Song 8")
    // Only the second effect follows the player now: one event comes back, not two.
    double.emit(.position(3))
    try await store.receive(.playback(.playerEvent(.position(3)))) {
      $0.playback.player.position = 3
    }
    try store.assertNoPendingActions()
    try await store.send(.playback(.stopRequested)) { $0.playback.end() }
    try await store.finish()
  }

  @Test("a preview that fails shows its message and leaves nothing playing")
  func failure() async throws {
    let failure = PlaybackFailure(.unavailable, "The preview could not be loaded (HTTP 404).")
    let double = InMemoryPlayer(duration: 30)
    let song = Self.song()
    let store = makeStore(AppState(), Self.dependencies(double))
    try await startPlaying(store, song)
    double.emit(.failed(failure))
    try await store.receive(.playback(.playerEvent(.failed(failure)))) {
      $0.playback.player.phase = .failed(failure)
      $0.playback.error = failure.message
      $0.notice = failure.message
    }
    try await store.finish()
    // The item keeps the message (its detail shows it); nothing plays, so s does nothing.
    #expect(!store.state.playback.isActive)
    #expect(store.state.playback.failure(itemID: 7) == failure.message)
    #expect(store.state.playback.failure(itemID: 8) == nil)
    try await store.send(.playback(.stopRequested)) { $0.notice = nil }
    // p again tries again: the message goes.
    try await startPlaying(store, song)
    #expect(store.state.playback.error == nil)
    try await store.send(.playback(.stopRequested)) { $0.playback.end() }
    try await store.finish()
  }

  @Test("mpv restarted: the notice says so and the preview goes on")
  func restarted() async throws {
    let double = InMemoryPlayer(duration: 30)
    let song = Self.song()
    let store = makeStore(AppState(), Self.dependencies(double))
    try await startPlaying(store, song)
    double.emit(.restarted("mpv died; restarted it at 0:00."))
    try await store.receive(.playback(.playerEvent(.restarted("mpv died; restarted it at 0:00."))))
    {
      $0.playback.player.notice = "mpv died; restarted it at 0:00."
      $0.notice = "mpv died; restarted it at 0:00."
    }
    #expect(store.state.playback.isActive)
    try await store.send(.playback(.stopRequested)) {
      $0.playback.end()
      $0.notice = nil
    }
    try await store.finish()
  }

  @Test("mpv missing: one line says how to install it; the default player is such a player")
  func mpvMissing() async throws {
    let line = "Install mpv to play previews: apt-get install mpv"
    let song = Self.song()
    for double in [InMemoryPlayer(failure: .mpvMissing).player, Player.unavailable] {
      var dependencies = Self.dependencies(InMemoryPlayer())
      dependencies.player = double
      let store = makeStore(AppState(), dependencies)
      try await store.send(.playback(.playRequested(song))) {
        $0.playback.queue = PlayQueue(items: [song], index: 0)
        $0.playback.begin(song, url: Self.mediaURL(7))
      }
      try await store.receive(.playback(.failed(line))) {
        $0.playback.player.phase = .failed(PlaybackFailure(.player, line))
        $0.playback.error = line
        $0.notice = line
      }
      try await store.finish()
    }
    await #expect(throws: PlaybackError.mpvMissing) {
      try await TunesDependencies.test.player.play(Self.url)
    }
  }

  @Test("an item without a preview plays nothing and says so")
  func noPreview() async throws {
    let double = InMemoryPlayer(duration: 30)
    let store = makeStore(AppState(notice: "old"), Self.dependencies(double))
    try await store.send(.playback(.playRequested(Self.song(preview: false)))) {
      $0.notice = "No preview for this item"
    }
    try await store.finish()
    #expect(double.commands.isEmpty)
  }

  @Test("events after the preview was stopped are dropped")
  func lateEvents() async throws {
    let store = makeStore(AppState(), Self.dependencies(InMemoryPlayer()))
    try await store.send(.playback(.playerEvent(.position(4))))
    try await store.send(.playback(.playerEvent(.started)))
    try await store.finish()
  }

  @Test("quitting shuts the player down (mpv ends with tunes)")
  func quitShutsDown() async throws {
    let double = InMemoryPlayer(duration: 30)
    let song = Self.song()
    let store = makeStore(AppState(), Self.dependencies(double))
    try await startPlaying(store, song)
    try await store.send(.quitRequested) { $0.shouldQuit = true }
    try await store.finish()
    #expect(double.commands == [.play(Self.mediaURL(7)), .shutdown])
  }

  @Test("the now-playing state survives navigation: opening and leaving screens keeps it")
  func survivesNavigation() async throws {
    let song = Self.song()
    var state = AppState()
    state.playback = Self.playing(song, at: 12)
    let store = makeStore(state, Self.dependencies(InMemoryPlayer()))
    try await store.send(.favorites(.opened)) {
      $0.stack = [.favorites(FavoritesState(phase: .loading(previous: nil), generation: 1))]
    }
    try await store.receive(
      .favorites(
        .windowLoaded(generation: 1, .success(FavoritesWindow(start: 0, rows: [], counts: []))))
    ) {
      $0.stack = [.favorites(FavoritesState(phase: .loaded(0), generation: 1))]
    }
    try await store.send(.backRequested) { $0.stack = [] }
    #expect(store.state.playback == Self.playing(song, at: 12))
    try await store.finish()
  }

  @Test("W writes the queue and the app's notice says where, though the effect answers later")
  func queueWrittenNotice() async throws {
    var dependencies = Self.dependencies(InMemoryPlayer())
    dependencies.writePlaylist = { _ in "/data/tunes/queue.m3u8" }
    var state = AppState()
    state.playback.queue = PlayQueue(items: [Self.song(1)], index: 0)
    let store = makeStore(state, dependencies)
    try await store.send(.playback(.queueWriteRequested))
    try await store.receive(
      .playback(.delegate(.notice("Wrote the queue (1 entry) to /data/tunes/queue.m3u8")))
    ) { $0.notice = "Wrote the queue (1 entry) to /data/tunes/queue.m3u8" }
    try await store.finish()
  }
}
