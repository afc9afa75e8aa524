import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient
import TestSupport
import Testing

@testable import TunesFeatures

@MainActor
@Suite("Navigation and detail")
struct NavigationTests {
  nonisolated static let artistID: Int64 = 715_937_323

  nonisolated static func album(_ id: Int64) -> CatalogItem {
    var album = Samples.item(id, .album, "Album \(id)", authorID: artistID)
    album.author = "Sydney Rhame"
    return album
  }

  nonisolated static var artist: CatalogItem {
    var artist = Samples.item(artistID, .artist, "Sydney Rhame")
    artist.genre = "Pop"
    artist.storeURL = URL(string: "https://music.apple.com/us/artist/sydney-rhame/715937323")
    return artist
  }

  /// Answers lookups: details after 1 s, tracks after 2 s, the author after 3 s.
  nonisolated static func scripted(_ clock: TestClock, song: CatalogItem, enriched: CatalogItem)
    -> ScriptedClient
  {
    ScriptedClient(clock: clock) { request in
      let value = { (name: String) in request.parameters.first { $0.name == name }?.value }
      switch (value("id"), value("entity")) {
      case (String(song.id), nil):
        return (.seconds(1), .success(CatalogPage(items: [enriched])))
      case (String(artistID), "album"):
        let albums = (501...507).map { album(Int64($0)) }
        return (.seconds(3), .success(CatalogPage(items: [artist, song] + albums)))
      case ("501", nil):
        return (.seconds(1), .success(CatalogPage(items: [album(501)])))
      case ("501", "song"):
        return (.seconds(2), .success(CatalogPage(items: [album(501), song])))
      default:
        return (.seconds(1), .failure(.notFound(message: nil)))
      }
    }
  }

