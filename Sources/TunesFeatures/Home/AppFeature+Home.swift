import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient

extension AppFeature {
  func reduceHome(into state: inout AppState, action: HomeAction) -> Effect<AppAction> {
    switch action {
    case .loadRequested:
      return loadHome(&state, only: nil)
    case .opened:
      state.overlay = nil
      let depth = state.stack.count
      let leftGenres = cancelGenres(in: state.stack)
      state.stack = []
      state.search.submitted = nil
      state.search.results = .idle
      state.search.source = nil
      state.search.shownTerm = nil
      state.search.query = ""
      state.search.queryCursor = 0
      state.search.suggestions = []
      state.search.highlightedSuggestion = nil
      state.search.focus = .results
      var effects: [Effect<AppAction>] = [.cancel(id: CancelID.search), leftGenres]
      for index in 0..<depth { effects.append(.cancel(id: CancelID.detail(depth: index))) }
      let country = (state.filters.country ?? "us").lowercased()
      if state.home.country != country || state.home.rows.contains(where: { $0.items.error != nil })
      {
        effects.append(loadHome(&state, only: nil))
      }
      return .merge(effects)
    case .chartLoaded(let generation, let chart, let result):
      guard let index = state.home.rows.firstIndex(where: { $0.chart == chart }),
        state.home.rows[index].generation == generation, state.home.rows[index].items.isLoading
      else { return .none }
      switch result {
      case .success(let page):
        state.home.rows[index].items = .loaded(page.items)
        state.home.rows[index].skipped = page.skippedCount
        state.home.rows[index].selection = min(
          state.home.rows[index].selection, max(0, page.items.count - 1))
      case .failure(let error):
        state.home.rows[index].items = state.home.rows[index].items.failing(error)
      }
      return .none
    case .selectionMoved(let direction):
      moveOnHome(&state, direction)
      return .none
    case .itemOpened:
      guard state.stack.isEmpty, state.overlay == nil else { return .none }
      if state.home.isOnGenres, GenreMedium.all.indices.contains(state.home.genreSelection) {
        let medium = GenreMedium.all[state.home.genreSelection].id
        return reduceGenres(into: &state, action: .opened(medium: medium))
      }
      guard let item = state.home.selectedItem else { return .none }
      return openDetail(&state, item: item)
    case .tileClicked(let row, let index):
      guard state.home.rows.indices.contains(row),
        let items = state.home.rows[row].items.value, items.indices.contains(index)
      else { return .none }
      let again =
        state.search.focus == .results && state.home.focusedRow == row
        && state.home.rows[row].selection == index
      state.home.focusedRow = row
      state.home.rows[row].selection = index
      state.search.focus = .results
      state.search.suggestions = []
      return again ? reduceHome(into: &state, action: .itemOpened) : .none
    case .retryRequested:
      let failed = Set(state.home.rows.filter { $0.items.error != nil }.map(\.chart))
      guard !failed.isEmpty else { return .none }
      state.notice =
        failed.count == 1 ? "Retrying the chart that failed…" : "Retrying \(failed.count) charts…"
      return loadHome(&state, only: failed)
    }
  }

  /// Loads the rows (`only` these charts, or all) for the storefront in the filters. Every chart
  /// is its own request with its own generation and cancellation, so one failure or retry
  /// leaves the other rows as they are, and a row's stale answer is dropped.
  private func loadHome(_ state: inout AppState, only: Set<ChartKind>?) -> Effect<AppAction> {
    let country = (state.filters.country ?? "us").lowercased()
    if state.home.country != country {
      // Another storefront: the old rows mean nothing there.
      state.home.rows = state.home.rows.map {
        HomeRow(chart: $0.chart, generation: $0.generation)
      }
      state.home.focusedRow = 0
    }
    state.home.country = country
    let client = dependencies.client
    let clock = dependencies.clock
    var effects: [Effect<AppAction>] = []
    for index in state.home.rows.indices {
      let chart = state.home.rows[index].chart
      if let only, !only.contains(chart) { continue }
      state.home.rows[index].generation += 1
      state.home.rows[index].items = state.home.rows[index].items.reloading
      let generation = state.home.rows[index].generation
      effects.append(
        Effect<AppAction>.run { send in
          do {
            let query = try ChartQuery(kind: chart, country: country, limit: HomeState.limit)
            let response = try await client.chart(query)
            send(.home(.chartLoaded(generation: generation, chart: chart, .success(response.page))))
          } catch {
            let feature = await Self.featureError(error, client: client, clock: clock)
            send(.home(.chartLoaded(generation: generation, chart: chart, .failure(feature))))
          }
        }
        .cancellable(id: CancelID.homeRow(chart), cancelInFlight: true))
    }
    return .merge(effects)
  }

  private func moveOnHome(_ state: inout AppState, _ direction: MoveDirection) {
    guard !state.home.rows.isEmpty else { return }
    if state.home.isOnGenres {
      moveOnGenresRow(&state, direction)
      return
    }
    let row = max(0, min(state.home.rows.count - 1, state.home.focusedRow))
    let count = state.home.rows[row].items.value?.count ?? 0
    var selection = state.home.rows[row].selection
    switch direction {
    case .left: selection = max(0, selection - 1)
    case .right: selection = min(max(0, count - 1), selection + 1)
    case .first: selection = 0
    case .last: selection = max(0, count - 1)
    case .up:
      if row == 0 {
        state.search.focus = .query
        return
      }
      state.home.focusedRow = row - 1
      return
    case .down:
      // Below the last chart: the genres row.
      state.home.focusedRow = min(state.home.rows.count, row + 1)
      return
    case .pageUp:
      state.home.focusedRow = max(0, row - 2)
      return
    case .pageDown:
      state.home.focusedRow = min(state.home.rows.count, row + 2)
      return
    }
    state.home.rows[row].selection = selection
  }

  /// ←/→ pick a medium in the genres row; ↑ goes back to the last chart.
  private func moveOnGenresRow(_ state: inout AppState, _ direction: MoveDirection) {
    let last = GenreMedium.all.count - 1
    switch direction {
    case .left: state.home.genreSelection = max(0, state.home.genreSelection - 1)
    case .right: state.home.genreSelection = min(last, state.home.genreSelection + 1)
    case .first: state.home.genreSelection = 0
    case .last: state.home.genreSelection = last
    case .up: state.home.focusedRow = state.home.rows.count - 1
    case .pageUp: state.home.focusedRow = max(0, state.home.rows.count - 2)
    case .down, .pageDown: break
    }
  }
}
