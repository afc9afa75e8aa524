import AppArchitecture
import ITunesCatalog

extension AppFeature {
  func reduceFavorites(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
    switch action {
    case .favoritesOpened:
      guard state.topFavorites == nil else { return .none }
      state.overlay = nil
      state.stack.append(.favorites(FavoritesState(items: .loading(previous: nil))))
      return loadFavorites()
    case .favoritesLoaded(let result):
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
      return .none
    case .favoriteToggled:
      guard state.overlay == nil else { return .none }
      let item: CatalogItem?
      switch state.stack.last {
      case .detail(let detail)?: item = detail.shownItem
      case .favorites(let favorites)?: item = favorites.selectedItem
      case nil: item = state.search.selectedItem
      }
      guard let item else { return .none }
      let favorites = dependencies.favorites
      return .run { send in
        do {
          send(.favoriteStored(item, .success(try await favorites.toggle(item))))
        } catch {
          send(.favoriteStored(item, .failure(.storage(error.localizedDescription))))
        }
      }
    case .favoriteStored(let item, .success(let isFavorite)):
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
    case .favoriteStored(_, .failure(let error)):
      state.notice = error.title
      return .none
    case .favoriteIDsLoaded(let ids):
      state.favoriteIDs = ids
      return .none
    default:
      return .none
    }
  }

  private func loadFavorites() -> Effect<AppAction> {
    let favorites = dependencies.favorites
    return .run { send in
      do {
        send(.favoritesLoaded(.success(try await favorites.list())))
      } catch {
        send(.favoritesLoaded(.failure(.storage(error.localizedDescription))))
      }
    }
  }
}
