import AppArchitecture
import Foundation
import ITunesCatalog
import Playback
import Synchronization
import TestSupport
import Testing

@testable import TunesFeatures

/// The queue, on the player's own state: a list played in order from its pick, next and
/// previous, chart entries looked up for their previews, skips, volume, whole episodes resumed,
/// store links, and the playlist written.
@MainActor
@Suite("The queue")
struct PlayQueueTests {
  typealias Store = TestStore<PlaybackFeature.State, PlaybackAction>

  static func song(_ id: Int64, preview: Bool = true) -> CatalogItem {
    PlaybackFeatureTests.song(id, preview: preview)
  }

  static func makeStore(_ dependencies: TunesDependencies) -> Store {
    TestStore(
      initialState: PlaybackFeature.State(playback: PlaybackState(), viewport: Viewport()),
      reducer: PlaybackFeature(dependencies: dependencies), timeout: .seconds(5))
  }

  /// Receives what the double reports when `item` starts (at `position`), checking the state
  /// then plays `item` at place `index` of `count`.
  static func receiveStart(
    _ store: Store, _ item: CatalogItem, index: Int, count: Int, position: Double = 0
  ) async throws {
    let url = PlaybackFeatureTests.mediaURL(item.id)
    try await store.receive(.playerEvent(.loading(url)))
    try await store.receive(.playerEvent(.started)) { $0.playback.player.phase = .playing }
    try await store.receive(.playerEvent(.duration(30))) { $0.playback.player.duration = 30 }
    try await store.receive(.playerEvent(.position(position))) {
      $0.playback.player.position = position
    }
    #expect(store.state.playback.isPlaying(itemID: item.id))
    #expect(store.state.playback.queue.index == index)
    #expect(store.state.playback.queue.items.count == count)
  }

