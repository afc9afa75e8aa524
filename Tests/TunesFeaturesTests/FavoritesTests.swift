import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient
import TestSupport
import Testing

@testable import TunesFeatures

@MainActor
@Suite("Favourites")
struct FavoritesTests {
  @Test("* on a tile saves it, marks its id, and the favourites screen lists it offline")
  func toggleFromGrid() async throws {
    let items = Samples.items(3)
    let favorites = FavoritesClient.inMemory()
    let store = makeStore(
      ResultsGridTests.loaded(items, selection: 1), Samples.dependencies(favorites: favorites))
    try await store.send(.favoriteToggled)
    try await store.receive(.favoriteStored(items[1], .success(true))) {
      $0.favoriteIDs = [2]
      $0.notice = "Saved to favourites"
    }
    try await store.send(.favorites(.opened)) {
      $0.notice = nil
      $0.stack = [.favorites(FavoritesState(phase: .loading(previous: nil), generation: 1))]
    }
    var shown = FavoritesState.showing([items[1]])
    shown.generation = 1
    try await store.receive(
      .favorites(
        .windowLoaded(
          generation: 1,
          .success(FavoritesWindow(start: 0, rows: shown.window.rows, counts: shown.counts))))
    ) {
      $0.stack = [.favorites(shown)]
    }
    try await store.send(.favorites(.opened))
    // * on the favourites screen removes the row, with a way back.
    try await store.send(.favoriteToggled)
    var removed = shown
    removed.removed = shown.window.rows[0]
    removed.generation = 2
    removed.phase = .loading(previous: 1)
    try await store.receive(.favorites(.removed(id: items[1].id, .success(shown.window.rows[0])))) {
      $0.favoriteIDs = []
      $0.stack = [.favorites(removed)]
    }
    removed.window = FavoritesWindow(start: 0, rows: [])
    removed.counts = []
    removed.phase = .loaded(0)
    try await store.receive(
      .favorites(
        .windowLoaded(generation: 2, .success(FavoritesWindow(start: 0, rows: [], counts: []))))
    ) {
      $0.stack = [.favorites(removed)]
    }
    try await store.send(.backRequested) {
      $0.notice = nil
      $0.stack = []
    }
    #expect(store.state.search.selection == 1)
    try await store.finish()
  }

  @Test("* on a detail toggles the detail's item")
  func toggleFromDetail() async throws {
    let item = Samples.item(7, .album)
    let store = makeStore(
      AppState(stack: [.detail(DetailState(item: item, details: .loaded(item)))], favoriteIDs: [7]),
      Samples.dependencies(favorites: .inMemory([item])))
    try await store.send(.favoriteToggled)
    try await store.receive(.favoriteStored(item, .success(false))) {
      $0.favoriteIDs = []
      $0.notice = "Removed from favourites"
    }
    try await store.finish()
  }

  @Test(
    "after another tunes changed the favourites, a detail shows the stored state and * follows its label"
  )
  func changedElsewhere() async throws {
    let items = Samples.items(2)
    let shared = FavoritesClient.inMemory()
    // The app believes item 1 is a favourite; another process removed it meanwhile.
    var state = ResultsGridTests.loaded(items, selection: 0)
    state.favoriteIDs = [1]
    let store = makeStore(state, Samples.dependencies(favorites: shared))
    try await store.send(.search(.tileOpened)) {
      $0.stack = [.detail(DetailState(item: items[0], details: .loading(previous: nil)))]
    }
    // The favourite ids read again (in either order with the failing lookup).
    try await store.receiveDetailFailing(items[0])
    // The label now says "favourite": * adds it, whatever it was.
    try await store.send(.favoriteToggled)
    try await store.receive(.favoriteStored(items[0], .success(true))) {
      $0.favoriteIDs = [1]
      $0.notice = "Saved to favourites"
    }
    #expect(try await shared.ids() == [1])
    try await store.finish()
  }

