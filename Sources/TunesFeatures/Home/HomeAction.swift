import ITunesCatalog

/// What happened on the home screen.
public enum HomeAction: Equatable, Sendable {
  /// The charts should be (re)loaded: at start, and when the storefront changed.
  case loadRequested
  /// `h` (or a click on the logo): back to the home screen from anywhere.
  case opened
  /// A chart answered, for the row's load `generation` (an older load's answer is dropped).
  case chartLoaded(generation: Int, chart: ChartKind, Result<ChartPage, FeatureError>)
  /// Arrows, PgUp/PgDn, g/G in the rows: ←/→ along a row, ↑/↓ between rows.
  case selectionMoved(MoveDirection)
  /// Enter on the selected tile: its detail opens (a lookup by id fills in what the feed lacks).
  case itemOpened
  /// A click on tile `index` of row `row`: selects it; a second click opens it.
  case tileClicked(row: Int, index: Int)
  /// `r`: the rows that failed load again.
  case retryRequested

  /// Whether the action comes from the person.
  public var isInput: Bool {
    switch self {
    case .opened, .selectionMoved, .itemOpened, .tileClicked, .retryRequested: return true
    case .loadRequested, .chartLoaded: return false
    }
  }
}
