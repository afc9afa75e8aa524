import ITunesCatalog

/// What happened on the favourites screen.
public enum FavoritesAction: Equatable, Sendable {
  /// `F`: the screen opened.
  case opened
  /// The favourites list was read.
  case loaded(Result<[CatalogItem], FeatureError>)
  /// Arrows, PgUp/PgDn, g/G moved the selection.
  case selectionMoved(MoveDirection)
  /// A click on row `index`: selects it; a second click opens it.
  case rowClicked(Int)
  /// Enter on the selected row.
  case rowOpened

  /// Whether the action comes from the person.
  public var isInput: Bool {
    switch self {
    case .opened, .selectionMoved, .rowClicked, .rowOpened: return true
    case .loaded: return false
    }
  }
}
