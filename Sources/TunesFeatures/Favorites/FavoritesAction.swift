import ITunesCatalog

/// What happened on the favourites screen.
public enum FavoritesAction: Equatable, Sendable {
  /// `F`: the screen opened (the parent pushes it and reads the first window).
  case opened
  /// A window of rows was read for request `generation`.
  case windowLoaded(generation: Int, Result<FavoritesWindow, FeatureError>)
  /// Arrows, PgUp/PgDn, g/G moved the selection.
  case selectionMoved(MoveDirection)
  /// A click on row `index` of the listing: selects it; a second click opens it.
  case rowClicked(Int)
  /// Enter on the selected row.
  case rowOpened
  /// `o`: the next order (newest first, by kind, by title).
  case orderCycled
  /// `t`: the next kind shown (every kind, then each kind there is).
  case kindCycled
  /// `f`: typing a filter starts.
  case filterEditingStarted
  /// A key edited the filter text.
  case filterEdited(QueryEdit)
  /// Enter (`keep`) or Esc (the filter text cleared) ended typing.
  case filterEditingEnded(keep: Bool)
  /// `*`: remove the selected row.
  case removeRequested
  /// Storage removed the favourite of `id` (its row, `nil` when it was none already).
  case removed(id: Int64, Result<FavoriteRow?, FeatureError>)
  /// `u`: put back the row removed last.
  case undoRequested
  /// Storage put `row` back (`false`: it was a favourite again already).
  case restored(FavoriteRow, Result<Bool, FeatureError>)
  /// What the favourites screen asks of the app.
  case delegate(Delegate)

  /// What the favourites screen asks of the app (the parent handles these).
  public enum Delegate: Equatable, Sendable {
    /// Open this item's detail.
    case openItem(CatalogItem)
    /// The item of `id` stopped (`false`) or became again (`true`) a favourite: the marks follow.
    case markChanged(id: Int64, favorite: Bool)
    /// Say this in the status bar.
    case notice(String)
  }

  /// Whether the action is storage's answer (it reaches every favourites screen).
  public var isAnswer: Bool {
    switch self {
    case .windowLoaded, .removed, .restored: return true
    default: return false
    }
  }

  /// Whether the action comes from the person.
  public var isInput: Bool {
    switch self {
    case .opened, .selectionMoved, .rowClicked, .rowOpened, .orderCycled, .kindCycled,
      .filterEditingStarted, .filterEdited, .filterEditingEnded, .removeRequested, .undoRequested:
      return true
    case .windowLoaded, .removed, .restored, .delegate: return false
    }
  }
}
