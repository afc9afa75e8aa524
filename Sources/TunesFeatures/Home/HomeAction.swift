import ITunesCatalog

/// What happened on the home screen.
public enum HomeAction: Equatable, Sendable {
  /// The charts should be (re)loaded: at start, and when the storefront changed.
  case loadRequested
  /// The applied storefront changed: rows loaded for another one load again.
  case storefrontChanged
  /// `H` (or a click on the logo): back to the home screen from anywhere. The parent closes
  /// what is on top and empties the search; the rows load again when the storefront changed or
  /// a row failed.
  case opened
  /// Something happened to one chart's row (its answer arrives this way).
  case chart(ChartKind, ChartRowAction)
  /// Arrows, PgUp/PgDn, g/G in the rows: ←/→ along a row, ↑/↓ between rows.
  case selectionMoved(MoveDirection)
  /// Enter on the selected tile: its detail opens (a lookup by id fills in what the feed lacks).
  case itemOpened
  /// A click on tile `index` of row `row`: selects it; a second click opens it.
  case tileClicked(row: Int, index: Int)
  /// `r`: the rows that failed load again.
  case retryRequested
  /// What the home screen asks of the app.
  case delegate(Delegate)

  /// What the home screen asks of the app (the parent handles these).
  public enum Delegate: Equatable, Sendable {
    /// Open this item's detail.
    case openItem(CatalogItem)
    /// Open the genres screen on this medium's genres.
    case openGenres(medium: Int)
    /// The rows took the focus (`true`: a tile was clicked) or gave it to the query box
    /// (`false`: ↑ from the first row).
    case rowsFocused(Bool)
    /// Show this notice.
    case notice(String)
  }

  /// Whether the action comes from the person.
  public var isInput: Bool {
    switch self {
    case .opened, .selectionMoved, .itemOpened, .tileClicked, .retryRequested: return true
    case .loadRequested, .storefrontChanged, .chart, .delegate: return false
    }
  }
}
