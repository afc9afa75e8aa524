import AppArchitecture
import ITunesCatalog
import ITunesClient

/// What happens to one chart row (a home row or a genre's chart row).
public enum ChartRowAction: Equatable, Sendable {
  /// The row loads (again): at start, for another storefront, or `r` after a failure.
  case loadRequested
  /// The chart answered, for the row's load `generation` (another load's answer is dropped).
  case loaded(generation: Int, Result<ChartPage, FeatureError>)
  /// ←/→ and Home/End along the row (↑/↓ and pages move between rows: the owner's).
  case selectionMoved(MoveDirection)
  /// A click selected tile `index`.
  case tileSelected(Int)
}

/// One chart's row of tiles, the feature the home screen and a genre's charts share: one load
/// with its cancellation, one stale-answer rule and one way to move along the row.
///
/// `generation` has one meaning: the number of the row's load. Every load takes the next one;
/// an answer is applied only while the row is loading and still holds its number.
struct ChartRowFeature<Chart: Equatable & Sendable>: Reducer {
  typealias State = ChartRow<Chart>
  typealias Action = ChartRowAction

  /// The requests' client and clock.
  let request: FeatureRequest
  /// The row's request id: a new load cancels the one in flight.
  let cancelID: EffectID
  /// Asks Apple for the chart.
  let fetch: @Sendable (ITunesClient, Chart) async throws -> ChartPage

  func reduce(into row: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .loadRequested:
      row.generation += 1
      row.items = row.items.reloading
      let generation = row.generation
      let chart = row.chart
      let fetch = fetch
      return request.run({ client in try await fetch(client, chart) }) { result in
        .loaded(generation: generation, result)
      }
      .cancellable(id: cancelID, cancelInFlight: true)
    case .loaded(let generation, let result):
      guard generation == row.generation, row.items.isLoading else { return .none }
      switch result {
      case .success(let page):
        row.items = .loaded(page.items)
        row.skipped = page.skippedCount
        row.selection = min(row.selection, max(0, page.items.count - 1))
      case .failure(let error):
        row.items = row.items.failing(error)
      }
      return .none
    case .selectionMoved(let direction):
      let last = max(0, (row.items.value?.count ?? 0) - 1)
      switch direction {
      case .left: row.selection = max(0, row.selection - 1)
      case .right: row.selection = min(last, row.selection + 1)
      case .first: row.selection = 0
      case .last: row.selection = last
      case .up, .down, .pageUp, .pageDown: break
      }
      return .none
    case .tileSelected(let index):
      guard let items = row.items.value, items.indices.contains(index) else { return .none }
      row.selection = index
      return .none
    }
  }
}
