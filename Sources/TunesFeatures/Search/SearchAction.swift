import ITunesCatalog
import ITunesClient

/// What happened on the search screen: the query box, its suggestions and the results.
public enum SearchAction: Equatable, Sendable {
  /// An editing key in the query box (typing, deleting, moving the cursor).
  case queryEdited(QueryEdit)
  /// Enter in the query box: runs the search (or picks the highlighted suggestion).
  case querySubmitted
  /// ↑/↓ in the query box moved the highlight through the suggestions.
  case suggestionMoved(up: Bool)
  /// A suggestion was picked (Enter on it or a click): it becomes the query and runs with the
  /// filters it last ran with.
  case suggestionPicked(Int)
  /// The filters a picked suggestion last ran with were read (`nil`: none kept).
  case suggestionFiltersLoaded(query: String, SearchFilters?)
  /// Esc on the search screen with nothing above it: the suggestions close.
  case suggestionsDismissed
  /// Delete on a highlighted suggestion: that search is forgotten (history and list).
  case suggestionRemoved(Int)
  /// The history was forgotten as a whole (the settings' "Clear history").
  case historyCleared
  /// A search answered, for load `generation`; dropped unless it is the current one.
  case searchResponse(generation: Int, Result<CatalogResponse, FeatureError>)
  /// Recent searches were read from history.
  case historyLoaded([String])
  /// Tab or `/` (to the query) or Enter/click (to the results).
  case focusMoved(to: SearchState.Focus)
  /// Arrows, h/j/k/l, PgUp/PgDn, g/G in the results; past the end of a full page, more load.
  case selectionMoved(MoveDirection)
  /// A click on tile `index`: selects it; a second click opens it.
  case tileClicked(Int)
  /// Enter on the selected tile.
  case tileOpened
  /// `v`: grid ↔ grouped by kind.
  case groupingToggled
  /// `r`: run the last search again.
  case retryRequested
  /// Esc while a search runs: it is cancelled.
  case cancelRequested
  /// Esc on the search screen: a running search is cancelled; else, in the query box, open
  /// suggestions close, then the focus leaves the box; in the results the query box takes it.
  case escapePressed
  /// `H`: the search screen empties (query, results, suggestions) for the home rows, and the
  /// search in flight is cancelled.
  case resetRequested
  /// The home rows took the focus (`true`: a tile was clicked; the suggestions close) or gave
  /// it back to the query box (`false`).
  case rowsFocused(Bool)
  /// Other filters were applied: a search on screen runs again with them.
  case filtersApplied(SearchFilters)
  /// The rate-limit countdown ticked at clock instant `now`.
  case rateLimitTick(now: Duration)
  /// What the search screen asks of the app.
  case delegate(Delegate)

  /// What the search screen asks of the app (the parent handles these).
  public enum Delegate: Equatable, Sendable {
    /// Open this item's detail.
    case openItem(CatalogItem)
    /// Show this notice.
    case notice(String)
    /// A picked suggestion's filters become the applied ones (saved; nothing else reloads).
    case filtersAdopted(SearchFilters)
    /// Writing the history failed.
    case storageFailed(FeatureError)
  }

  /// Whether the action comes from the person.
  public var isInput: Bool {
    switch self {
    case .queryEdited, .querySubmitted, .suggestionMoved, .suggestionPicked, .suggestionRemoved,
      .historyCleared, .focusMoved,
      .selectionMoved, .tileClicked, .tileOpened, .groupingToggled, .retryRequested,
      .cancelRequested, .escapePressed:
      return true
    case .searchResponse, .historyLoaded, .rateLimitTick, .suggestionFiltersLoaded,
      .suggestionsDismissed, .resetRequested, .rowsFocused, .filtersApplied, .delegate:
      return false
    }
  }
}
