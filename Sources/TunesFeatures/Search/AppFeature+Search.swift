import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient

extension AppFeature {
  func reduceSearch(into state: inout AppState, action: SearchAction) -> Effect<AppAction> {
    switch action {
    case .queryChanged(let text):
      state.search.query = text
      state.search.queryCursor = text.count
      queryDidChange(&state)
      return .none
    case .queryEdited(let edit):
      var text = QueryText(state.search.query, cursor: state.search.queryCursor)
      text.apply(edit)
      let changed = text.text != state.search.query
      state.search.query = text.text
      state.search.queryCursor = text.cursor
      if changed { queryDidChange(&state) }
      return .none
    case .querySubmitted:
      if let index = state.search.highlightedSuggestion,
        state.search.suggestions.indices.contains(index)
      {
        return pickSuggestion(&state, index)
      }
      return submit(&state, term: state.search.query)
    case .suggestionMoved(let up):
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
    case .suggestionHighlighted(let index):
      state.search.highlightedSuggestion =
        index.flatMap { state.search.suggestions.indices.contains($0) ? $0 : nil }
      return .none
    case .suggestionPicked(let index):
      return pickSuggestion(&state, index)
    case .suggestionFiltersLoaded(let query, let filters):
      guard state.search.query == query else { return .none }
      if let filters, filters != state.filters, filters.validationError == nil {
        state.filters = filters
        state.notice = "Filters of that search: \(filters.summary)"
        return .merge(saveFilters(filters), submit(&state, term: query))
      }
      return submit(&state, term: query)
    case .searchResponse(let requestID, let result):
      return receive(&state, requestID: requestID, result: result)
    case .historyLoaded(let history):
      state.search.history = history
      // Refresh the suggestions on show; never pop them open after a search was answered.
      let showing = !state.search.suggestions.isEmpty || state.search.submitted == nil
      if state.search.focus == .query, state.stack.isEmpty, showing {
        state.search.suggestions = SearchState.suggestions(
          for: state.search.query, in: history)
      }
      return .none
    case .focusMoved(let focus):
      return moveFocus(&state, to: focus)
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
    case .loadMoreRequested:
      return loadMore(&state)
    case .groupingToggled:
      state.search.grouped.toggle()
      return .none
    case .retryRequested:
      if state.search.loadMoreError != nil { return loadMore(&state) }
      guard let submitted = state.search.submitted else { return .none }
      return startSearch(
        &state, term: submitted.term, filters: submitted.filters, limit: submitted.limit,
        loadingMore: false)
    case .cancelRequested:
      guard state.search.results.isLoading else { return .none }
      state.search.requestID += 1
      state.search.isLoadingMore = false
      state.search.results = state.search.results.value.map { .loaded($0) } ?? .idle
      state.notice = "Search cancelled."
      return .cancel(id: CancelID.search)
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
      guard let submitted = state.search.submitted, state.stack.isEmpty else { return .none }
      return startSearch(
        &state, term: submitted.term, filters: filters, limit: filters.limit, loadingMore: false)
    case .rateLimitTick(let now):
      state.search.now = now
      guard let until = state.search.rateLimitedUntil, now < until else {
        guard state.search.rateLimitedUntil != nil else {
          return .cancel(id: CancelID.rateLimitTimer)
        }
        state.search.rateLimitedUntil = nil
        // The wait is over: the search typed meanwhile runs, else the throttled one again.
        let next =
          state.search.queued
          ?? (state.search.results.error?.isRateLimited == true ? state.search.submitted : nil)
        state.search.queued = nil
        guard let next else {
          state.notice = "Requests are allowed again."
          return .cancel(id: CancelID.rateLimitTimer)
        }
        state.notice = "Requests are allowed again: searching for “\(next.term)”."
        return .merge(
          .cancel(id: CancelID.rateLimitTimer),
          startSearch(
            &state, term: next.term, filters: next.filters, limit: next.limit, loadingMore: false))
      }
      return .none
    }
  }

