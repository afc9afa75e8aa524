import ITunesCatalog

/// What happened on the favourites screen.
public enum FavoritesAction: Equatable, Sendable {
  /// `F`: the screen opened (the parent pushes it and reads the list).
  case opened
  /// The favourites list was read.
  case loaded(Result<[CatalogItem], FeatureError>)
  /// Arrows, PgUp/PgDn, g/G moved the selection.
  case selectionMoved(MoveDirection)
  /// A click on row `index`: selects it; a second click opens it.
  case rowClicked(Int)
  /// Enter on the selected row.
  case rowOpened
  /// What the favourites screen asks of the app.
  case delegate(Delegate)

  /// What the favourites screen asks of the app (the parent handles these).
  public enum Delegate: Equatable, Sendable {
    /// Open this item's detail.
    case openItem(CatalogItem)
  }

  /// Whether the action is the list read from storage (it reaches every favourites screen).
  public var isAnswer: Bool {
    if case .loaded = self { return true }
    return false
  }

  /// Whether the action comes from the person.
  public var isInput: Bool {
    switch self {
    case .opened, .selectionMoved, .rowClicked, .rowOpened: return true
    case .loaded, .delegate: return false
    }
  }
}
