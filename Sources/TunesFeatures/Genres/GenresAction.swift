import ITunesCatalog

/// What happened on the genres screen.
public enum GenresAction: Equatable, Sendable {
  /// `g` (or the home screen's genres row): the genres screen opens on the media list, or on
  /// `medium`'s genres when one is given. The parent puts the screen on the stack.
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
  /// The genre service answered, for the tree level's load `generation`.
  case treeLoaded(generation: Int, Result<Genre, FeatureError>)
  /// Something happened to the chart row of `feed` on the charts shown (answers come this way).
  case chart(feed: String, ChartRowAction)
  /// Another storefront was chosen: a screen of another country goes back to its media list.
  case storefrontChanged(String)
  /// What the genres screen asks of the app.
  case delegate(Delegate)

  /// What the genres screen asks of the app (the parent handles these).
  public enum Delegate: Equatable, Sendable {
    /// Open this item's detail.
    case openItem(CatalogItem)
    /// Close the genres screen (back from the media list).
    case closed
    /// Show this notice.
    case notice(String)
  }

  /// Whether the action comes from the person.
  public var isInput: Bool {
    switch self {
    case .opened, .selectionMoved, .selectionOpened, .backRequested, .rowClicked, .tileClicked,
      .retryRequested:
      return true
    case .treeLoaded, .chart, .storefrontChanged, .delegate: return false
    }
  }
}
