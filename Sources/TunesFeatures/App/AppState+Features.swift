import ITunesCatalog

/// The features' states as the parent hands them over: each feature's own part of `AppState`
/// with the few read-only facts from elsewhere it needs (the storefront, whether its screen is
/// in front). Setting one writes back the feature's own part only; the facts are the parent's.
extension AppState {
  /// The storefront in force (lower case; `us` when none is chosen).
  var storefront: String { (filters.country ?? Country.appleDefault).lowercased() }

  /// Whether the search screen is in front: no screen pushed and no overlay.
  var searchIsFrontmost: Bool { stack.isEmpty && overlay == nil }

  /// The search screen's feature state.
  var searchFeature: SearchFeature.State {
    get {
      SearchFeature.State(
        search: search, filters: filters, columns: columns, resultsLines: metrics.resultsLines,
        isRoot: stack.isEmpty, isFrontmost: searchIsFrontmost)
    }
    set { search = newValue.search }
  }

  /// The home screen's feature state.
  var homeFeature: HomeFeature.State {
    get {
      HomeFeature.State(
        home: home, country: storefront, rowsFocused: search.focus == .results,
        isFrontmost: searchIsFrontmost)
    }
    set { home = newValue.home }
  }

  /// The Changes row's feature state.
  var watchFeature: WatchFeature.State {
    get { WatchFeature.State(watch: watch, country: storefront) }
    set { watch = newValue.watch }
  }

  /// The genres screen nearest the top of the stack, if there is one.
  var genresFeature: GenresFeature.State? {
    get {
      guard let index = stack.lastIndex(where: { $0.genres != nil }),
        let genres = stack[index].genres
      else { return nil }
      return GenresFeature.State(
        genres: genres, isFrontmost: index == stack.count - 1 && overlay == nil)
    }
    set {
      guard let newValue, let index = stack.lastIndex(where: { $0.genres != nil }) else { return }
      stack[index] = .genres(newValue.genres)
    }
  }

  /// The detail on top, if the top screen is a detail.
  var topDetailFeature: DetailFeature.State? {
    get { topDetail.map { detailFeature($0, depth: stack.count - 1) } }
    set {
      guard let newValue, case .detail? = stack.last else { return }
      stack[stack.count - 1] = .detail(newValue.detail)
    }
  }

  /// The feature state of `detail` at stack index `depth`.
  func detailFeature(_ detail: DetailState, depth: Int) -> DetailFeature.State {
    DetailFeature.State(detail: detail, metrics: metrics, country: filters.country, depth: depth)
  }

  /// The favourites screen on top, if it is.
  var topFavoritesFeature: FavoritesFeature.State? {
    get { topFavorites.map(favoritesFeature) }
    set {
      guard let newValue, case .favorites? = stack.last else { return }
      stack[stack.count - 1] = .favorites(newValue.favorites)
    }
  }

  /// The feature state of a favourites screen.
  func favoritesFeature(_ favorites: FavoritesState) -> FavoritesFeature.State {
    FavoritesFeature.State(
      favorites: favorites, rows: metrics.favoritesRows, isFrontmost: overlay == nil)
  }

  /// The preview player's feature state.
  var playbackFeature: PlaybackFeature.State {
    get {
      PlaybackFeature.State(playback: playback, viewport: viewport, country: filters.country)
    }
    set { playback = newValue.playback }
  }

  /// The filters panel, while it is open.
  var filtersPanel: FiltersState? {
    get {
      if case .filters(let panel) = overlay { return panel }
      return nil
    }
    set {
      guard let newValue, case .filters = overlay else { return }
      overlay = .filters(newValue)
    }
  }

  /// The settings panel, while it is open.
  var settingsPanel: SettingsState? {
    get {
      if case .settings(let panel) = overlay { return panel }
      return nil
    }
    set {
      guard let newValue, case .settings = overlay else { return }
      overlay = .settings(newValue)
    }
  }
}

extension AppAction {
  /// Whether the action is a feature asking the parent for something; the parent handles it in
  /// the same step as the action that caused it.
  var isDelegate: Bool {
    switch self {
    case .search(.delegate), .home(.delegate), .genres(.delegate), .filters(.delegate),
      .settings(.delegate), .detail(.delegate), .favorites(.delegate), .playback(.delegate),
      .watch(.delegate):
      return true
    default:
      return false
    }
  }
}
