import AppArchitecture
import Foundation
import ITunesCatalog
import TestSupport
import Testing

@testable import TunesFeatures

@MainActor
@Suite("A detail, on its own state")
struct DetailFeatureTests {
  static func state(_ detail: DetailState, depth: Int = 0) -> DetailFeature.State {
    DetailFeature.State(
      detail: detail, metrics: ScreenMetrics(detailViewport: 20, detailContent: 60), country: nil,
      depth: depth)
  }

  @Test("opening looks up the blocks; answers for another item are not this detail's")
  func lookups() async throws {
    let clock = TestClock()
    let album = Samples.item(3, .album)
    let tracks = Samples.items(2, from: 10)
    let script = ScriptedClient(clock: clock) { request in
      let entity = request.parameters.first { $0.name == "entity" }?.value
      return entity == "song"
        ? (.seconds(2), .success(CatalogPage(items: [album] + tracks)))
        : (.seconds(1), .success(CatalogPage(items: [album])))
    }
    let store = TestStore(
      initialState: Self.state(DetailFeature.opening(album, country: nil)),
      reducer: DetailFeature(dependencies: Samples.dependencies(client: script.client)))
    #expect(store.state.detail.tracks == .loading(previous: nil))
    try await store.send(.opened)
    // Another detail's answer, arriving here, changes nothing.
    try await store.send(.detailsLoaded(itemID: 99, .success(Samples.item(99))))
    await clock.settle(sleepers: 2)
    await clock.advance(by: .seconds(1))
    try await store.receive(.detailsLoaded(itemID: 3, .success(album))) {
      $0.detail.details = .loaded(album)
    }
    await clock.advance(by: .seconds(1))
    try await store.receive(.tracksLoaded(itemID: 3, .success(tracks))) {
      $0.detail.tracks = .loaded(tracks)
    }
    try await store.finish()
  }

  @Test("works, the album and the artist are opened by the app; what is missing is a notice")
  func delegates() async throws {
    var song = Samples.item(1, .song, authorID: 2)
    song.author = "Someone"
    let works = [Samples.item(5, .album), Samples.item(6, .album)]
    let detail = DetailState(
      item: song, details: .loaded(song), author: .loaded(AuthorBlock(author: nil, works: works)))
    let store = TestStore(
      initialState: Self.state(detail),
      reducer: DetailFeature(dependencies: Samples.dependencies()))
    try await store.send(.workOpened(1))
    try await store.receive(.delegate(.openItem(works[1])))
    try await store.send(.workOpened(9))
    try await store.send(.albumPageRequested)
    try await store.receive(.delegate(.notice("This item has no album.")))
    try await store.send(.artistPageRequested)
    let artist = try #require(DetailLookups.artistItem(for: song))
    try await store.receive(.delegate(.openItem(artist)))
    try await store.send(.notesToggled)
    try await store.receive(.delegate(.notice("This item has no version notes.")))
    try await store.send(.workMoved(forward: true)) { $0.detail.focusedWork = 0 }
    try await store.send(.focusedWorkOpened)
    try await store.receive(.delegate(.openItem(works[0])))
    // Links are the parent's: the detail does nothing with them.
    try await store.send(.openStoreLinkRequested)
    try await store.finish()
  }

  @Test("[ ] page an app's screenshots by what the strip shows, never past either end")
  func screenshotPaging() async throws {
    let facebook = try Recordings.first(.software, in: Recordings.app)
    #expect(facebook.app?.screenshotURLs.count == 5)
    var state = Self.state(DetailState(item: facebook, details: .loaded(facebook)))
    state.metrics.detailScreenshotsShown = 2
    let store = TestStore(
      initialState: state, reducer: DetailFeature(dependencies: Samples.dependencies()))
    try await store.send(.screenshotsPaged(forward: true)) { $0.detail.screenshotStart = 2 }
    // The last page shows the last two, not one alone.
    try await store.send(.screenshotsPaged(forward: true)) { $0.detail.screenshotStart = 3 }
    try await store.send(.screenshotsPaged(forward: true))
    try await store.send(.screenshotsPaged(forward: false)) { $0.detail.screenshotStart = 1 }
    try await store.send(.screenshotsPaged(forward: false)) { $0.detail.screenshotStart = 0 }
    try await store.send(.screenshotsPaged(forward: false))
    try await store.finish()
    let song = Samples.item(3, .song)
    let other = TestStore(
      initialState: Self.state(DetailState(item: song, details: .loaded(song))),
      reducer: DetailFeature(dependencies: Samples.dependencies()))
    try await other.send(.screenshotsPaged(forward: true))
    try await other.receive(.delegate(.notice("This item has no screenshots.")))
    try await other.finish()
  }

  @Test("A strip's shape comes from its URLs, else the device's; phones are portrait")
  func screenshotShapes() throws {
    var app = Samples.item(1, .software)
    var facts = AppFacts()
    facts.iPadScreenshotURLs = ["https://a/x.jpg/576x768bb.jpg"]
    app.app = facts
    let pad = try #require(Screenshots(app))
    #expect(pad.device == "iPad")
    #expect(pad.aspect == 0.75)
    facts.screenshotURLs = ["http://a5.mzstatic.com/us/r30/Purple1/screen1136x1136.jpeg"]
    app.app = facts
    let phone = try #require(Screenshots(app))
    #expect(phone.device == "iPhone")
    #expect(phone.aspect < 1)
    app.kind = .macSoftware
    #expect(try #require(Screenshots(app)).device == "Mac")
    app.app = AppFacts()
    #expect(Screenshots(app) == nil)
  }

  @Test("r retries only what failed, saying how much")
  func retry() async throws {
    let item = Samples.item(1, .album)
    let failure = FeatureError.client(.timedOut(seconds: 15))
    let detail = DetailState(
      item: item, details: .loaded(item), tracks: .failed(failure, previous: nil))
    let clock = TestClock()
    let script = ScriptedClient(clock: clock) { _ in
      (.seconds(1), .success(CatalogPage(items: [item] + Samples.items(1, from: 7))))
    }
    let store = TestStore(
      initialState: Self.state(detail, depth: 2),
      reducer: DetailFeature(dependencies: Samples.dependencies(client: script.client)))
    try await store.send(.retryRequested) { $0.detail.tracks = .loading(previous: nil) }
    try await store.receive(.delegate(.notice("Retrying the block that failed…")))
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    try await store.receive(.tracksLoaded(itemID: 1, .success(Samples.items(1, from: 7)))) {
      $0.detail.tracks = .loaded(Samples.items(1, from: 7))
    }
    try await store.finish()
    #expect(script.requests.count == 1)
  }
}
