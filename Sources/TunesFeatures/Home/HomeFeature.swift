import AppArchitecture
import ITunesCatalog
import ITunesClient

/// The home screen: a ``ChartRowFeature`` row per chart of the storefront, moving between rows,
/// opening a tile or a medium of the genres row (through the parent), retrying failed rows.
struct HomeFeature: Reducer {
  /// The home state and what it reads from the rest of the app.
  struct State: Equatable {
    /// The rows.
    var home: HomeState
    /// The storefront the rows are for (lower case; `us` when none is chosen).
    var country: String
    /// Whether the rows have the focus (not the query box).
    var rowsFocused: Bool
    /// Whether the search screen is in front (no screen pushed, no overlay).
    var isFrontmost: Bool
  }

  /// Cancellation ids of the home screen's requests.
  enum CancelID: Hashable, Sendable {
    /// One chart's request (a reload of the row cancels it).
    case row(ChartKind)
  }

  let dependencies: TunesDependencies

  func reduce(into state: inout State, action: HomeAction) -> Effect<HomeAction> {
    switch action {
    case .loadRequested:
      return load(&state, only: nil)
    case .storefrontChanged:
      // The charts follow the storefront: rows loaded for another country load again.
      guard let loaded = state.home.country, loaded != state.country else { return .none }
      return load(&state, only: nil)
    case .opened:
      let failed = state.home.rows.contains { $0.items.error != nil }
      guard state.home.country != state.country || failed else { return .none }
      return load(&state, only: nil)
    case .chart(let chart, let rowAction):
      guard let index = state.home.rows.firstIndex(where: { $0.chart == chart }) else {
        return .none
      }
      return rowFeature(chart, country: state.country)
        .reduce(into: &state.home.rows[index], action: rowAction)
        .map { .chart(chart, $0) }
    case .selectionMoved(let direction):
      return move(&state, direction)
    case .itemOpened:
      return openSelection(state)
    case .tileClicked(let row, let index):
      guard state.home.rows.indices.contains(row),
        let items = state.home.rows[row].items.value, items.indices.contains(index)
      else { return .none }
      let again =
        state.rowsFocused && state.home.focusedRow == row
        && state.home.rows[row].selection == index
      state.home.focusedRow = row
      state.home.rows[row].selection = index
      return .merge(.send(.delegate(.rowsFocused(true))), again ? openSelection(state) : .none)
    case .retryRequested:
      let failed = Set(state.home.rows.filter { $0.items.error != nil }.map(\.chart))
      guard !failed.isEmpty else { return .none }
      let notice =
        failed.count == 1 ? "Retrying the chart that failed…" : "Retrying \(failed.count) charts…"
      return .merge(.send(.delegate(.notice(notice))), load(&state, only: failed))
    case .delegate:
      return .none
    }
  }

  /// Loads the rows (`only` these charts, or all) for the storefront. Every chart is its own
  /// row load, so one failure or retry leaves the other rows as they are.
  private func load(_ state: inout State, only: Set<ChartKind>?) -> Effect<HomeAction> {
    let country = state.country
    if state.home.country != country {
      // Another storefront: the old rows mean nothing there.
      state.home.rows = state.home.rows.map {
        HomeRow(chart: $0.chart, generation: $0.generation)
      }
      state.home.focusedRow = 0
    }
    state.home.country = country
    var effects: [Effect<HomeAction>] = []
    for index in state.home.rows.indices {
      let chart = state.home.rows[index].chart
      if let only, !only.contains(chart) { continue }
      effects.append(
        rowFeature(chart, country: country)
          .reduce(into: &state.home.rows[index], action: .loadRequested)
          .map { .chart(chart, $0) })
    }
    return .merge(effects)
  }

  /// The row feature of `chart` for `country`'s store.
  private func rowFeature(_ chart: ChartKind, country: String) -> ChartRowFeature<ChartKind> {
    ChartRowFeature(request: FeatureRequest(dependencies), cancelID: EffectID(CancelID.row(chart)))
    { client, chart in
      try await client.chart(ChartQuery(kind: chart, country: country, limit: HomeState.limit))
        .page
    }
  }

  /// Enter (or a second click): the selected tile's detail, or the medium of the genres row.
  private func openSelection(_ state: State) -> Effect<HomeAction> {
    guard state.isFrontmost else { return .none }
    if state.home.isOnGenres, GenreMedium.all.indices.contains(state.home.genreSelection) {
      return .send(.delegate(.openGenres(medium: GenreMedium.all[state.home.genreSelection].id)))
    }
    guard let item = state.home.selectedItem else { return .none }
    return .send(.delegate(.openItem(item)))
  }

  private func move(_ state: inout State, _ direction: MoveDirection) -> Effect<HomeAction> {
    guard !state.home.rows.isEmpty else { return .none }
    if state.home.isOnGenres {
      moveOnGenresRow(&state.home, direction)
      return .none
    }
    let row = max(0, min(state.home.rows.count - 1, state.home.focusedRow))
    switch direction {
    case .left, .right, .first, .last:
      let chart = state.home.rows[row].chart
      return rowFeature(chart, country: state.country)
        .reduce(into: &state.home.rows[row], action: .selectionMoved(direction))
        .map { .chart(chart, $0) }
    case .up:
      if row == 0 { return .send(.delegate(.rowsFocused(false))) }
      state.home.focusedRow = row - 1
    case .down:
      // Below the last chart: the genres row.
      state.home.focusedRow = min(state.home.rows.count, row + 1)
    case .pageUp:
      state.home.focusedRow = max(0, row - 2)
    case .pageDown:
      state.home.focusedRow = min(state.home.rows.count, row + 2)
    }
    return .none
  }

  /// ←/→ pick a medium in the genres row; ↑ goes back to the last chart.
  private func moveOnGenresRow(_ home: inout HomeState, _ direction: MoveDirection) {
    let last = GenreMedium.all.count - 1
    switch direction {
    case .left: home.genreSelection = max(0, home.genreSelection - 1)
    case .right: home.genreSelection = min(last, home.genreSelection + 1)
    case .first: home.genreSelection = 0
    case .last: home.genreSelection = last
    case .up: home.focusedRow = home.rows.count - 1
    case .pageUp: home.focusedRow = max(0, home.rows.count - 2)
    case .down, .pageDown: break
    }
  }
}