  @Test("the favourites list moves, opens a detail on Enter or a second click")
  func listNavigation() async throws {
    let items = Samples.items(3)
    let store = makeStore(
      AppState(stack: [.favorites(FavoritesState.showing(items))]), Samples.dependencies())
    func favorites(_ selection: Int) -> (inout AppState) -> Void {
      { $0.stack = [.favorites(FavoritesState.showing(items, selection: selection))] }
    }
    try await store.send(.favorites(.selectionMoved(.down)), favorites(1))
    try await store.send(.favorites(.selectionMoved(.last)), favorites(2))
    try await store.send(.favorites(.selectionMoved(.up)), favorites(1))
    try await store.send(.favorites(.rowClicked(0)), favorites(0))
    try await store.send(.favorites(.rowClicked(5)))
    try await store.send(.favorites(.rowClicked(0))) {
      $0.stack.append(.detail(DetailState(item: items[0], details: .loading(previous: nil))))
    }
    try await store.receiveDetailFailing(items[0])
    try await store.send(.backRequested) { $0.stack.removeLast() }
    try await store.send(.favorites(.rowOpened)) {
      $0.stack.append(.detail(DetailState(item: items[0], details: .loading(previous: nil))))
    }
    try await store.receiveDetailFailing(items[0])
    try await store.finish()
  }

  @Test("a storage failure is a notice; reading the list can fail; nothing selected does nothing")
  func failures() async throws {
    struct Broken: Error, LocalizedError {
      var errorDescription: String? { "read-only" }
    }
    let broken = FavoritesClient(
      list: { throw Broken() }, ids: { [] }, setFavorite: { _, _ in throw Broken() })
    let store = makeStore(
      ResultsGridTests.loaded(Samples.items(1)), Samples.dependencies(favorites: broken))
    try await store.send(.favoriteToggled)
    try await store.receive(.favoriteStored(Samples.items(1)[0], .failure(.storage("read-only")))) {
      $0.notice = "Local storage failed: read-only"
    }
    try await store.send(.favorites(.opened)) {
      $0.notice = nil
      $0.stack = [.favorites(FavoritesState(phase: .loading(previous: nil), generation: 1))]
    }
    try await store.receive(
      .favorites(.windowLoaded(generation: 1, .failure(.storage("read-only"))))
    ) {
      $0.stack = [
        .favorites(
          FavoritesState(phase: .failed(.storage("read-only"), previous: nil), generation: 1))
      ]
    }
    try await store.send(.favoriteToggled)
    try await store.send(.favoriteIDsLoaded([1, 2])) { $0.favoriteIDs = [1, 2] }
    try await store.finish()
  }

  @Test("* on a detail opened from the favourites reads the favourites' window again")
  func toggleUnderDetail() async throws {
    let items = Samples.items(2)
    let favorites = FavoritesClient.inMemory(items)
    var shown = FavoritesState.showing(items)
    shown.generation = 1
    let detail = DetailState(item: items[0], details: .loaded(items[0]))
    let store = makeStore(
      AppState(stack: [.favorites(shown), .detail(detail)], favoriteIDs: [1, 2]),
      Samples.dependencies(favorites: favorites))
    try await store.send(.favoriteToggled)
    var after = shown
    after.generation = 2
    after.phase = .loading(previous: 2)
    try await store.receive(.favoriteStored(items[0], .success(false))) {
      $0.favoriteIDs = [2]
      $0.notice = "Removed from favourites"
      $0.stack[0] = .favorites(after)
    }
    let rest = FavoritesState.showing(items).window.rows[1]
    after.window = FavoritesWindow(start: 0, rows: [rest])
    after.counts = [FavoriteKindCount(kind: .song, count: 1)]
    after.phase = .loaded(1)
    try await store.receive(
      .favorites(
        .windowLoaded(
          generation: 2,
          .success(FavoritesWindow(start: 0, rows: [rest], counts: after.counts))))
    ) {
      $0.stack[0] = .favorites(after)
    }
    try await store.finish()
  }
}