  /// What a changed query does: focus in the box, suggestions for the new text.
  private func queryDidChange(_ state: inout AppState) {
    state.search.focus = .query
    state.search.suggestions = SearchState.suggestions(
      for: state.search.query, in: state.search.history)
    state.search.highlightedSuggestion = nil
  }

  /// Opens the selected tile's detail.
  private func openSelectedTile(_ state: inout AppState) -> Effect<AppAction> {
    guard state.overlay == nil, state.stack.isEmpty, let item = state.search.selectedItem else {
      return .none
    }
    state.search.focus = .results
    state.search.suggestions = []
    return openDetail(&state, item: item)
  }

  private func moveInResults(_ state: inout AppState, _ direction: MoveDirection) -> Effect<
    AppAction
  > {
    let items = state.search.items
    let rows = SelectionMovement.rows(
      for: items, grouped: state.search.grouped, columns: state.columns)
    let before = state.search.selection
    let page = max(1, state.metrics.resultsLines / SearchLayout.tileStep)
    state.search.selection = SelectionMovement.move(
      before, direction, rows: rows, pageRows: page)
    let forward: Set<MoveDirection> = [.down, .pageDown, .right, .last]
    if state.search.selection == before, forward.contains(direction),
      rows.last?.last == before, state.search.canLoadMore
    {
      return loadMore(&state)
    }
    return .none
  }

  private func pickSuggestion(_ state: inout AppState, _ index: Int) -> Effect<AppAction> {
    guard state.search.suggestions.indices.contains(index) else { return .none }
    let text = state.search.suggestions[index]
    state.search.query = text
    state.search.queryCursor = text.count
    state.search.suggestions = []
    state.search.highlightedSuggestion = nil
    let history = dependencies.history
    return .run { send in
      let filters = try? await history.filters(text)
      send(.search(.suggestionFiltersLoaded(query: text, filters ?? nil)))
    }
  }

  private func submit(_ state: inout AppState, term: String) -> Effect<AppAction> {
    let trimmed = term.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else {
      state.notice = "Type something to search for."
      return .none
    }
    let filters = state.filters
    return startSearch(
      &state, term: trimmed, filters: filters, limit: filters.limit, loadingMore: false)
  }

  /// Records an answered search (with the filters it ran with) and reads the history back:
  /// only searches that were answered enter the history, as on the command line.
  private func recordHistory(_ submitted: SubmittedSearch) -> Effect<AppAction> {
    let history = dependencies.history
    return .run { send in
      try await history.record(submitted.term, submitted.filters)
      send(.search(.historyLoaded(try await history.recent())))
    } catch: { error, send in
      send(.storageFailed(.storage(error.localizedDescription)))
    }
  }

  /// Starts a search (new, retried or load-more), or refuses it while Apple throttles us.
  func startSearch(
    _ state: inout AppState, term: String, filters: SearchFilters, limit: Int, loadingMore: Bool
  ) -> Effect<AppAction> {
    if state.search.rateLimitSecondsLeft != nil {
      if !loadingMore {
        state.search.queued = SubmittedSearch(term: term, filters: filters, limit: limit)
        state.notice = "Apple is throttling requests: “\(term)” runs when the wait ends."
      }
      return .none
    }
    state.search.loadMoreError = nil
    state.search.requestID += 1
    state.search.submitted = SubmittedSearch(term: term, filters: filters, limit: limit)
    state.search.suggestions = []
    state.search.highlightedSuggestion = nil
    state.search.isLoadingMore = loadingMore
    if !loadingMore {
      state.search.focus = .results
      state.search.reachedMaximum = false
    }
    let query: SearchQuery
    do {
      query = try filters.query(term: term, limit: limit)
    } catch {
      state.search.results = state.search.results.failing(.invalidFilters(error))
      state.search.isLoadingMore = false
      return .cancel(id: CancelID.search)
    }
    state.search.results = state.search.results.reloading
    let requestID = state.search.requestID
    let client = dependencies.client
    let clock = dependencies.clock
    return .run { send in
      do {
        let response = try await client.search(query)
        send(.search(.searchResponse(requestID: requestID, .success(response))))
      } catch {
        let failure = await FeatureRequest.featureError(error, client: client, clock: clock)
        send(.search(.searchResponse(requestID: requestID, .failure(failure))))
      }
    }
    .cancellable(id: CancelID.search, cancelInFlight: true)
  }

