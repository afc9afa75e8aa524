import AppArchitecture
import ITunesCatalog
import TestSupport

@testable import TunesFeatures

extension TestStore where State == AppState, Action == AppAction {
  /// Receives exactly `expected`, in whatever order concurrent effects send them, each with its
  /// change of the state. An action not in the list, or one twice, fails.
  func receive(inAnyOrder expected: [(AppAction, (inout AppState) -> Void)]) async throws {
    var remaining = expected
    for _ in expected.indices {
      var change: ((inout AppState) -> Void)?
      let matches: (AppAction) -> Bool = { action in
        guard let index = remaining.firstIndex(where: { $0.0 == action }) else { return false }
        change = remaining.remove(at: index).1
        return true
      }
      try await receive(matching: matches) { state in change?(&state) }
    }
  }

  /// The answers of the home rows' first load with a client failing with `failure`, in any
  /// order.
  func receiveHomeFailures(_ failure: FeatureError = .client(.unexpectedStatus(0))) async throws {
    try await receive(
      inAnyOrder: ChartKind.allCases.map { chart in
        (
          .home(.chart(chart, .loaded(generation: 1, .failure(failure)))),
          { state in
            guard let index = state.home.rows.firstIndex(where: { $0.chart == chart }) else {
              return
            }
            state.home.rows[index].items = .failed(failure, previous: nil)
          }
        )
      })
  }

  /// What start-up sends with empty storage: the saved filters, favourite ids and history
  /// read, then the home rows load for the US store and (the client failing) fail.
  func receiveEmptyStartUp() async throws {
    try await receive(.filters(.loaded(SearchFilters())))
    try await receive(.favoriteIDsLoaded([]))
    try await receive(.search(.historyLoaded([])))
    try await receive(.home(.loadRequested)) {
      NavigationTests.expectHomeLoading(&$0, country: "us")
    }
    try await receiveHomeFailures()
  }
}

extension TestStore where State == AppState, Action == AppAction {
  /// What opening a detail of `item` (a lookup by id only) sends with a client failing with
  /// `failure`: the favourite ids read again and the lookup failed, in either order.
  func receiveDetailFailing(
    _ item: CatalogItem, _ failure: FeatureError = .client(.unexpectedStatus(0))
  ) async throws {
    try await receive(inAnyOrder: [
      (.favoriteIDsLoaded([]), { state in state.favoriteIDs = [] }),
      (
        .detail(.detailsLoaded(itemID: item.id, .failure(failure))),
        { state in
          guard case .detail(var detail)? = state.stack.last, detail.item.id == item.id else {
            return
          }
          detail.details = .failed(failure, previous: nil)
          state.stack[state.stack.count - 1] = .detail(detail)
        }
      ),
    ])
  }
}
