import AppArchitecture
import ITunesCatalog
import Synchronization
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
      favorites: FavoritesState.showing(items, selection: selection), rows: 5,
      isFrontmost: isFrontmost)
  }

  static func store(
    _ state: FavoritesFeature.State, _ client: FavoritesClient
  ) -> TestStore<FavoritesFeature.State, FavoritesAction> {
    TestStore(initialState: state, reducer: FavoritesFeature(favorites: client))
  }

  /// Items 1…n of mixed kinds: every third an album, every fifth an app, the rest songs;
  /// titles out of order ("Song 7" … ), newest (1) first.
  static func mixed(_ count: Int) -> [CatalogItem] {
    (1...count).map { n in
      let kind: ItemKind = n % 5 == 0 ? .software : n % 3 == 0 ? .album : .song
      var item = CatalogItem(id: Int64(n), kind: kind, title: "T\((n * 37) % 101)")
      item.author = n % 2 == 0 ? "Jack Johnson" : "Queen"
      return item
    }
  }

  /// What the in-memory client answers `request` with, for expected values.
  static func answer(_ items: [CatalogItem], _ request: FavoritesWindowRequest) -> FavoritesWindow {
    FavoritesClient.window(of: FavoritesClient.rows(items), request)
  }

  @Test("Enter or a second click asks the app to open the row; under an overlay nothing opens")
  func open() async throws {
    let items = Samples.items(3)
    let store = Self.store(Self.state(items), .inMemory(items))
    try await store.send(.rowOpened)
    try await store.receive(.delegate(.openItem(items[0])))
    try await store.send(.rowClicked(2)) { $0.favorites.selection = 2 }
    try await store.send(.rowClicked(2))
    try await store.receive(.delegate(.openItem(items[2])))
    try await store.send(.rowClicked(7))
    try await store.finish()
    let covered = Self.store(Self.state(items, isFrontmost: false), .inMemory(items))
    try await covered.send(.rowOpened)
    try await covered.send(.removeRequested)
    try await covered.finish()
  }

  @Test("an answer to an older request is dropped; a failed read keeps the rows shown")
  func staleAndFailed() async throws {
    let items = Samples.items(4)
    var initial = Self.state(items, selection: 3)
    initial.favorites.generation = 2
    let store = Self.store(initial, .inMemory(items))
    try await store.send(
      .windowLoaded(generation: 1, .success(FavoritesWindow(start: 0, rows: [], counts: []))))
    try await store.send(.windowLoaded(generation: 2, .failure(.storage("gone")))) {
      $0.favorites.phase = .failed(.storage("gone"), previous: 4)
    }
    try await store.send(.selectionMoved(.up)) { $0.favorites.selection = 2 }
    try await store.finish()
  }

  @Test("moving past the rows read asks for the next window by keyset, G for the last rows")
  func paging() async throws {
    let items = Self.mixed(300)
    let memory = FavoritesClient.inMemory(items)
    // The requests the screen makes, to check how it seeks.
    let requests = Mutex<[FavoritesWindowRequest]>([])
    let client = FavoritesClient(
      list: memory.list, ids: memory.ids, setFavorite: memory.setFavorite,
      window: { request in
        requests.withLock { $0.append(request) }
        return try await memory.window(request)
      }, take: memory.take, restore: memory.restore)
    // The first window: 60 rows (the least a window holds), with the counts.
    let first = FavoritesWindowRequest(
      listing: FavoritesListing(), seek: .offset(0), start: 0, limit: 60, counts: true)
    let firstAnswer = Self.answer(items, first)
    var opened = FavoritesState(phase: .loading(previous: nil))
    let effect = FavoritesFeature.refresh(&opened, rows: 5, client: client)
    #expect(opened.generation == 1)
    _ = effect
    let store = Self.store(
      FavoritesFeature.State(favorites: opened, rows: 5, isFrontmost: true), client)
    try await store.send(.windowLoaded(generation: 1, .success(firstAnswer))) {
      $0.favorites.window = FavoritesWindow(start: 0, rows: firstAnswer.rows)
      $0.favorites.counts = firstAnswer.counts ?? []
      $0.favorites.phase = .loaded(300)
    }
    #expect(store.state.favorites.total == 300)
    #expect(store.state.favorites.counts.map(\.count).reduce(0, +) == 300)
    // Within the window: no read.
    for selection in 1...50 {
      try await store.send(.selectionMoved(.down)) { $0.favorites.selection = selection }
    }
    // At 51 the rows read would end within two pages: the window around it, from row 21,
    // which the screen holds, so storage goes on from it by keyset.
    let second = FavoritesWindowRequest(
      listing: FavoritesListing(), seek: .from(firstAnswer.rows[21].place), start: 21, limit: 60,
      counts: false)
    try await store.send(.selectionMoved(.down)) {
      $0.favorites.selection = 51
      $0.favorites.generation = 2
      $0.favorites.phase = .loading(previous: 300)
    }
    let secondAnswer = Self.answer(items, second)
    #expect(secondAnswer.start == 21)
    #expect(secondAnswer.rows.first?.item.id == 22)
    try await store.receive(.windowLoaded(generation: 2, .success(secondAnswer))) {
      $0.favorites.window = secondAnswer
      $0.favorites.phase = .loaded(300)
    }
    // G: the last 60 rows, read backwards from the end (no offset walked).
    let last = FavoritesWindowRequest(
      listing: FavoritesListing(), seek: .last, start: 240, limit: 60, counts: false)
    try await store.send(.selectionMoved(.last)) {
      $0.favorites.selection = 299
      $0.favorites.generation = 3
      $0.favorites.phase = .loading(previous: 300)
    }
    let lastAnswer = Self.answer(items, last)
    #expect(lastAnswer.rows.last?.item.id == 300)
    try await store.receive(.windowLoaded(generation: 3, .success(lastAnswer))) {
      $0.favorites.window = lastAnswer
      $0.favorites.phase = .loaded(300)
    }
    #expect(store.state.favorites.selectedItem?.id == 300)
    try await store.finish()
    #expect(requests.withLock { $0 } == [second, last])
  }

  @Test("o orders by kind then title, t shows one kind, f filters as it is typed, Esc clears it")
  func orderKindFilter() async throws {
    let items = Self.mixed(20)
    let client = FavoritesClient.inMemory(items)
    let store = Self.store(Self.state(items, selection: 4), client)
    func request(_ listing: FavoritesListing) -> FavoritesWindowRequest {
      FavoritesWindowRequest(listing: listing, seek: .offset(0), start: 0, limit: 60, counts: true)
    }
    func loaded(_ listing: FavoritesListing, generation: Int) async throws {
      let answer = Self.answer(items, request(listing))
      try await store.receive(.windowLoaded(generation: generation, .success(answer))) {
        $0.favorites.window = FavoritesWindow(start: 0, rows: answer.rows)
        $0.favorites.counts = answer.counts ?? []
        $0.favorites.phase = .loaded($0.favorites.total)
      }
    }
    var listing = FavoritesListing(order: .kind)
    try await store.send(.orderCycled) {
      $0.favorites.listing = listing
      $0.favorites.selection = 0
      $0.favorites.generation = 1
      $0.favorites.phase = .loading(previous: 20)
    }
    try await loaded(listing, generation: 1)
    #expect(store.state.favorites.window.rows.map(\.item.kind.rawValue).first == "album")
    listing.order = .title
    try await store.send(.orderCycled) {
      $0.favorites.listing = listing
      $0.favorites.generation = 2
      $0.favorites.phase = .loading(previous: 20)
    }
    try await loaded(listing, generation: 2)
    let titles = store.state.favorites.window.rows.map(\.item.title)
    #expect(titles == titles.sorted { ($0.lowercased()) < ($1.lowercased()) })
    // t: the kind with the most favourites first (songs: 11 of 20).
    listing.kind = .song
    try await store.send(.kindCycled) {
      $0.favorites.listing = listing
      $0.favorites.generation = 3
      $0.favorites.phase = .loading(previous: 20)
    }
    try await loaded(listing, generation: 3)
    #expect(store.state.favorites.total == 11)
    #expect(store.state.favorites.window.rows.allSatisfy { $0.item.kind == .song })
    // f, then "jack": songs by Jack Johnson; the counts are for the text, over every kind.
    try await store.send(.filterEditingStarted) { $0.favorites.filterEdit = QueryText("") }
    var generation = 3
    var typed = ""
    for character in "jack" {
      typed.append(character)
      generation += 1
      listing.text = typed
      try await store.send(.filterEdited(.insert(String(character)))) {
        $0.favorites.filterEdit = QueryText(typed)
        $0.favorites.listing = listing
        $0.favorites.generation = generation
        $0.favorites.phase = .loading(previous: $0.favorites.phase.value)
      }
      try await loaded(listing, generation: generation)
    }
    #expect(store.state.favorites.total == 5)
    #expect(store.state.favorites.matchingText == 10)
    #expect(store.state.favorites.window.rows.allSatisfy { $0.item.author == "Jack Johnson" })
    // Esc clears the text (the kind stays).
    listing.text = ""
    try await store.send(.filterEditingEnded(keep: false)) {
      $0.favorites.filterEdit = nil
      $0.favorites.listing = listing
      $0.favorites.generation = 8
      $0.favorites.phase = .loading(previous: 5)
    }
    try await loaded(listing, generation: 8)
    #expect(store.state.favorites.total == 11)
    try await store.finish()
  }

  @Test("* removes the row, u puts it back in its place; the marks follow both")
  func removeThenUndo() async throws {
    let items = Samples.items(4)
    let client = FavoritesClient.inMemory(items)
    let store = Self.store(Self.state(items, selection: 1), client)
    let removed = FavoritesState.showing(items).window.rows[1]
    try await store.send(.removeRequested)
    try await store.receive(.removed(id: items[1].id, .success(removed))) {
      $0.favorites.removed = removed
      $0.favorites.generation = 1
      $0.favorites.phase = .loading(previous: 4)
    }
    try await store.receive(.delegate(.markChanged(id: items[1].id, favorite: false)))
    let without = [items[0], items[2], items[3]]
    try await store.receive(
      .windowLoaded(
        generation: 1,
        .success(
          FavoritesWindow(
            start: 0, rows: [0, 2, 3].map { FavoritesState.showing(items).window.rows[$0] },
            counts: [FavoriteKindCount(kind: .song, count: 3)])))
    ) {
      $0.favorites.window = FavoritesWindow(
        start: 0, rows: [0, 2, 3].map { FavoritesState.showing(items).window.rows[$0] })
      $0.favorites.counts = [FavoriteKindCount(kind: .song, count: 3)]
      $0.favorites.phase = .loaded(3)
    }
    #expect(try await client.list() == without)
    try await store.send(.undoRequested)
    try await store.receive(.restored(removed, .success(true))) {
      $0.favorites.removed = nil
      $0.favorites.generation = 2
      $0.favorites.phase = .loading(previous: 3)
    }
    try await store.receive(.delegate(.notice("Put back “\(items[1].title)”")))
    try await store.receive(.delegate(.markChanged(id: items[1].id, favorite: true)))
    let back = Self.state(items, selection: 1).favorites
    try await store.receive(
      .windowLoaded(
        generation: 2,
        .success(
          FavoritesWindow(
            start: 0, rows: back.window.rows, counts: [FavoriteKindCount(kind: .song, count: 4)])))
    ) {
      $0.favorites.window = back.window
      $0.favorites.counts = back.counts
      $0.favorites.phase = .loaded(4)
    }
    // Back in its place, under the selection.
    #expect(try await client.list() == items)
    #expect(store.state.favorites.selectedItem == items[1])
    // Nothing left to undo.
    try await store.send(.undoRequested)
    try await store.finish()
  }
}
