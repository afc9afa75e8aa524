import ITunesCatalog

/// What happened on a detail screen. Results name the item they belong to (`itemID`); they reach
/// every detail in the stack showing that item and are dropped when none does.
public enum DetailAction: Equatable, Sendable {
  /// The detail was pushed: its lookups start (cancelled when it is popped).
  case opened
  /// The full lookup by id answered.
  case detailsLoaded(itemID: Int64, Result<CatalogItem, FeatureError>)
  /// The tracks or episodes lookup answered.
  case tracksLoaded(itemID: Int64, Result<[CatalogItem], FeatureError>)
  /// The author lookup answered; `nil` when it returned nothing usable (the block is not drawn).
  case authorLoaded(itemID: Int64, Result<AuthorBlock?, FeatureError>)
  /// A scroll key or wheel notch; every one counts, clamped to the document.
  case scrollRequested(DetailScroll)
  /// ←/→: the focus moved through the author's works (which scroll into view).
  case workMoved(forward: Bool)
  /// ↑/↓ on a page with tracks or episodes: the pick moved (the page follows it); ↑ on the
  /// first lets go of the list.
  case trackMoved(forward: Bool)
  /// A click on a track or episode (index into the tracks).
  case trackClicked(Int)
  /// Enter: the focused work (or the picked track) was opened.
  case focusedWorkOpened
  /// A click on one of the author's works (index into `AuthorBlock.works`).
  case workOpened(Int)
  /// `o`: open the item's store page.
  case openStoreLinkRequested
  /// `a`: open the author's store page.
  case openAuthorLinkRequested
  /// `r`: run the failed lookups again.
  case retryRequested
  /// `c`: open the album page of the shown song or music video.
  case albumPageRequested
  /// `A`: open the artist page of the shown item's author.
  case artistPageRequested
  /// `m`: show an app's version notes whole, or cut again.
  case notesToggled
  /// `]` / `[`: show an app's next or previous screenshots.
  case screenshotsPaged(forward: Bool)
  /// Something happened to the blocks of keeping watch (history, other storefronts).
  case watch(DetailWatchAction)
  /// What the detail asks of the app.
  case delegate(Delegate)

  /// What a detail screen asks of the app (the parent handles these).
  public enum Delegate: Equatable, Sendable {
    /// Open this item's detail above this one (a work, the album, the artist).
    case openItem(CatalogItem)
    /// Show this notice.
    case notice(String)
  }

  /// The item a lookup's answer is for, or `nil` for other actions.
  public var answeredItemID: Int64? {
    switch self {
    case .detailsLoaded(let itemID, _), .tracksLoaded(let itemID, _),
      .authorLoaded(let itemID, _):
      return itemID
    case .watch(let action):
      return action.answeredItemID
    default:
      return nil
    }
  }

  /// Whether the action comes from the person.
  public var isInput: Bool {
    switch self {
    case .scrollRequested, .workMoved, .trackMoved, .trackClicked, .focusedWorkOpened, .workOpened,
      .openStoreLinkRequested,
      .openAuthorLinkRequested, .retryRequested, .albumPageRequested, .artistPageRequested,
      .notesToggled, .screenshotsPaged:
      return true
    case .watch(let action):
      return action.isInput
    case .opened, .detailsLoaded, .tracksLoaded, .authorLoaded, .delegate:
      return false
    }
  }
}

/// How a detail screen is asked to scroll.
public enum DetailScroll: Equatable, Sendable {
  /// By lines (negative: up).
  case lines(Int)
  /// By pages of the document's visible height (negative: up).
  case pages(Int)
  /// To the top.
  case top
  /// To the bottom.
  case bottom
}
