import AppArchitecture

/// How the parent composes the features: each on its part of `AppState` (`Scope` for the parts
/// always there, `IfLet` for an overlay or the top screen), and the answers that reach every
/// screen of a kind in the stack.
extension AppFeature {
  /// The parent, then every feature on its part of the state.
  var features: CombineReducers<AppState, AppAction> {
    CombineReducers([
      Reduce(core),
      Scope(
        state: \AppState.searchFeature,
        action: { (action: AppAction) -> SearchAction? in
          if case .search(let search) = action { return search }
          return nil
        },
        embed: AppAction.search, child: SearchFeature(dependencies: dependencies)),
      Scope(
        state: \AppState.homeFeature,
        action: { (action: AppAction) -> HomeAction? in
          if case .home(let home) = action { return home }
          return nil
        },
        embed: AppAction.home, child: HomeFeature(dependencies: dependencies)),
      Scope(
        state: \AppState.watchFeature,
        action: { (action: AppAction) -> WatchAction? in
          if case .watch(let watch) = action { return watch }
          return nil
        },
        embed: AppAction.watch, child: WatchFeature(dependencies: dependencies)),
      Reduce(watchFocus),
      IfLet(
        state: \AppState.genresFeature,
        action: { (action: AppAction) -> GenresAction? in
          if case .genres(let genres) = action { return genres }
          return nil
        },
        embed: AppAction.genres, child: GenresFeature(dependencies: dependencies)),
      IfLet(
        state: \AppState.topDetailFeature,
        action: { (action: AppAction) -> DetailAction? in
          if case .detail(let detail) = action, detail.answeredItemID == nil { return detail }
          return nil
        },
        embed: AppAction.detail, child: DetailFeature(dependencies: dependencies)),
      Reduce(detailAnswers),
      IfLet(
        state: \AppState.topFavoritesFeature,
        action: { (action: AppAction) -> FavoritesAction? in
          if case .favorites(let favorites) = action, !favorites.isAnswer { return favorites }
          return nil
        },
        embed: AppAction.favorites, child: FavoritesFeature(favorites: dependencies.favorites)),
      Reduce(favoritesAnswers),
      Scope(
        state: \AppState.playbackFeature,
        action: { (action: AppAction) -> PlaybackAction? in
          if case .playback(let playback) = action { return playback }
          return nil
        },
        embed: AppAction.playback, child: PlaybackFeature(dependencies: dependencies)),
      IfLet(
        state: \AppState.filtersPanel,
        action: { (action: AppAction) -> FiltersAction? in
          if case .filters(let filters) = action { return filters }
          return nil
        },
        embed: AppAction.filters, child: FiltersFeature()),
      IfLet(
        state: \AppState.settingsPanel,
        action: { (action: AppAction) -> SettingsAction? in
          if case .settings(let settings) = action { return settings }
          return nil
        },
        embed: AppAction.settings, child: SettingsFeature()),
    ])
  }

  /// The Changes row lets go of the focus when it goes elsewhere: the query box, a tile, home
  /// again, a search.
  func watchFocus(_ state: inout AppState, _ action: AppAction) -> Effect<AppAction> {
    guard state.watch.selection != nil else { return .none }
    switch action {
    case .search(.focusMoved(to: .query)), .search(.querySubmitted), .searchBoxRequested,
      .home(.tileClicked), .home(.opened):
      state.watch.selection = nil
    default:
      break
    }
    return .none
  }

  /// A lookup's answer reaches every detail in the stack showing its item.
  func detailAnswers(_ state: inout AppState, _ action: AppAction) -> Effect<AppAction> {
    guard case .detail(let answer) = action, answer.answeredItemID != nil else { return .none }
    let feature = DetailFeature(dependencies: dependencies)
    var effects: [Effect<AppAction>] = []
    for index in state.stack.indices {
      guard case .detail(let detail) = state.stack[index] else { continue }
      var child = state.detailFeature(detail, depth: index)
      effects.append(feature.reduce(into: &child, action: answer).map(AppAction.detail))
      state.stack[index] = .detail(child.detail)
    }
    return .merge(effects)
  }

  /// The favourites list, read, reaches every favourites screen in the stack.
  func favoritesAnswers(_ state: inout AppState, _ action: AppAction) -> Effect<
    AppAction
  > {
    guard case .favorites(let answer) = action, answer.isAnswer else { return .none }
    var effects: [Effect<AppAction>] = []
    for index in state.stack.indices {
      guard case .favorites(let favorites) = state.stack[index] else { continue }
      var child = state.favoritesFeature(favorites)
      effects.append(
        FavoritesFeature(favorites: dependencies.favorites).reduce(into: &child, action: answer)
          .map(AppAction.favorites))
      state.stack[index] = .favorites(child.favorites)
    }
    return .merge(effects)
  }
}