  @Test(
    "open a detail, open a work from the author block, Esc twice: back at search, selection kept")
  func stack() async throws {
    let clock = TestClock()
    let page = try Samples.mixed()
    let song = page.items[3]
    #expect(song.authorID == Self.artistID)
    var enriched = song
    enriched.description = "A song."
    let script = Self.scripted(clock, song: song, enriched: enriched)
    let store = makeStore(
      ResultsGridTests.loaded(page.items, selection: 3), Samples.dependencies(client: script.client)
    )

    try await store.send(.search(.tileOpened)) {
      $0.stack = [
        .detail(
          DetailState(
            item: song, details: .loading(previous: nil), author: .loading(previous: nil)))
      ]
    }
    try await store.receive(.favoriteIDsLoaded([]))
    await clock.settle(sleepers: 2)
    await clock.advance(by: .seconds(1))
    #expect(
      script.request(with: "entity", "album") == [
        "id": String(Self.artistID), "entity": "album", "limit": "6",
      ])
    try await store.receive(.detail(.detailsLoaded(itemID: song.id, .success(enriched)))) {
      $0.stack = [
        .detail(
          DetailState(item: song, details: .loaded(enriched), author: .loading(previous: nil)))
      ]
    }
    #expect(store.state.topDetail?.shownItem.description == "A song.")
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(2))
    let works = (501...505).map { Self.album(Int64($0)) }
    let block = AuthorBlock(author: Self.artist, works: works)
    try await store.receive(.detail(.authorLoaded(itemID: song.id, .success(block)))) {
      $0.stack = [
        .detail(DetailState(item: song, details: .loaded(enriched), author: .loaded(block)))
      ]
    }
    try await store.send(.detail(.workMoved(forward: true))) {
      $0.stack = [
        .detail(
          DetailState(
            item: song, details: .loaded(enriched), author: .loaded(block), focusedWork: 0))
      ]
    }
    try await store.send(.detail(.workOpened(0))) {
      $0.stack.append(
        .detail(
          DetailState(
            item: works[0], details: .loading(previous: nil), tracks: .loading(previous: nil),
            author: .loading(previous: nil))))
    }
    try await store.receive(.favoriteIDsLoaded([]))
    await clock.settle(sleepers: 3)
    await clock.advance(by: .seconds(1))
    try await store.receive(.detail(.detailsLoaded(itemID: 501, .success(works[0])))) {
      $0.stack[1] = .detail(
        DetailState(
          item: works[0], details: .loaded(works[0]), tracks: .loading(previous: nil),
          author: .loading(previous: nil)))
    }
    try await store.send(.backRequested) { $0.stack.removeLast() }
    try await store.send(.backRequested) { $0.stack = [] }
    #expect(store.state.search.selection == 3)
    #expect(store.state.search.focus == .results)
    await clock.advance(by: .seconds(10))
    #expect(store.pendingActions.isEmpty)
    try await store.finish()
  }

  @Test("an album loads its tracks; a block whose lookup returns nothing is not drawn")
  func albumTracks() async throws {
    let clock = TestClock()
    let album = Self.album(501)
    let song = Samples.item(9, .song, "Track", authorID: Self.artistID)
    let script = ScriptedClient(clock: clock) { request in
      let entity = request.parameters.first { $0.name == "entity" }?.value
      switch entity {
      case "song": return (.seconds(2), .success(CatalogPage(items: [album, song])))
      case "album": return (.seconds(3), .success(CatalogPage(items: [album])))
      default: return (.seconds(1), .success(CatalogPage(items: [])))
      }
    }
    let store = makeStore(
      ResultsGridTests.loaded([album]), Samples.dependencies(client: script.client))
    try await store.send(.search(.tileOpened)) {
      $0.stack = [
        .detail(
          DetailState(
            item: album, details: .loading(previous: nil), tracks: .loading(previous: nil),
            author: .loading(previous: nil)))
      ]
    }
    try await store.receive(.favoriteIDsLoaded([]))
    await clock.settle(sleepers: 3)
    await clock.advance(by: .seconds(1))
    try await store.receive(.detail(.detailsLoaded(itemID: 501, .success(album)))) {
      $0.stack = [
        .detail(
          DetailState(
            item: album, details: .loaded(album), tracks: .loading(previous: nil),
            author: .loading(previous: nil)))
      ]
    }
    await clock.settle(sleepers: 2)
    await clock.advance(by: .seconds(1))
    try await store.receive(.detail(.tracksLoaded(itemID: 501, .success([song])))) {
      $0.stack = [
        .detail(
          DetailState(
            item: album, details: .loaded(album), tracks: .loaded([song]),
            author: .loading(previous: nil)))
      ]
    }
    await clock.settle(sleepers: 1)
    await clock.advance(by: .seconds(1))
    try await store.receive(.detail(.authorLoaded(itemID: 501, .success(nil)))) {
      $0.stack = [
        .detail(DetailState(item: album, details: .loaded(album), tracks: .loaded([song])))
      ]
    }
    #expect(script.request(with: "entity", "song") == ["id": "501", "entity": "song"])
    #expect(script.requests.count == 3)
    try await store.finish()
  }

  @Test("a failed lookup fails only its own block")
  func blockFailure() async throws {
    let item = Samples.item(1, .song, authorID: 2)
    let detail = DetailState(
      item: item, details: .loading(previous: nil), author: .loading(previous: nil))
    let store = makeStore(AppState(stack: [.detail(detail)]), Samples.dependencies())
    try await store.send(.detail(.authorLoaded(itemID: 1, .failure(.client(.offline))))) {
      $0.stack = [
        .detail(
          DetailState(
            item: item, details: .loading(previous: nil),
            author: .failed(.client(.offline), previous: nil)))
      ]
    }
    try await store.send(.detail(.tracksLoaded(itemID: 1, .success([]))))
    try await store.send(.detail(.detailsLoaded(itemID: 99, .success(item))))
    try await store.send(.detail(.detailsLoaded(itemID: 1, .failure(.client(.offline))))) {
      $0.stack = [
        .detail(
          DetailState(
            item: item, details: .failed(.client(.offline), previous: nil),
            author: .failed(.client(.offline), previous: nil)))
      ]
    }
    #expect(store.state.topDetail?.shownItem == item)
    try await store.finish()
  }

  @Test("r on a detail retries only the blocks that failed; with none failed it does nothing")
  func retryFailedBlocks() async throws {
    var item = Samples.item(1, .song)
    item.collection = "Album"
    var full = item
    full.genre = "Rock"
    let fullItem = full
    let client = ITunesClient.mock { request in
      #expect(request.pathAndQuery == "/lookup?id=1")
      return CatalogPage(items: [fullItem])
    }
    let failed = DetailState(
      item: item, details: .failed(.client(.offline), previous: nil),
      author: .loaded(AuthorBlock(author: nil, works: [Samples.item(3, .album)])))
    let store = makeStore(AppState(stack: [.detail(failed)]), Samples.dependencies(client: client))
    try await store.send(.detail(.retryRequested)) {
      $0.notice = "Retrying the block that failed…"
      $0.stack = [
        .detail(
          DetailState(
            item: item, details: .loading(previous: nil),
            author: .loaded(AuthorBlock(author: nil, works: [Samples.item(3, .album)]))))
      ]
    }
    try await store.receive(.detail(.detailsLoaded(itemID: 1, .success(fullItem)))) {
      $0.stack = [
        .detail(
          DetailState(
            item: item, details: .loaded(fullItem),
            author: .loaded(AuthorBlock(author: nil, works: [Samples.item(3, .album)]))))
      ]
    }
    try await store.send(.detail(.retryRequested)) { $0.notice = nil }
    try await store.finish()
  }

  @Test(
    "the detail scrolls, focuses works, and Enter opens the focused work",
    arguments: [false, true])
  func detailKeys(tracksFirst: Bool) async throws {
    let item = Samples.item(1, .song, authorID: 2)
    let works = [Samples.item(3, .album), Samples.item(4, .album)]
    let detail = DetailState(
      item: item, details: .loaded(item),
      author: .loaded(AuthorBlock(author: nil, works: works)))
    // The work's two lookups answer one after the other on the test clock, in the order the
    // argument says (both orders run), never in the order two tasks happen to be scheduled.
    let clock = TestClock()
    let script = ScriptedClient(clock: clock) { request in
      let tracks = request.parameters.contains { $0.name == "entity" }
      return (.seconds(tracks == tracksFirst ? 1 : 2), .failure(.notFound(message: nil)))
    }
    let store = makeStore(
      AppState(stack: [.detail(detail)]), Samples.dependencies(client: script.client))
    func top(_ change: @escaping (inout DetailState) -> Void) -> (inout AppState) -> Void {
      { state in
        guard case .detail(var detail) = state.stack.last else { return }
        change(&detail)
        state.stack[state.stack.count - 1] = .detail(detail)
      }
    }
    // The screen measured a 20-line page of a 60-line document.
    let metrics = ScreenMetrics(detailViewport: 20, detailContent: 60)
    try await store.send(.layoutMeasured(metrics)) { $0.metrics = metrics }
    try await store.send(.detail(.scrollRequested(.lines(5))), top { $0.scroll = 5 })
    try await store.send(.detail(.scrollRequested(.lines(-9))), top { $0.scroll = 0 })
    try await store.send(.detail(.scrollRequested(.lines(1))), top { $0.scroll = 1 })
    try await store.send(.detail(.scrollRequested(.pages(1))), top { $0.scroll = 1 + 19 })
    try await store.send(.detail(.scrollRequested(.bottom)), top { $0.scroll = 40 })
    try await store.send(.detail(.scrollRequested(.lines(3))))
    try await store.send(.detail(.scrollRequested(.top)), top { $0.scroll = 0 })
    try await store.send(.detail(.workMoved(forward: true)), top { $0.focusedWork = 0 })
    try await store.send(.detail(.workMoved(forward: true)), top { $0.focusedWork = 1 })
    try await store.send(.detail(.workMoved(forward: true)))
    try await store.send(.detail(.workMoved(forward: false)), top { $0.focusedWork = 0 })
    try await store.send(.detail(.workOpened(7)))
    try await store.send(.detail(.focusedWorkOpened)) {
      $0.stack.append(
        .detail(
          DetailState(
            item: works[0], details: .loading(previous: nil), tracks: .loading(previous: nil))))
    }
    try await store.receive(.favoriteIDsLoaded([]))
    let notFound = FeatureError.client(.notFound(message: nil))
    await clock.settle(sleepers: 2)
    let details = (
      AppAction.detail(.detailsLoaded(itemID: works[0].id, .failure(notFound))),
      top { $0.details = .failed(notFound, previous: nil) }
    )
    let tracks = (
      AppAction.detail(.tracksLoaded(itemID: works[0].id, .failure(notFound))),
      top { $0.tracks = .failed(notFound, previous: nil) }
    )
    for answer in tracksFirst ? [tracks, details] : [details, tracks] {
      await clock.advance(by: .seconds(1))
      try await store.receive(answer.0, answer.1)
    }
    try await store.finish()
    #expect(script.requests.count == 2)
  }

  @Test("Esc closes the overlay first, then pops screens, then hides suggestions")
  func escape() async throws {
    var state = AppState(stack: [.favorites(FavoritesState.showing([]))], overlay: .help)
    state.search.suggestions = ["a"]
    state.search.highlightedSuggestion = 0
    let store = makeStore(state, Samples.dependencies())
    try await store.send(.backRequested) { $0.overlay = nil }
    try await store.send(.backRequested) { $0.stack = [] }
    try await store.send(.backRequested) {
      $0.search.suggestions = []
      $0.search.highlightedSuggestion = nil
    }
    try await store.send(.backRequested)
    try await store.finish()
  }

  @Test("? toggles the help overlay")
  func help() async throws {
    let store = makeStore(AppState(), Samples.dependencies())
    try await store.send(.helpToggled) { $0.overlay = .help }
    try await store.send(.search(.selectionMoved(.down)))
    try await store.send(.search(.tileOpened))
    try await store.send(.helpToggled) { $0.overlay = nil }
    try await store.finish()
  }

  @Test("resizing records the viewport; quitting sets the flag; storage failures become notices")
  func misc() async throws {
    let store = makeStore(AppState(notice: "old"), Samples.dependencies())
    try await store.send(.resized(columns: 120, rows: 40)) {
      $0.viewport = Viewport(columns: 120, rows: 40)
    }
    try await store.send(.storageFailed(.storage("disk full"))) {
      $0.notice = "Local storage failed: disk full"
    }
    try await store.send(.quitRequested) {
      $0.notice = nil
      $0.shouldQuit = true
    }
    try await store.finish()
  }

  @Test("start-up reads saved filters, favourite ids and history")
  func startUp() async throws {
    let filters = SearchFilters(media: .music, country: "GB")
    let favorite = Samples.item(42)
    let store = makeStore(
      AppState(),
      Samples.dependencies(
        history: .inMemory(["queen", "adele"]), favorites: .inMemory([favorite]),
        filtersStore: .inMemory(filters)))
    try await store.send(.appStarted)
    try await store.receive(.filters(.loaded(filters))) { $0.filters = filters }
    try await store.receive(.favoriteIDsLoaded([42])) { $0.favoriteIDs = [42] }
    // The recent searches do not open by themselves: they would cover the first home row.
    try await store.receive(.search(.historyLoaded(["queen", "adele"]))) {
      $0.search.history = ["queen", "adele"]
    }
    // The charts load for the saved storefront.
    try await store.receive(.home(.loadRequested)) { Self.expectHomeLoading(&$0, country: "gb") }
    try await store.receiveHomeFailures()
    try await store.finish()
  }

  @Test("start-up survives failing storage, saying so")
  func startUpFailure() async throws {
    struct Broken: Error, LocalizedError {
      var errorDescription: String? { "broken" }
    }
    let store = makeStore(
      AppState(),
      Samples.dependencies(
        history: HistoryClient(recent: { throw Broken() }, record: { _, _ in }),
        favorites: FavoritesClient(list: { [] }, ids: { throw Broken() }, setFavorite: { _, _ in }),
        filtersStore: FiltersStore(load: { SearchFilters(limit: 0) }, save: { _ in })))
    try await store.send(.appStarted)
    try await store.receive(.filters(.loaded(SearchFilters(limit: 0))))
    try await store.receive(.storageFailed(.storage("broken"))) {
      $0.notice = "Local storage failed: broken"
    }
    try await store.receive(.storageFailed(.storage("broken")))
    try await store.receive(.home(.loadRequested)) { Self.expectHomeLoading(&$0, country: "us") }
    try await store.receiveHomeFailures()
    try await store.finish()
  }

  /// Every home row loading its first generation for `country`.
  nonisolated static func expectHomeLoading(_ state: inout AppState, country: String) {
    state.home.country = country
    for index in state.home.rows.indices {
      state.home.rows[index].generation += 1
      state.home.rows[index].items = .loading(previous: nil)
    }
  }
}

