import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient

/// The search screen: the query box and its suggestions from history, the search and its
/// answer, load-more, the rate-limit countdown, moving in the results. Opening a tile, notices
/// and a suggestion's filters go to the parent as delegate actions.
struct SearchFeature: Reducer {
  /// The search screen and what it reads from the rest of the app.
  struct State: Equatable {
    /// The screen.
    var search: SearchState
    /// The applied filters (a new search runs with them).
    var filters: SearchFilters
    /// Tiles per row of the results grid.
    var columns: Int
    /// Lines of the results area, as last measured (a page).
    var resultsLines: Int
    /// Whether no screen is pushed above the search screen.
    var isRoot: Bool
    /// Whether the search screen is in front: no screen pushed and no overlay.
    var isFrontmost: Bool
  }

  /// Cancellation ids of the search screen's effects.
  enum CancelID: Hashable, Sendable {
    /// The search in flight (a new one cancels it).
    case search
    /// The rate-limit countdown timer.
    case rateLimitTimer
  }

  let dependencies: TunesDependencies

  func reduce(into state: inout State, action: SearchAction) -> Effect<SearchAction> {
    switch action {
    case .queryEdited(let edit):
      var text = QueryText(state.search.query, cursor: state.search.queryCursor)
      text.apply(edit)
      let changed = text.text != state.search.query
      state.search.query = text.text
      state.search.queryCursor = text.cursor
      if changed { queryDidChange(&state.search) }
      return .none
    case .querySubmitted:
      if let index = state.search.highlightedSuggestion,
        state.search.suggestions.indices.contains(index)
      {
        return pickSuggestion(&state.search, index)
      }
      return submit(&state, term: state.search.query, filters: state.filters)
    case .suggestionMoved(let up):
      if !up, state.search.suggestions.isEmpty, state.search.focus == .query {
        // ↓ in the box opens the recent searches (they do not open by themselves at launch).
        state.search.suggestions = SearchState.suggestions(
          for: state.search.query, in: state.search.history)
      }
      let count = state.search.suggestions.count
      guard count > 0 else { return .none }
      if up {
        state.search.highlightedSuggestion = state.search.highlightedSuggestion.flatMap {
          $0 > 0 ? $0 - 1 : nil
        }
      } else {
        state.search.highlightedSuggestion = min(
          count - 1, state.search.highlightedSuggestion.map { $0 + 1 } ?? 0)
      }
      return .none
    case .suggestionPicked(let index):
      return pickSuggestion(&state.search, index)
    case .suggestionRemoved(let index):
      guard state.search.suggestions.indices.contains(index) else { return .none }
      let query = state.search.suggestions[index]
      state.search.history.removeAll { $0.lowercased() == query.lowercased() }
      state.search.suggestions = SearchState.suggestions(
        for: state.search.query, in: state.search.history)
      let count = state.search.suggestions.count
      state.search.highlightedSuggestion = count == 0 ? nil : min(index, count - 1)
      let history = dependencies.history
      return .run { send in
        do {
          try await history.remove(query)
          send(.delegate(.notice("Forgot the search “\(query)”.")))
        } catch {
          send(.delegate(.storageFailed(.storage(error.localizedDescription))))
        }
      }
    case .historyCleared:
      state.search.history = []
      state.search.suggestions = []
      state.search.highlightedSuggestion = nil
      return .none
    case .suggestionFiltersLoaded(let query, var filters):
      guard state.search.query == query else { return .none }
      // The storefront is a setting, not a filter of the past search: it stays as chosen.
      filters?.country = state.filters.country
      if let filters, filters != state.filters, filters.validationError == nil {
        return .merge(
          .send(.delegate(.filtersAdopted(filters))),
          .send(.delegate(.notice("Filters of that search: \(filters.panelSummary)"))),
          submit(&state, term: query, filters: filters))
      }
      return submit(&state, term: query, filters: state.filters)
    case .escapePressed:
      if state.search.results.isLoading { return reduce(into: &state, action: .cancelRequested) }
      if state.search.focus == .results {
        return reduce(into: &state, action: .focusMoved(to: .query))
      }
      if state.search.suggestions.isEmpty {
        return reduce(into: &state, action: .focusMoved(to: .results))
      }
      return reduce(into: &state, action: .suggestionsDismissed)
    case .suggestionsDismissed:
      state.search.suggestions = []
      state.search.highlightedSuggestion = nil
      return .none
    case .searchResponse(let generation, let result):
      return receive(&state, generation: generation, result: result)
    case .historyLoaded(let history):
      state.search.history = history
      // Refresh the suggestions on show; never pop them open by themselves (at launch they
      // would cover the first home row): typing or ↓ opens them.
      let showing = !state.search.suggestions.isEmpty
      if state.search.focus == .query, state.isRoot, showing {
        state.search.suggestions = SearchState.suggestions(for: state.search.query, in: history)
      }
      return .none
    case .focusMoved(let focus):
      moveFocus(&state, to: focus)
      return .none
    case .selectionMoved(let direction):
      return moveInResults(&state, direction)
    case .tileClicked(let index):
      guard state.search.items.indices.contains(index) else { return .none }
      if state.search.focus == .results, state.search.selection == index {
        return openSelectedTile(&state)
      }
      state.search.selection = index
      state.search.focus = .results
      state.search.suggestions = []
      state.search.highlightedSuggestion = nil
      return .none
    case .tileOpened:
      return openSelectedTile(&state)
    case .groupingToggled:
      state.search.grouped.toggle()
      return .none
    case .retryRequested:
      if state.search.loadMoreError != nil { return loadMore(&state) }
      guard let submitted = state.search.submitted else { return .none }
      return startSearch(&state, submitted, loadingMore: false)
    case .cancelRequested:
      return cancel(&state)
    case .resetRequested:
      state.search.submitted = nil
      state.search.results = .idle
      state.search.source = nil
      state.search.shownTerm = nil
      state.search.query = ""
      state.search.queryCursor = 0
      state.search.suggestions = []
      state.search.highlightedSuggestion = nil
      state.search.focus = .results
      return .cancel(id: CancelID.search)
    case .rowsFocused(let focused):
      state.search.focus = focused ? .results : .query
      if focused { state.search.suggestions = [] }
      return .none
    case .filtersApplied(let filters):
      guard let submitted = state.search.submitted, state.isRoot else { return .none }
      return startSearch(
        &state, SubmittedSearch(term: submitted.term, filters: filters, limit: filters.limit),
        loadingMore: false)
    case .rateLimitTick(let now):
      return tick(&state, now: now)
    case .delegate:
      return .none
    }
  }

