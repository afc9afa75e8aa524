import ITunesCatalog

/// What happened to the home screen's Changes row.
public enum WatchAction: Equatable, Sendable {
  /// The row should be read (at start, after a check).
  case loadRequested
  /// The stored changes were read.
  case loaded(Result<WatchDigest, FeatureError>)
  /// `C`: check the watched items now.
  case checkRequested
  /// The check ended.
  case checked(Result<WatchCheckReport, FeatureError>)
  /// ↑ from the first chart row: the newest change is picked.
  case focusEntered
  /// ↑/↓ in the row: ↑ on the first leaves for the query box, ↓ on the last for the charts.
  case selectionMoved(up: Bool)
  /// Enter on the picked change: its item's page opens.
  case entryOpened
  /// A click on listed change `index`: picks it; a second click opens it.
  case entryClicked(Int)
  /// The focus went elsewhere (the query box, a tile, the home screen again).
  case focusLeft
  /// What the row asks of the app.
  case delegate(Delegate)

  /// What the row asks of the app (the parent handles these).
  public enum Delegate: Equatable, Sendable {
    /// Show this notice.
    case notice(String)
    /// Open this item's page (looked up by id for what the change does not know).
    case openItem(CatalogItem)
    /// The focus goes to the query box (`false`, ↑ on the first change) or to the rows (`true`,
    /// a click on a change).
    case rowsFocused(Bool)
  }

  /// Whether the action comes from the person.
  public var isInput: Bool {
    switch self {
    case .checkRequested, .focusEntered, .selectionMoved, .entryOpened, .entryClicked:
      return true
    case .loadRequested, .loaded, .checked, .focusLeft, .delegate:
      return false
    }
  }
}
