import AppArchitecture
import ITunesCatalog

extension AppFeature {
  func reduceFavorites(into state: inout AppState, action: FavoritesAction) -> Effect<AppAction> {
    switch action {
    case .opened:
      guard state.topFavorites == nil else { return .none }
      state.overlay = nil
      state.stack.append(.favorites(FavoritesState(items: .loading(previous: nil))))
      return loadFavorites()
    case .loaded(let result):
      for index in state.stack.indices {
        guard case .favorites(var favorites) = state.stack[index] else { continue }
        switch result {
        case .success(let items):
          favorites.items = .loaded(items)
          favorites.selection = min(favorites.selection, max(0, items.count - 1))
        case .failure(let error):
          favorites.items = favorites.items.failing(error)
        }
        state.stack[index] = .favorites(favorites)
      }
      if case .success(let items) = result { state.favoriteIDs = Set(items.map(\.id)) }
      return .none
    case .selectionMoved(let direction):
      guard case .favorites(var favorites)? = state.stack.last else { return .none }
      let count = favorites.items.value?.count ?? 0
      favorites.selection = SelectionMovement.move(
        favorites.selection, direction, rows: SelectionMovement.gridRows(count: count, columns: 1),
        pageRows: max(1, state.metrics.favoritesRows))
      state.stack[state.stack.count - 1] = .favorites(favorites)
      return .none
    case .rowClicked(let index):
      guard case .favorites(var favorites)? = state.stack.last,
        (favorites.items.value ?? []).indices.contains(index)
      else { return .none }
      if favorites.selection == index { return openSelectedFavorite(&state) }
      favorites.selection = index
      state.stack[state.stack.count - 1] = .favorites(favorites)
      return .none
    case .rowOpened:
      return openSelectedFavorite(&state)
    }
  }

  private func openSelectedFavorite(_ state: inout AppState) -> Effect<AppAction> {
    guard state.overlay == nil, let item = state.topFavorites?.selectedItem else { return .none }
    return openDetail(&state, item: item)
  }

  /// `*`: the focused item becomes a favourite when the screen shows it is not one, and stops
  /// being one when the screen shows it is.
  func toggleFavorite(_ state: inout AppState) -> Effect<AppAction> {
    guard state.overlay == nil else { return .none }
    let item: CatalogItem?
    switch state.stack.last {
    case .detail(let detail)?: item = detail.shownItem
    case .favorites(let favorites)?: item = favorites.selectedItem
    case .genres(let genres)?: item = genres.selectedItem
    case nil: item = state.search.focus == .results ? state.search.selectedItem : nil
    }
    guard let item else { return .none }
    let favorite = !state.favoriteIDs.contains(item.id)
    let favorites = dependencies.favorites
    return .run { send in
      do {
        try await favorites.setFavorite(item, favorite)
        send(.favoriteStored(item, .success(favorite)))
      } catch {
        send(.favoriteStored(item, .failure(.storage(error.localizedDescription))))
      }
    }
  }

  func storeFavorite(
    _ state: inout AppState, item: CatalogItem, result: Result<Bool, FeatureError>
  ) -> Effect<AppAction> {
    switch result {
    case .success(let isFavorite):
      if isFavorite {
        state.favoriteIDs.insert(item.id)
        state.notice = "Saved to favourites"
      } else {
        state.favoriteIDs.remove(item.id)
        state.notice = "Removed from favourites"
      }
      let showsFavorites = state.stack.contains {
        if case .favorites = $0 { return true }
        return false
      }
      return showsFavorites ? loadFavorites() : .none
    case .failure(let error):
      state.notice = error.title
      return .none
    }
  }

  /// Reads the stored favourite ids again, so the marks shown are the stored ones (another
  /// tunes may have changed them).
  func refreshFavoriteIDs() -> Effect<AppAction> {
    let favorites = dependencies.favorites
    return .run { send in
      send(.favoriteIDsLoaded(try await favorites.ids()))
    } catch: { error, send in
      send(.storageFailed(.storage(error.localizedDescription)))
    }
  }

  private func loadFavorites() -> Effect<AppAction> {
    let favorites = dependencies.favorites
    return .run { send in
      do {
        send(.favorites(.loaded(.success(try await favorites.list()))))
      } catch {
        send(.favorites(.loaded(.failure(.storage(error.localizedDescription)))))
      }
    }
  }
}
