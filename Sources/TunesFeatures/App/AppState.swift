/// The whole app's state: the search screen at the root, screens pushed above it, an overlay,
/// favourites, filters, the terminal size and a transient notice.
public struct AppState: Equatable, Sendable {
  /// Screens pushed above the search screen; empty means the search screen shows.
  public var stack: [Route]
  /// The search screen (kept while other screens are pushed, so going back restores it).
  public var search: SearchState
  /// The home screen's chart rows, shown in the search screen's results area until a search
  /// is submitted (and again after `H`).
  public var home = HomeState()
  /// The home screen's Changes row (keeping watch).
  public var watch = WatchState()
  /// The ids of favourite items (tiles of these show ★).
  public var favoriteIDs: Set<Int64>
  /// The overlay drawn over everything, if any.
  public var overlay: Overlay?
  /// The applied filters.
  public var filters: SearchFilters
  /// The terminal size.
  public var viewport: Viewport
  /// What the screen measured when last drawn (visible lines, the detail's height).
  public var metrics: ScreenMetrics
  /// The spinner's frame number; it advances only while something loads.
  public var spinnerTick: Int
  /// Lines of the help overlay scrolled off the top (small terminals).
  public var helpScroll: Int = 0
  /// Whether tunes answers from the local cache only (`--offline`).
  public var offline: Bool = false
  /// Whether the results come from the built-in demo catalogue (the header says so).
  public var isDemo: Bool = false
  /// Whether `d` may switch to the demo catalogue when Apple cannot be reached.
  public var demoAvailable: Bool = false
  /// The preview that plays (shown on every screen), if any.
  public var playback = PlaybackState()
  /// Artwork: on or off, the cell size, each wanted artwork's status.
  public var artwork = ArtworkState()
  /// A link that could not be opened, shown (selectable, and an OSC 8 link) with the notice.
  public var noticeLink: String? = nil
  /// The last text asked to go to the terminal's clipboard, numbered so the program loop
  /// writes each request once (OSC 52).
  public var clipboard: ClipboardCopy? = nil
  /// A transient status message ("Saved to favourites"); cleared by the next key or click.
  public var notice: String?
  /// Whether the terminal window is in front, as its focus reports say (`true` until one says
  /// otherwise). Track changes are announced on the desktop while it is not.
  public var terminalFocused = true
  /// Set by `quitRequested`; the program loop exits when it sees it.
  public var shouldQuit: Bool

  /// Makes the app's first state: an empty search screen with focus in the query box.
  public init(
    stack: [Route] = [], search: SearchState = SearchState(), favoriteIDs: Set<Int64> = [],
    overlay: Overlay? = nil, filters: SearchFilters = SearchFilters(),
    viewport: Viewport = Viewport(), metrics: ScreenMetrics = ScreenMetrics(),
    spinnerTick: Int = 0, notice: String? = nil, shouldQuit: Bool = false
  ) {
    self.stack = stack
    self.search = search
    self.favoriteIDs = favoriteIDs
    self.overlay = overlay
    self.filters = filters
    self.viewport = viewport
    self.metrics = metrics
    self.spinnerTick = spinnerTick
    self.notice = notice
    self.shouldQuit = shouldQuit
  }

  /// The top screen, or `nil` when the search screen shows.
  public var top: Route? { stack.last }

  /// The detail on top, if the top screen is a detail.
  public var topDetail: DetailState? {
    if case .detail(let detail) = stack.last { return detail }
    return nil
  }

  /// Whether anything on screen is loading, so the spinner must tick.
  public var isLoading: Bool {
    switch stack.last {
    case nil:
      return search.results.isLoading || (showsHome && (home.isLoading || watch.isLoading))
    case .favorites(let favorites)?:
      return favorites.isLoading
    case .genres(let genres)?:
      return genres.isLoading
    case .detail(let detail)?:
      return detail.details.isLoading || detail.tracks?.isLoading == true
        || detail.author?.isLoading == true || detail.storefronts?.isLoading == true
    }
  }

  /// Tiles per row fixed by the config key `columns` (1–4), or `nil` to follow the width.
  public var preferredColumns: Int? = nil

  /// The tiles per row of the results grid: the configured number, else by the width.
  public var columns: Int {
    preferredColumns ?? SearchLayout.columns(viewportColumns: viewport.columns)
  }

  /// Whether the search screen shows the home rows: they were asked for, and nothing is
  /// searched (yet, or again after `H`). Before the first load the welcome text shows.
  public var showsHome: Bool {
    guard home.country != nil, search.submitted == nil else { return false }
    if case .idle = search.results { return true }
    return false
  }

  /// The favourites screen on top, if it is.
  public var topFavorites: FavoritesState? {
    if case .favorites(let favorites) = stack.last { return favorites }
    return nil
  }
}

/// Text for the terminal's clipboard: the program loop writes it as OSC 52 once per `id`.
public struct ClipboardCopy: Equatable, Sendable {
  /// Which request this is (1, 2, …): a new copy of the same text is written again.
  public var id: Int
  /// The text copied.
  public var text: String

  /// Makes a request.
  public init(id: Int, text: String) {
    self.id = id
    self.text = text
  }
}
