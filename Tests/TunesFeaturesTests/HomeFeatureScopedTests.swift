import AppArchitecture
import ITunesCatalog
import TestSupport
import Testing

@testable import TunesFeatures

@MainActor
@Suite("Home, on its own state")
struct HomeFeatureScopedTests {
  static func state(rowsFocused: Bool = true, isFrontmost: Bool = true) -> HomeFeature.State {
    var home = HomeState()
    home.rows[0].items = .loaded(HomeFeatureTests.songs(3))
    home.country = "us"
    return HomeFeature.State(
      home: home, country: "us", rowsFocused: rowsFocused, isFrontmost: isFrontmost)
  }

  @Test("the home asks the app to open a tile or a medium, and to move the focus; it writes none")
  func delegates() async throws {
    let store = TestStore(
      initialState: Self.state(), reducer: HomeFeature(dependencies: Samples.dependencies()))
    try await store.send(.selectionMoved(.right)) { $0.home.rows[0].selection = 1 }
    try await store.send(.itemOpened)
    try await store.receive(.delegate(.openItem(HomeFeatureTests.songs(3)[1])))
    try await store.send(.selectionMoved(.up))
    try await store.receive(.delegate(.rowsFocused(false)))
    try await store.send(.selectionMoved(.pageDown)) { $0.home.focusedRow = 2 }
    // ↓ to the genres row under the last chart.
    for row in 3...store.state.home.rows.count {
      try await store.send(.selectionMoved(.down)) { $0.home.focusedRow = row }
    }
    try await store.send(.itemOpened)
    try await store.receive(.delegate(.openGenres(medium: GenreMedium.all[0].id)))
    try await store.finish()
  }

  @Test("a click selects and focuses the rows; a second click on the same tile opens it")
  func clicks() async throws {
    let store = TestStore(
      initialState: Self.state(rowsFocused: false),
      reducer: HomeFeature(dependencies: Samples.dependencies()))
    try await store.send(.tileClicked(row: 0, index: 2)) { $0.home.rows[0].selection = 2 }
    try await store.receive(.delegate(.rowsFocused(true)))
    // The parent focused the rows meanwhile.
    var focused = store.state
    focused.rowsFocused = true
    let again = TestStore(
      initialState: focused, reducer: HomeFeature(dependencies: Samples.dependencies()))
    try await again.send(.tileClicked(row: 0, index: 2))
    try await again.receive(.delegate(.rowsFocused(true)))
    try await again.receive(.delegate(.openItem(HomeFeatureTests.songs(3)[2])))
    try await again.send(.tileClicked(row: 1, index: 0))
    try await again.finish()
  }

  @Test("behind another screen or an overlay, Enter opens nothing")
  func notInFront() async throws {
    let store = TestStore(
      initialState: Self.state(isFrontmost: false),
      reducer: HomeFeature(dependencies: Samples.dependencies()))
    try await store.send(.itemOpened)
    try await store.finish()
  }

  @Test("another storefront reloads rows loaded for the old one; the same one does nothing")
  func storefront() async throws {
    let script = FeedScript { _ in ChartPage(items: [], format: .v2) }
    var state = Self.state()
    let store = TestStore(
      initialState: state,
      reducer: HomeFeature(dependencies: Samples.dependencies(client: script.client)))
    try await store.send(.storefrontChanged)
    try await store.finish()
    state.country = "jp"
    let moved = TestStore(
      initialState: state,
      reducer: HomeFeature(dependencies: Samples.dependencies(client: script.client)))
    try await moved.send(.storefrontChanged) {
      $0.home.country = "jp"
      $0.home.rows = ChartKind.allCases.map {
        HomeRow(chart: $0, items: .loading(previous: nil), generation: 1)
      }
    }
    for _ in ChartKind.allCases {
      var answered: ChartKind?
      let isAnswer: (HomeAction) -> Bool = {
        guard case .chart(let chart, .loaded(generation: 1, .success)) = $0 else { return false }
        answered = chart
        return true
      }
      try await moved.receive(matching: isAnswer) { state in
        guard let index = state.home.rows.firstIndex(where: { $0.chart == answered }) else {
          return
        }
        state.home.rows[index].items = .loaded([])
      }
    }
    try await moved.finish()
    #expect(Set(script.paths).count == ChartKind.allCases.count)
  }
}