  /// Esc on a running search: it stops, the earlier results (and their term) come back, and the screen says what was cancelled; with no earlier results nothing is shown as
  /// found (no "No results", no "0 results").
  private func cancel(_ state: inout State) -> Effect<SearchAction> {
    guard state.search.results.isLoading else { return .none }
    let term = state.search.submitted?.term ?? state.search.query
    let wasLoadingMore = state.search.isLoadingMore
    state.search.generation += 1
    state.search.isLoadingMore = false
    let notice: String
    if let previous = state.search.results.value, !previous.isEmpty {
      state.search.results = .loaded(previous)
      // The results shown answered the earlier term, at the size they have: the count, load
      // more and `r` go with them again.
      let earlier = state.search.shownTerm ?? state.search.submitted?.term
      if let earlier { state.search.submitted?.term = earlier }
      if wasLoadingMore { state.search.submitted?.limit = previous.count }
      if wasLoadingMore {
        notice = "Loading more cancelled."
      } else if let earlier, earlier != term {
        notice = "Search for “\(term)” cancelled: the results for “\(earlier)” are still shown."
      } else {
        notice = "Search for “\(term)” cancelled: its earlier results are still shown."
      }
    } else {
      state.search.results = .idle
      state.search.submitted = nil
      state.search.shownTerm = nil
      state.search.source = nil
      // Back in the box with the query: Enter runs it again.
      state.search.focus = .query
      notice = "Search for “\(term)” cancelled."
    }
    state.search.cancelledTerm = wasLoadingMore ? nil : term
    return .merge(.send(.delegate(.notice(notice))), .cancel(id: CancelID.search))
  }

  /// What a changed query does: focus in the box, suggestions for the new text.
  private func queryDidChange(_ search: inout SearchState) {
    search.focus = .query
    search.suggestions = SearchState.suggestions(for: search.query, in: search.history)
    search.highlightedSuggestion = nil
  }

  /// Asks the parent to open the selected tile's detail.
  private func openSelectedTile(_ state: inout State) -> Effect<SearchAction> {
    guard state.isFrontmost, let item = state.search.selectedItem else { return .none }
    state.search.focus = .results
    state.search.suggestions = []
    return .send(.delegate(.openItem(item)))
  }

  private func moveInResults(_ state: inout State, _ direction: MoveDirection) -> Effect<
    SearchAction
  > {
    let rows = SelectionMovement.rows(
      for: state.search.items, grouped: state.search.grouped, columns: state.columns)
    let before = state.search.selection
    let page = max(1, state.resultsLines / SearchLayout.tileStep)
    state.search.selection = SelectionMovement.move(before, direction, rows: rows, pageRows: page)
    let forward: Set<MoveDirection> = [.down, .pageDown, .right, .last]
    if state.search.selection == before, forward.contains(direction),
      rows.last?.last == before, state.search.canLoadMore
    {
      return loadMore(&state)
    }
    return .none
  }

  private func pickSuggestion(_ search: inout SearchState, _ index: Int) -> Effect<SearchAction> {
    guard search.suggestions.indices.contains(index) else { return .none }
    let text = search.suggestions[index]
    search.query = text
    search.queryCursor = text.count
    search.suggestions = []
    search.highlightedSuggestion = nil
    let history = dependencies.history
    return .run { send in
      let filters = try? await history.filters(text)
      send(.suggestionFiltersLoaded(query: text, filters ?? nil))
    }
  }

  private func submit(_ state: inout State, term: String, filters: SearchFilters)
    -> Effect<SearchAction>
  {
    let trimmed = term.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else {
      return .send(.delegate(.notice("Type something to search for.")))
    }
    return startSearch(
      &state, SubmittedSearch(term: trimmed, filters: filters, limit: filters.limit),
      loadingMore: false)
  }

  private func moveFocus(_ state: inout State, to focus: SearchState.Focus) {
    guard state.isFrontmost else { return }
    switch focus {
    case .query:
      state.search.focus = .query
      state.search.suggestions = SearchState.suggestions(
        for: state.search.query, in: state.search.history)
    case .results:
      state.search.focus = .results
      state.search.suggestions = []
    }
    state.search.highlightedSuggestion = nil
  }
}
