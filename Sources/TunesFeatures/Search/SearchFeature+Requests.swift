import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient

/// The search's requests: starting one (new, retried, load-more), its answer, the history it
/// writes, and the countdown while Apple throttles us.
extension SearchFeature {
  /// Starts `search`, or refuses it while Apple throttles us (a new one then waits its turn).
  func startSearch(_ state: inout State, _ search: SubmittedSearch, loadingMore: Bool)
    -> Effect<SearchAction>
  {
    if state.search.rateLimitSecondsLeft != nil {
      guard !loadingMore else { return .none }
      state.search.queued = search
      return .send(
        .delegate(
          .notice("Apple is throttling requests: “\(search.term)” runs when the wait ends.")))
    }
    state.search.loadMoreError = nil
    state.search.cancelledTerm = nil
    state.search.generation += 1
    state.search.submitted = search
    state.search.suggestions = []
    state.search.highlightedSuggestion = nil
    state.search.isLoadingMore = loadingMore
    if !loadingMore {
      state.search.focus = .results
      state.search.reachedMaximum = false
      state.search.allLoaded = false
    }
    let query: SearchQuery
    do {
      query = try search.filters.query(term: search.term, limit: search.limit)
    } catch {
      state.search.results = state.search.results.failing(.invalidFilters(error))
      state.search.isLoadingMore = false
      return .cancel(id: CancelID.search)
    }
    state.search.results = state.search.results.reloading
    let generation = state.search.generation
    return FeatureRequest(dependencies).run({ client in try await client.search(query) }) {
      .searchResponse(generation: generation, $0)
    }
    .cancellable(id: CancelID.search, cancelInFlight: true)
  }

  /// Fetches the search again with a larger limit (up to 200), when the page was full.
  func loadMore(_ state: inout State) -> Effect<SearchAction> {
    guard let submitted = state.search.submitted, let loaded = state.search.results.loadedValue
    else { return .none }
    guard submitted.limit < SearchFilters.maximumLimit else {
      state.search.reachedMaximum = true
      return .none
    }
    guard loaded.count >= submitted.limit else { return .none }
    let step = max(1, submitted.filters.limit)
    var next = submitted
    next.limit = min(SearchFilters.maximumLimit, submitted.limit + step)
    return startSearch(&state, next, loadingMore: true)
  }

  func receive(
    _ state: inout State, generation: Int, result: Result<CatalogResponse, FeatureError>
  ) -> Effect<SearchAction> {
    guard generation == state.search.generation, state.search.results.isLoading else {
      return .none
    }
    let loadingMore = state.search.isLoadingMore
    state.search.isLoadingMore = false
    switch result {
    case .success(let response):
      let items = response.page.items
      let before = state.search.results.value?.count ?? 0
      state.search.results = .loaded(items)
      state.search.shownTerm = state.search.submitted?.term
      state.search.source = ResultSource(response.source)
      if loadingMore {
        state.search.selection = min(state.search.selection, max(0, items.count - 1))
        let limit = state.search.submitted?.limit ?? 0
        state.search.reachedMaximum = limit >= SearchFilters.maximumLimit
        // Fewer than asked for: Apple has no more. The end of the list says so.
        state.search.allLoaded = !state.search.reachedMaximum && items.count < limit
        guard items.count <= before else { return .none }
        return .send(.delegate(.notice("That is all: \(FactText.count(items.count, "result")).")))
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

  /// The countdown ticked: when the wait is over, the search typed meanwhile runs, else the
  /// throttled one again.
  func tick(_ state: inout State, now: Duration) -> Effect<SearchAction> {
    state.search.now = now
    if let until = state.search.rateLimitedUntil, now < until { return .none }
    guard state.search.rateLimitedUntil != nil else { return .cancel(id: CancelID.rateLimitTimer) }
    state.search.rateLimitedUntil = nil
    let next =
      state.search.queued
      ?? (state.search.results.error?.isRateLimited == true ? state.search.submitted : nil)
    state.search.queued = nil
    guard let next else {
      return .merge(
        .send(.delegate(.notice("Requests are allowed again."))),
        .cancel(id: CancelID.rateLimitTimer))
    }
    return .merge(
      .send(.delegate(.notice("Requests are allowed again: searching for “\(next.term)”."))),
      .cancel(id: CancelID.rateLimitTimer),
      startSearch(&state, next, loadingMore: false))
  }

  /// Records an answered search (with the filters it ran with) and reads the history back:
  /// only searches that were answered enter the history, as on the command line.
  private func recordHistory(_ submitted: SubmittedSearch) -> Effect<SearchAction> {
    let history = dependencies.history
    return .run { send in
      try await history.record(submitted.term, submitted.filters)
      send(.historyLoaded(try await history.recent()))
    } catch: { error, send in
      send(.delegate(.storageFailed(.storage(error.localizedDescription))))
    }
  }

  /// Ticks once a second on the injected clock, `ticks` times at most; cancelled when the wait
  /// ends.
  private func countdown(ticks: Int) -> Effect<SearchAction> {
    let clock = dependencies.clock
    return .run { send in
      for _ in 0..<max(1, ticks) {
        try await clock.sleep(for: .seconds(1))
        send(.rateLimitTick(now: clock.now()))
      }
    }
    .cancellable(id: CancelID.rateLimitTimer, cancelInFlight: true)
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
