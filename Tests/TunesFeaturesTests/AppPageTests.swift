import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient
import Synchronization
import TestSupport
import Testing

@testable import TunesFeatures

/// The app page: an app's detail, whose author block is the developer's other apps.
@MainActor
@Suite("App page")
struct AppPageTests {
  nonisolated static let twoApps = "software-lookup-2-apps-escaped-slashes.json"

  nonisolated static func developerApp(_ id: Int64, _ title: String, developer: Int64)
    -> CatalogItem
  {
    var app = Samples.item(id, .software, title, authorID: developer)
    app.author = "Snap, Inc."
    return app
  }

  @Test(
    "Enter on an app tile opens its page: details, then the developer's apps (failed, r, loaded); popping cancels"
  )
  func developerApps() async throws {
    let clock = TestClock()
    let recorded = try Recordings.items(Self.twoApps)
    let snapchat = try #require(recorded.first { $0.title == "Snapchat" })
    let developerID = try #require(snapchat.authorID)
    let developer = {
      var developer = Samples.item(developerID, .artist, "Snap, Inc.")
      developer.artistType = "Software Artist"
      return developer
    }()
    let others = [
      Self.developerApp(901, "Bitmoji", developer: developerID),
      Self.developerApp(902, "Spectacles", developer: developerID),
    ]
    let attempts = Mutex(0)
    let script = ScriptedClient(clock: clock) { request in
      let value = { (name: String) in request.parameters.first { $0.name == name }?.value }
      switch (value("id"), value("entity")) {
      case (String(snapchat.id), nil):
        return (.seconds(1), .success(CatalogPage(items: [snapchat])))
      case (String(developerID), "software"):
        let attempt = attempts.withLock {
          $0 += 1
          return $0
        }
        if attempt == 1 { return (.seconds(2), .failure(.timedOut(seconds: 15))) }
        // Apple answers the developer, the apps, and among them the app itself.
        return (.seconds(2), .success(CatalogPage(items: [developer, snapchat] + others)))
      default:
        return (.seconds(9), .failure(.notFound(message: nil)))
      }
    }
    // The tile as a chart or search had it: no version notes, no ratings yet.
    var tile = Samples.item(snapchat.id, .software, "Snapchat", authorID: developerID)
    tile.author = "Snap, Inc."
    let from = DetailState(
      item: others[0], details: .loaded(others[0]),
      author: .loaded(AuthorBlock(author: developer, works: [tile])))
    let store = makeStore(
      AppState(stack: [.detail(from)]), Samples.dependencies(client: script.client))
    try await store.send(.detail(.workOpened(0))) {
      $0.stack.append(
        .detail(
          DetailState(
            item: tile, details: .loading(previous: nil), author: .loading(previous: nil))))
    }
    try await store.receive(.favoriteIDsLoaded([]))
    await clock.settle(sleepers: 2)
    await clock.advance(by: .seconds(1))
    try await store.receive(.detail(.detailsLoaded(itemID: snapchat.id, .success(snapchat)))) {
      $0.stack[1] = .detail(
        DetailState(item: tile, details: .loaded(snapchat), author: .loading(previous: nil)))
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    let timedOut = FeatureError.client(.timedOut(seconds: 15))
    try await store.receive(.detail(.authorLoaded(itemID: snapchat.id, .failure(timedOut)))) {
      $0.stack[1] = .detail(
        DetailState(
          item: tile, details: .loaded(snapchat), author: .failed(timedOut, previous: nil)))
    }
    #expect(
      script.request(with: "entity", "software") == [
        "id": String(developerID), "entity": "software", "limit": "11",
      ])
    // r asks again for the developer's apps only.
    try await store.send(.detail(.retryRequested)) {
      $0.notice = "Retrying the block that failed…"
      $0.stack[1] = .detail(
        DetailState(
          item: tile, details: .loaded(snapchat), author: .loading(previous: nil)))
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(2))
    let block = AuthorBlock(author: developer, works: others)
    try await store.receive(.detail(.authorLoaded(itemID: snapchat.id, .success(block)))) {
      $0.stack[1] = .detail(
        DetailState(item: tile, details: .loaded(snapchat), author: .loaded(block)))
    }
    #expect(script.requests.count == 3)
    // The tiles open: → picks one, Enter opens its page.
    try await store.send(.detail(.workMoved(forward: true))) {
      $0.notice = nil
      $0.stack[1] = .detail(
        DetailState(
          item: tile, details: .loaded(snapchat), author: .loaded(block), focusedWork: 0))
    }
    try await store.send(.detail(.focusedWorkOpened)) {
      $0.stack.append(
        .detail(
          DetailState(
            item: others[0], details: .loading(previous: nil), author: .loading(previous: nil))))
    }
    try await store.receive(.favoriteIDsLoaded([]))
    // Popping the page cancels its lookups: nothing more arrives.
    try await store.send(.backRequested) { $0.stack.removeLast() }
    await clock.advance(by: .seconds(20))
    #expect(store.state.stack.count == 2)
    try await store.finish()
  }

  @Test("a stale answer for a popped app page is dropped")
  func staleAnswerDropped() async throws {
    var state = AppState(
      stack: [
        .detail(
          DetailState(
            item: Samples.item(1, .software), details: .loaded(Samples.item(1, .software))))
      ])
    let reducer = AppFeature(dependencies: Samples.dependencies())
    let before = state
    let block = AuthorBlock(author: nil, works: [Samples.item(2, .software)])
    _ = reducer.reduce(into: &state, action: .detail(.authorLoaded(itemID: 7, .success(block))))
    #expect(state == before)
    // Nor does a late answer change a block that is not loading.
    _ = reducer.reduce(into: &state, action: .detail(.authorLoaded(itemID: 1, .success(block))))
    #expect(state == before)
  }

  @Test("m shows an app's version notes whole and cuts them again; without notes, a notice")
  func notesToggle() async throws {
    let facebook = try Recordings.first(.software, in: Recordings.app)
    let store = makeStore(
      AppState(stack: [.detail(DetailState(item: facebook, details: .loaded(facebook)))]),
      Samples.dependencies())
    try await store.send(.detail(.notesToggled)) {
      var detail = DetailState(item: facebook, details: .loaded(facebook))
      detail.notesExpanded = true
      $0.stack[0] = .detail(detail)
    }
    try await store.send(.detail(.notesToggled)) {
      $0.stack[0] = .detail(DetailState(item: facebook, details: .loaded(facebook)))
    }
    let song = Samples.item(3, .song)
    let other = makeStore(
      AppState(stack: [.detail(DetailState(item: song))]), Samples.dependencies())
    try await other.send(.detail(.notesToggled)) {
      $0.notice = "This item has no version notes."
    }
    try await other.send(.detail(.artistPageRequested)) {
      $0.notice = "This item has no artist page."
    }
    try await store.finish()
    try await other.finish()
  }

  @Test("the developer lookup asks for 11 and keeps 10 other apps, never the app itself")
  func developerLimit() throws {
    let app = Self.developerApp(900, "Snapchat", developer: 50)
    let query = try #require(DetailLookups.author(for: app))
    #expect(query.entity == "software")
    #expect(query.limit == 11)
    let many = (0..<12).map { Self.developerApp(1000 + Int64($0), "App \($0)", developer: 50) }
    let page = CatalogPage(items: [Samples.item(50, .artist, "Snap, Inc."), app] + many)
    let block = try #require(DetailLookups.authorBlock(in: page, for: app))
    #expect(block.works.count == 10)
    #expect(!block.works.contains { $0.id == app.id })
    #expect(block.author?.id == 50)
  }
}