@MainActor
@Suite("The search box from any screen")
struct SearchBoxTests {
  @Test("/ on a detail over the favourites leaves both screens and focuses the query box")
  func fromDetail() async throws {
    var state = ResultsGridTests.loaded(Samples.items(3), selection: 1)
    state.search.history = ["xtc", "adele"]
    state.stack = [
      .favorites(FavoritesState.showing(Samples.items(2))),
      .detail(DetailState(item: Samples.items(1)[0])),
    ]
    state.overlay = .help
    let store = makeStore(state, Samples.dependencies())
    try await store.send(.searchBoxRequested) {
      $0.overlay = nil
      $0.stack = []
      $0.search.focus = .query
      $0.search.suggestions = ["xtc"]
    }
    try await store.finish()
  }
}

@MainActor
@Suite("Esc on the search screen")
struct EscapeTests {
  @Test("Esc cancels a running search, from the box and from the results")
  func cancels() async throws {
    for focus in [SearchState.Focus.query, .results] {
      var state = ResultsGridTests.loaded(Samples.items(3), selection: 0)
      state.search.focus = focus
      let items = state.search.items
      state.search.results = .loading(previous: items)
      let store = makeStore(state, Samples.dependencies())
      let intent = AppFeature(dependencies: Samples.dependencies())
      var byIntent = state
      _ = intent.reduce(into: &byIntent, action: .search(.escapePressed))
      var byCancel = state
      _ = intent.reduce(into: &byCancel, action: .search(.cancelRequested))
      #expect(byIntent == byCancel, "\(focus)")
      #expect(!byIntent.search.results.isLoading, "\(focus)")
      try await store.send(.search(.escapePressed)) { $0 = byCancel }
      try await store.finish()
    }
  }

  @Test("in the box Esc closes the suggestions, then leaves the box; in the results it returns")
  func leavesAndReturns() async throws {
    var state = ResultsGridTests.loaded(Samples.items(3), selection: 0)
    state.search.focus = .query
    state.search.suggestions = ["xtc"]
    state.search.highlightedSuggestion = 0
    let store = makeStore(state, Samples.dependencies())
    try await store.send(.search(.escapePressed)) {
      $0.search.suggestions = []
      $0.search.highlightedSuggestion = nil
    }
    try await store.send(.search(.escapePressed)) { $0.search.focus = .results }
    try await store.send(.search(.escapePressed)) { $0.search.focus = .query }
    try await store.finish()
  }
}
