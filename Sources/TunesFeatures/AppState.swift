/// The whole app's state: the search screen at the root, screens pushed above it, an overlay,
/// favourites, filters, the terminal size and a transient notice.
public struct AppState: Equatable, Sendable {
  /// Screens pushed above the search screen; empty means the search screen shows.
  public var stack: [Route]
  /// The search screen (kept while other screens are pushed, so going back restores it).
  public var search: SearchState
  /// The ids of favourite items (tiles of these show ★).
  public var favoriteIDs: Set<Int64>
  /// The overlay drawn over everything, if any.
  public var overlay: Overlay?
  /// The applied filters.
  public var filters: SearchFilters
  /// The terminal size.
  public var viewport: Viewport
  /// A transient status message ("Saved to favourites"); cleared by the next key or click.
  public var notice: String?
  /// Set by `quitRequested`; the program loop exits when it sees it.
  public var shouldQuit: Bool

  /// Makes the app's first state: an empty search screen with focus in the query box.
  public init(
    stack: [Route] = [], search: SearchState = SearchState(), favoriteIDs: Set<Int64> = [],
    overlay: Overlay? = nil, filters: SearchFilters = SearchFilters(),
    viewport: Viewport = Viewport(), notice: String? = nil, shouldQuit: Bool = false
  ) {
    self.stack = stack
    self.search = search
    self.favoriteIDs = favoriteIDs
    self.overlay = overlay
    self.filters = filters
    self.viewport = viewport
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

  /// The favourites screen on top, if it is.
  public var topFavorites: FavoritesState? {
    if case .favorites(let favorites) = stack.last { return favorites }
    return nil
  }
}
