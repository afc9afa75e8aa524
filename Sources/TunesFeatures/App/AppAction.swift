import Foundation
import ITunesCatalog
import ITunesClient

/// Everything that can happen in the app: input from the person (keys, clicks, resizes), what
/// the screen measured, and results of effects. Names say what happened, not what to do.
///
/// Each feature has its own action type; a key press is followed from the key map to one case
/// here and from there to one case of one feature's reducer.
public enum AppAction: Equatable, Sendable {
  // MARK: Start

  /// The program started: loads history, favourite ids and saved filters.
  case appStarted
  /// Reading or writing local storage failed (shown as a notice).
  case storageFailed(FeatureError)
  /// Something the person must know about the start (a damaged database kept aside, history
  /// off), shown as a notice.
  case startupNoticeReported(String)

  // MARK: Features

  /// Something happened on the search screen.
  case search(SearchAction)
  /// Something happened in the filters panel.
  case filters(FiltersAction)
  /// Something happened on the favourites screen.
  case favorites(FavoritesAction)
  /// Something happened on the top detail screen.
  case detail(DetailAction)
  /// Something happened to the preview player.
  case playback(PlaybackAction)
  /// Something happened on the home screen (its chart rows).
  case home(HomeAction)
  /// Something happened on the genres screen.
  case genres(GenresAction)
  /// Artwork fetches ending.
  case artwork(ArtworkAction)
  /// Something happened in the settings panel.
  case settings(SettingsAction)
  /// Something happened to the home screen's Changes row (keeping watch).
  case watch(WatchAction)

  // MARK: Every screen

  /// `?` or F1: the help overlay opened or closed.
  case helpToggled
  /// ↑/↓/PgUp/PgDn in the help overlay (lines; negative: up).
  case helpScrolled(Int)
  /// Esc: closes the overlay, else pops the top screen, else hides suggestions.
  case backRequested
  /// `/` on any screen: the search box asked for. Overlays close, the screens above the search
  /// screen are left (their requests cancelled) and the query box takes the focus.
  case searchBoxRequested
  /// `*`: the focused item's (the detail's, the selected tile's or row's) favourite mark flipped.
  case favoriteToggled
  /// Storage flipped the favourite; `true` when the item is now a favourite.
  case favoriteStored(CatalogItem, Result<Bool, FeatureError>)
  /// The favourite ids were read.
  case favoriteIDsLoaded(Set<Int64>)
  /// An attempt to open a link in the browser finished.
  case linkOpened(Result<URL, FeatureError>)
  /// The browser could not be started for `url`: the notice shows the link to copy or click.
  case linkOpenFailed(url: URL, reason: String)
  /// `y` on a link that could not be opened: copy it to the terminal's clipboard (OSC 52).
  case linkCopyRequested(String)
  /// The terminal was resized.
  case resized(columns: Int, rows: Int)
  /// The screen was drawn with these measurements (sent only when they change).
  case layoutMeasured(ScreenMetrics)
  /// The spinner's clock ticked (only while something loads).
  case spinnerTicked
  /// `q` (outside the query box) or Ctrl-C.
  case quitRequested
  /// The terminal window came to the front (`true`) or went behind another (focus reports).
  case terminalFocusChanged(Bool)
  /// `d` on a "cannot reach Apple" error: switch to the demo catalogue for this session.
  case demoRequested
  /// The switch to the demo catalogue happened (`nil`) or failed.
  case demoSwitched(FeatureError?)
}

extension AppAction {
  /// Whether the action comes from the person (a key, click or resize), which clears the notice.
  public var isInput: Bool {
    switch self {
    case .search(let action): return action.isInput
    case .filters(let action): return action.isInput
    case .favorites(let action): return action.isInput
    case .detail(let action): return action.isInput
    case .playback(let action): return action.isInput
    case .home(let action): return action.isInput
    case .genres(let action): return action.isInput
    case .artwork: return false
    case .settings(let action): return action.isInput
    case .watch(let action): return action.isInput
    case .helpToggled, .helpScrolled, .backRequested, .searchBoxRequested, .favoriteToggled,
      .quitRequested, .demoRequested, .linkCopyRequested:
      return true
    case .demoSwitched: return false
    case .appStarted, .storageFailed, .startupNoticeReported, .favoriteStored, .favoriteIDsLoaded,
      .linkOpened, .linkOpenFailed, .resized, .layoutMeasured, .spinnerTicked,
      .terminalFocusChanged:
      return false
    }
  }
}
