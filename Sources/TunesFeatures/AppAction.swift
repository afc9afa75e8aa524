import Foundation
import ITunesCatalog
import ITunesClient

/// Everything that can happen in the app: input from the person (keys, clicks, resizes) and
/// results of effects. Names say what happened, not what to do.
public enum AppAction: Equatable, Sendable {
  // MARK: Start

  /// The program started: loads history, favourite ids and saved filters.
  case appStarted
  /// Saved filters were read.
  case filtersLoaded(SearchFilters)
  /// Reading or writing local storage failed (shown as a notice).
  case storageFailed(FeatureError)
  /// Something the person must know about the start (a damaged database kept aside, history
  /// off), shown as a notice.
  case startupNoticeReported(String)

  // MARK: Search

  /// The query text changed (the TUI edits it).
  case queryChanged(String)
  /// Enter in the query box: runs the search (or picks the highlighted suggestion).
  case querySubmitted
  /// ↑/↓ in the suggestions (`nil`: none highlighted).
  case suggestionHighlighted(Int?)
  /// A suggestion was picked (Enter on it or a click): it becomes the query and runs.
  case suggestionPicked(Int)
  /// A search answered; dropped unless `requestID` is the current one.
  case searchResponse(requestID: Int, Result<CatalogResponse, FeatureError>)
  /// Recent searches were read from history.
  case historyLoaded([String])
  /// Tab or `/` (to the query) or Enter/click (to the results).
  case focusMoved(to: SearchState.Focus)
  /// Arrows, h/j/k/l, PgUp/PgDn, g/G on the top screen.
  case selectionMoved(MoveDirection)
  /// A click on tile/row `index` of the top screen: selects it; a second click opens it.
  case tileClicked(Int)
  /// Enter on the selected tile/row (or the focused work on a detail).
  case tileOpened
  /// The end of the grid was reached: fetch again with a larger limit (up to 200).
  case loadMoreRequested
  /// `v`: grid ↔ grouped by kind.
  case groupingToggled
  /// `r`: run the last search again.
  case retryRequested
  /// The rate-limit countdown ticked at clock instant `now`.
  case rateLimitTick(now: Duration)

  // MARK: Filters

  /// `f`: the filters panel opened.
  case filtersOpened
  /// The draft in the filters panel changed.
  case filtersChanged(SearchFilters)
  /// A field of the filters panel got focus.
  case filtersFieldFocused(FiltersState.Field)
  /// Enter in the filters panel: apply when valid (persisted; the search runs again).
  case filtersApplied

  // MARK: Overlays and navigation

  /// `?`: the help overlay opened or closed.
  case helpToggled
  /// Esc: closes the overlay, else pops the top screen, else hides suggestions.
  case backRequested
  /// `F`: the favourites screen opened.
  case favoritesOpened
  /// The favourites list was read.
  case favoritesLoaded(Result<[CatalogItem], FeatureError>)
  /// `*`: the selected tile's (or the detail's) favourite mark flipped.
  case favoriteToggled
  /// Storage flipped the favourite; `true` when the item is now a favourite.
  case favoriteStored(CatalogItem, Result<Bool, FeatureError>)
  /// The favourite ids were read.
  case favoriteIDsLoaded(Set<Int64>)
  /// Something happened on the top detail screen.
  case detail(DetailAction)
  /// An attempt to open a link in the browser finished.
  case linkOpened(Result<URL, FeatureError>)
  /// The terminal was resized.
  case resized(columns: Int, rows: Int)
  /// `q` (outside the query box) or Ctrl-C.
  case quitRequested
}

extension AppAction {
  /// Whether the action comes from the person (a key, click or resize), which clears the notice.
  public var isInput: Bool {
    switch self {
    case .queryChanged, .querySubmitted, .suggestionHighlighted, .suggestionPicked, .focusMoved,
      .selectionMoved, .tileClicked, .tileOpened, .loadMoreRequested, .groupingToggled,
      .retryRequested, .filtersOpened, .filtersChanged, .filtersFieldFocused, .filtersApplied,
      .helpToggled, .backRequested, .favoritesOpened, .favoriteToggled, .quitRequested:
      return true
    case .detail(let action):
      switch action {
      case .scrolled, .workOpened, .openStoreLinkRequested, .openAuthorLinkRequested: return true
      case .detailsLoaded, .tracksLoaded, .authorLoaded: return false
      }
    case .appStarted, .filtersLoaded, .storageFailed, .startupNoticeReported, .searchResponse,
      .historyLoaded,
      .rateLimitTick, .favoritesLoaded, .favoriteStored, .favoriteIDsLoaded, .linkOpened, .resized:
      return false
    }
  }
}