  @Test("p on the third of five results plays it and queues the two after; the end plays the next")
  func playsInOrder() async throws {
    let double = InMemoryPlayer(duration: 30)
    let store = Self.makeStore(PlaybackFeatureTests.dependencies(double))
    let items = (1...5).map { Self.song(Int64($0)) }
    try await store.send(.listPlayRequested(PlayList(items: items, start: 2))) {
      $0.playback.queue = PlayQueue(items: items, index: 2)
      $0.playback.begin(items[2], url: PlaybackFeatureTests.mediaURL(3))
    }
    try await Self.receiveStart(store, items[2], index: 2, count: 5)
    #expect(store.state.playback.queue.placeText == "3/5")
    double.emit(.ended)
    try await store.receive(.playerEvent(.ended)) {
      $0.playback.queue.index = 3
      $0.playback.begin(items[3], url: PlaybackFeatureTests.mediaURL(4))
    }
    try await Self.receiveStart(store, items[3], index: 3, count: 5)
    // > and < move through the queue; < early in an item goes to the one before.
    try await store.send(.nextRequested) {
      $0.playback.queue.index = 4
      $0.playback.begin(items[4], url: PlaybackFeatureTests.mediaURL(5))
    }
    try await Self.receiveStart(store, items[4], index: 4, count: 5)
    try await store.send(.nextRequested)
    try await store.receive(.delegate(.notice("Nothing comes after this in the queue.")))
    try await store.send(.previousRequested) {
      $0.playback.queue.index = 3
      $0.playback.begin(items[3], url: PlaybackFeatureTests.mediaURL(4))
    }
    try await Self.receiveStart(store, items[3], index: 3, count: 5)
    #expect(
      double.commands == [
        .play(PlaybackFeatureTests.mediaURL(3)), .play(PlaybackFeatureTests.mediaURL(4)),
        .play(PlaybackFeatureTests.mediaURL(5)), .play(PlaybackFeatureTests.mediaURL(4)),
      ])
    // Stopping keeps the queue; p on the item that plays pauses it.
    try await store.send(.listPlayRequested(PlayList(items: items, start: 3)))
    // The toggle is an effect: the player has it once its answer (paused) has come back.
    try await store.receive(.playerEvent(.paused(true))) { $0.playback.player.paused = true }
    #expect(double.commands.last == .togglePause)
    try await store.send(.stopRequested) { $0.playback.end() }
    #expect(store.state.playback.queue.items == items)
    try await store.finish()
  }

  @Test("< after the first seconds goes back to the start of the item, not to the one before")
  func previousRestarts() async throws {
    let double = InMemoryPlayer(duration: 30)
    let store = Self.makeStore(PlaybackFeatureTests.dependencies(double))
    let items = (1...3).map { Self.song(Int64($0)) }
    try await store.send(.listPlayRequested(PlayList(items: items, start: 1))) {
      $0.playback.queue = PlayQueue(items: items, index: 1)
      $0.playback.begin(items[1], url: PlaybackFeatureTests.mediaURL(2))
    }
    try await Self.receiveStart(store, items[1], index: 1, count: 3)
    double.emit(.position(10))
    try await store.receive(.playerEvent(.position(10))) { $0.playback.player.position = 10 }
    try await store.send(.previousRequested)
    try await store.receive(.playerEvent(.position(0))) { $0.playback.player.position = 0 }
    #expect(double.commands.last == .seek(-10))
    try await store.send(.stopRequested) { $0.playback.end() }
    try await store.finish()
  }

  @Test("a chart's entries come without previews: one lookup for all of them, then the pick plays")
  func chartEntriesAreLookedUp() async throws {
    let clock = TestClock()
    let entries = (1...4).map { Self.song(Int64($0), preview: false) }
    let found = (1...4).filter { $0 != 3 }.map { Self.song(Int64($0)) }
    let script = ScriptedClient(clock: clock) { _ in
      (.seconds(1), .success(CatalogPage(items: found)))
    }
    let double = InMemoryPlayer(duration: 30)
    var dependencies = PlaybackFeatureTests.dependencies(double)
    dependencies.client = script.client
    let store = Self.makeStore(dependencies)
    try await store.send(.listPlayRequested(PlayList(items: entries, start: 1))) {
      $0.playback.queue = PlayQueue(items: Array(entries[1...]), index: 0)
      $0.playback.queue.generation = 1
      $0.playback.queue.resolving = 1
      $0.playback.begin(entries[1], url: nil)
    }
    #expect(store.state.playback.isLoading)
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    // Entry 3 has no preview even after the lookup: it is left out of the queue.
    try await store.receive(.queueResolved(generation: 1, .success(found))) {
      $0.playback.queue = PlayQueue(items: [found[1], found[2]], index: 0)
      $0.playback.queue.generation = 1
      $0.playback.begin(found[1], url: PlaybackFeatureTests.mediaURL(2))
    }
    try await Self.receiveStart(store, found[1], index: 0, count: 2)
    #expect(script.requests.count == 1)
    #expect(script.request(with: "id", "2,3,4") != nil)
    try await store.send(.stopRequested) { $0.playback.end() }
    try await store.finish()
  }

  @Test("a preview that cannot play is skipped with a notice; three in a row stop the queue")
  func failuresAreSkipped() async throws {
    let failure = PlaybackFailure(.unplayable, "The preview is not audio mpv can play")
    let double = InMemoryPlayer(duration: 30, outcome: .failed(failure))
    let store = Self.makeStore(PlaybackFeatureTests.dependencies(double))
    let items = (1...5).map { Self.song(Int64($0)) }
    try await store.send(.listPlayRequested(PlayList(items: items, start: 0))) {
      $0.playback.queue = PlayQueue(items: items, index: 0)
      $0.playback.begin(items[0], url: PlaybackFeatureTests.mediaURL(1))
    }
    for index in 0..<3 {
      try await Self.receiveStart(store, items[index], index: index, count: 5)
      try await store.receive(.playerEvent(.failed(failure))) {
        $0.playback.queue.skips = index + 1
        $0.playback.queue.index = index + 1
        $0.playback.begin(items[index + 1], url: PlaybackFeatureTests.mediaURL(Int64(index + 2)))
      }
      try await store.receive(.delegate(.notice("Skipped Song \(index + 1): \(failure.message)")))
    }
    try await Self.receiveStart(store, items[3], index: 3, count: 5)
    // The fourth failure in a row is the player's: it stops there and says why.
    try await store.receive(.playerEvent(.failed(failure))) {
      $0.playback.player.phase = .failed(failure)
      $0.playback.error = failure.message
    }
    try await store.receive(.delegate(.notice(failure.message)))
    #expect(!store.state.playback.isActive)
    try await store.finish()
  }

  @Test("+ and - step the volume by 5 %, between 0 and 100, and the player is told")
  func volume() async throws {
    let double = InMemoryPlayer(duration: 30)
    let store = Self.makeStore(PlaybackFeatureTests.dependencies(double))
    try await store.send(.volumeStepped(5))
    try await store.receive(.delegate(.notice("Volume 100 %")))
    try await store.send(.volumeStepped(-5)) { $0.playback.volume = 95 }
    try await store.receive(.delegate(.notice("Volume 95 %")))
    try await store.send(.volumeSet(140)) { $0.playback.volume = 100 }
    try await store.finish()
    #expect(double.commands == [.volume(100), .volume(95), .volume(100)])
  }

  static func episode(_ id: Int64) -> CatalogItem {
    var item = Samples.item(id, .podcastEpisode, "Episode \(id)")
    item.episode = EpisodeFacts(episodeURL: URL(string: "https://example.com/\(id).mp3"))
    return item
  }

  @Test("a whole episode resumes where it was left; pausing and stopping remember the place")
  func episodesResume() async throws {
    let double = InMemoryPlayer(duration: 30)
    let listening = ListeningClient.inMemory([EpisodeProgress(id: 9, position: 12.5)])
    var dependencies = PlaybackFeatureTests.dependencies(double)
    dependencies.listening = listening
    dependencies.previewURL = { PlaybackFeatureTests.mediaURL($0.id) }
    let store = Self.makeStore(dependencies)
    let episode = Self.episode(9)
    #expect(episode.playsWholeEpisode)
    try await store.send(.listPlayRequested(PlayList(items: [episode], start: 0))) {
      $0.playback.queue = PlayQueue(items: [episode], index: 0)
      $0.playback.begin(episode, url: PlaybackFeatureTests.mediaURL(9))
    }
    try await Self.receiveStart(store, episode, index: 0, count: 1, position: 12.5)
    #expect(double.commands == [.playFrom(PlaybackFeatureTests.mediaURL(9), 12.5)])
    double.emit(.position(20))
    try await store.receive(.playerEvent(.position(20))) {
      $0.playback.player.position = 20
      $0.playback.savedMark = 1
    }
    let at20 = EpisodeProgress(id: 9, position: 20, duration: 30)
    try await store.receive(.progressLoaded([9: at20])) { $0.playback.progress[9] = at20 }
    #expect(try await listening.progress([9])[9] == at20)
    try await store.send(.stopRequested) { $0.playback.end() }
    try await store.receive(.progressLoaded([9: at20]))
    try await store.finish()
    #expect(double.commands.last == .stop)
  }

  @Test("an episode heard to its end is marked played, and starts from the beginning next time")
  func playedEpisodes() async throws {
    let double = InMemoryPlayer(duration: 30, outcome: .ended)
    let listening = ListeningClient.inMemory()
    var dependencies = PlaybackFeatureTests.dependencies(double)
    dependencies.listening = listening
    dependencies.previewURL = { PlaybackFeatureTests.mediaURL($0.id) }
    let store = Self.makeStore(dependencies)
    let episode = Self.episode(9)
    try await store.send(.listPlayRequested(PlayList(items: [episode], start: 0))) {
      $0.playback.queue = PlayQueue(items: [episode], index: 0)
      $0.playback.begin(episode, url: PlaybackFeatureTests.mediaURL(9))
    }
    try await Self.receiveStart(store, episode, index: 0, count: 1)
    let played = EpisodeProgress(id: 9, position: 30, duration: 30, played: true)
    try await store.receive(.playerEvent(.ended)) { $0.playback.end() }
    try await store.receive(.progressLoaded([9: played])) { $0.playback.progress[9] = played }
    try await store.finish()
    #expect(try await listening.progress([9])[9] == played)
  }

  @Test("a store link is looked up in its storefront and its preview played")
  func storeLinks() async throws {
    let clock = TestClock()
    let song = Self.song(1_440_857_786)
    let script = ScriptedClient(clock: clock) { _ in
      (.seconds(1), .success(CatalogPage(items: [song])))
    }
    let double = InMemoryPlayer(duration: 30)
    var dependencies = PlaybackFeatureTests.dependencies(double)
    dependencies.client = script.client
    let store = Self.makeStore(dependencies)
    let link = try #require(
      StoreLink("https://music.apple.com/gb/album/x/1440857781?i=1440857786"))
    try await store.send(.linkPlayRequested(link))
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    try await store.receive(.linkResolved(.success([song]))) {
      $0.playback.queue = PlayQueue(items: [song], index: 0)
      $0.playback.begin(song, url: PlaybackFeatureTests.mediaURL(song.id))
    }
    try await Self.receiveStart(store, song, index: 0, count: 1)
    #expect(script.request(with: "id", "1440857786") == ["id": "1440857786", "country": "GB"])
    try await store.send(.stopRequested) { $0.playback.end() }
    try await store.finish()
  }

  @Test("W writes the queue as M3U8; with nothing queued it says how to queue")
  func writesThePlaylist() async throws {
    let written = Mutex<[String]>([])
    var dependencies = PlaybackFeatureTests.dependencies(InMemoryPlayer())
    dependencies.writePlaylist = { text in
      written.withLock { $0.append(text) }
      return "/data/tunes/queue.m3u8"
    }
    let store = Self.makeStore(dependencies)
    try await store.send(.queueWriteRequested)
    try await store.receive(.delegate(.notice("Nothing is queued: p on a list queues it.")))
    var state = store.state
    state.playback.queue = PlayQueue(items: [Self.song(1), Self.song(2)], index: 0)
    let second = Self.makeStore(dependencies)
    try await second.send(.volumeSet(100))
    let queued = TestStore(
      initialState: state, reducer: PlaybackFeature(dependencies: dependencies),
      timeout: .seconds(5))
    try await queued.send(.queueWriteRequested)
    try await queued.receive(
      .delegate(.notice("Wrote the queue (2 entries) to /data/tunes/queue.m3u8")))
    try await queued.finish()
    try await second.finish()
    #expect(
      written.withLock { $0 } == [
        "#EXTM3U\n#EXTINF:-1,Song 1\nhttp://127.0.0.1:9/media/1.m4a\n"
          + "#EXTINF:-1,Song 2\nhttp://127.0.0.1:9/media/2.m4a\n"
      ])
  }

  @Test("p on an album tile looks its songs up and plays them from the first")
  func albumsPlayTheirTracks() async throws {
    let clock = TestClock()
    let album = Samples.item(50, .album, "An Album")
    let songs = [Self.song(51), Self.song(52)]
    let script = ScriptedClient(clock: clock) { _ in
      (.seconds(1), .success(CatalogPage(items: [album] + songs)))
    }
    let double = InMemoryPlayer(duration: 30)
    var dependencies = PlaybackFeatureTests.dependencies(double)
    dependencies.client = script.client
    let store = Self.makeStore(dependencies)
    try await store.send(.listPlayRequested(PlayList(items: [Self.song(1), album], start: 1))) {
      $0.playback.queue.generation = 1
      $0.playback.queue.resolving = 1
      $0.playback.begin(album, url: nil)
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    try await store.receive(.collectionResolved(generation: 1, .success([album] + songs))) {
      $0.playback.queue = PlayQueue(items: songs, index: 0)
      $0.playback.queue.generation = 1
      $0.playback.begin(songs[0], url: PlaybackFeatureTests.mediaURL(51))
    }
    try await Self.receiveStart(store, songs[0], index: 0, count: 2)
    #expect(script.request(with: "entity", "song")?["id"] == "50")
    try await store.send(.stopRequested) { $0.playback.end() }
    try await store.finish()
  }
}