  private func receive(
    _ state: inout AppState, requestID: Int, result: Result<CatalogResponse, FeatureError>
  ) -> Effect<AppAction> {
    guard requestID == state.search.requestID, state.search.results.isLoading else {
      return .none
    }
    let loadingMore = state.search.isLoadingMore
    state.search.isLoadingMore = false
    switch result {
    case .success(let response):
      let items = response.page.items
      state.search.results = .loaded(items)
      state.search.shownTerm = state.search.submitted?.term
      state.search.source = ResultSource(response.source)
      if loadingMore {
        state.search.selection = min(state.search.selection, max(0, items.count - 1))
        let limit = state.search.submitted?.limit ?? 0
        state.search.reachedMaximum = limit >= SearchFilters.maximumLimit
        return .none
      }
      state.search.selection = 0
      state.search.resultsOffset = 0
      if items.isEmpty { state.search.focus = .query }
      guard let submitted = state.search.submitted else { return .none }
      return recordHistory(submitted)
    case .failure(let error):
      if loadingMore, let previous = state.search.results.value {
        // A failed load-more keeps what was loaded; the end of the list says what happened.
        state.search.results = .loaded(previous)
        state.search.loadMoreError = error
        if let limit = state.search.submitted?.limit {
          state.search.submitted?.limit = min(limit, previous.count)
        }
      } else {
        state.search.results = state.search.results.failing(error)
      }
      guard case .rateLimited(let retryAfter, let at) = error else { return .none }
      state.search.now = at
      state.search.rateLimitedUntil = at + retryAfter
      return countdown(ticks: Int((retryAfter + .milliseconds(999)).components.seconds))
    }
  }

  /// Ticks once a second on the injected clock, `ticks` times at most; cancelled when the wait ends.
  private func countdown(ticks: Int) -> Effect<AppAction> {
    let clock = dependencies.clock
    return .run { send in
      for _ in 0..<max(1, ticks) {
        try await clock.sleep(for: .seconds(1))
        send(.search(.rateLimitTick(now: clock.now())))
      }
    }
    .cancellable(id: CancelID.rateLimitTimer, cancelInFlight: true)
  }

  private func moveFocus(_ state: inout AppState, to focus: SearchState.Focus) -> Effect<AppAction>
  {
    guard state.stack.isEmpty, state.overlay == nil else { return .none }
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
    return .none
  }

  func loadMore(_ state: inout AppState) -> Effect<AppAction> {
    guard let submitted = state.search.submitted, let loaded = state.search.results.loadedValue
    else { return .none }
    guard submitted.limit < SearchFilters.maximumLimit else {
      state.search.reachedMaximum = true
      return .none
    }
    guard loaded.count >= submitted.limit else { return .none }
    let step = max(1, submitted.filters.limit)
    let limit = min(SearchFilters.maximumLimit, submitted.limit + step)
    return startSearch(
      &state, term: submitted.term, filters: submitted.filters, limit: limit, loadingMore: true)
  }
}

extension ResultSource {
  /// The source of a client response.
  init(_ source: CatalogResponse.Source) {
    switch source {
    case .network: self = .network
    case .cache(let fetchedAt, let stale, _): self = .cache(fetchedAt: fetchedAt, stale: stale)
    }
  }
}
