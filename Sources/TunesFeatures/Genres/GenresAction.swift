import ITunesCatalog

/// What happened on the genres screen.
public enum GenresAction: Equatable, Sendable {
  /// `g` (or the home screen's genres row): the genres screen opens on the media list, or on
  /// `medium`'s genres when one is given.
  case opened(medium: Int?)
  /// ↑/↓ in a list, ←/→/↑/↓ in the chart rows, PgUp/PgDn, Home/End.
  case selectionMoved(MoveDirection)
  /// Enter or → on a list row (a medium, the charts row, a subgenre); Enter on a tile.
  case selectionOpened
  /// Esc, ← (in a list) or Backspace: one level back; from the media list, the screen closes.
  case backRequested
  /// A click on row `index` of a list: selects it; a second click opens it.
  case rowClicked(Int)
  /// A click on tile `index` of chart row `row`: selects it; a second click opens it.
  case tileClicked(row: Int, index: Int)
  /// `r`: what failed on the level shown loads again.
  case retryRequested
  /// The genre service answered, for the load numbered `generation`.
  case treeLoaded(generation: Int, Result<Genre, FeatureError>)
  /// A chart answered, for the load numbered `generation`.
  case chartLoaded(generation: Int, feed: String, Result<ChartPage, FeatureError>)

  /// Whether the action comes from the person.
  public var isInput: Bool {
    switch self {
    case .opened, .selectionMoved, .selectionOpened, .backRequested, .rowClicked, .tileClicked,
      .retryRequested:
      return true
    case .treeLoaded, .chartLoaded: return false
    }
  }
}
