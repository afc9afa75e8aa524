import AppArchitecture
import ITunesCatalog

/// Moving and selecting on the genres screen: in a list, and between and along the chart rows
/// (along a row is the ``ChartRowFeature``'s).
extension GenresFeature {
  /// The selected row of a list level (`nil` on the chart rows).
  func selectedRow(_ level: GenreLevel) -> Int? {
    switch level {
    case .media(let media): return media.selection
    case .tree(let tree): return tree.selection
    case .charts: return nil
    }
  }

  /// Selects row `row` of the list shown; `false` when there is no such row.
  func select(_ genres: inout GenresState, row: Int) -> Bool {
    switch genres.top {
    case .media(var media):
      guard media.media.indices.contains(row) else { return false }
      media.selection = row
      genres.levels[genres.levels.count - 1] = .media(media)
    case .tree(var tree):
      guard (0..<tree.rowCount).contains(row) else { return false }
      tree.selection = row
      genres.levels[genres.levels.count - 1] = .tree(tree)
    case .charts:
      return false
    }
    return true
  }

  func move(_ genres: inout GenresState, _ direction: MoveDirection) -> Effect<
    GenresAction
  > {
    func moved(_ selection: Int, count: Int, page: Int) -> Int {
      let last = max(0, count - 1)
      switch direction {
      case .up: return max(0, selection - 1)
      case .down: return min(last, selection + 1)
      case .pageUp: return max(0, selection - page)
      case .pageDown: return min(last, selection + page)
      case .first: return 0
      case .last: return last
      case .left, .right: return selection
      }
    }
    switch genres.top {
    case .media(var media):
      media.selection = moved(media.selection, count: media.media.count, page: 10)
      genres.levels[genres.levels.count - 1] = .media(media)
    case .tree(var tree):
      tree.selection = moved(tree.selection, count: tree.rowCount, page: 10)
      genres.levels[genres.levels.count - 1] = .tree(tree)
    case .charts(var level):
      guard level.rows.indices.contains(level.focusedRow) else { return .none }
      switch direction {
      case .up, .down, .pageUp, .pageDown:
        level.focusedRow = moved(level.focusedRow, count: level.rows.count, page: 2)
        genres.levels[genres.levels.count - 1] = .charts(level)
      case .left, .right, .first, .last:
        let feed = level.rows[level.focusedRow].chart.feed
        genres.levels[genres.levels.count - 1] = .charts(level)
        return reduceRow(&genres, feed: feed, .selectionMoved(direction))
      }
    }
    return .none
  }

  private func reduceRow(_ genres: inout GenresState, feed: String, _ action: ChartRowAction)
    -> Effect<GenresAction>
  {
    var state = State(genres: genres, isFrontmost: true)
    let effect = reduce(into: &state, action: .chart(feed: feed, action))
    genres = state.genres
    return effect
  }
}
