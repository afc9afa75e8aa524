import AppArchitecture
import Foundation
import ITunesCatalog

/// What the parent does on every screen: the favourite marks (`*`, the ids every screen shows),
/// opening the focused item's links, and pushing a detail.
extension AppFeature {
  /// Pushes a detail for `item`; its lookups start (cancelled when it is popped), and the
  /// favourite marks are read again.
  func openDetail(_ state: inout AppState, item: CatalogItem) -> Effect<AppAction> {
    var detail = DetailFeature.opening(item, country: state.filters.country)
    // An album opened from one of its songs picks that song in its track list.
    if let from = state.topDetail?.shownItem, from.collectionID == item.id, from.id != item.id {
      detail.pendingTrackID = from.id
    }
    state.stack.append(.detail(detail))
    return .merge(dispatch(&state, .detail(.opened)), refreshFavoriteIDs())
  }

  /// `F`: the favourites screen, its list read from storage.
  func openFavorites(_ state: inout AppState) -> Effect<AppAction> {
    guard state.topFavorites == nil else { return .none }
    state.overlay = nil
    var favorites = FavoritesState(phase: .loading(previous: nil))
    let effect = FavoritesFeature.refresh(
      &favorites, rows: state.metrics.favoritesRows, client: dependencies.favorites)
    state.stack.append(.favorites(favorites))
    return effect.map(AppAction.favorites)
  }

  /// `o` and `a`: the focused item's store or author page in the browser.
  func openLink(_ state: inout AppState, _ request: DetailAction) -> Effect<AppAction> {
    let detail = state.topDetail
    if request == .openStoreLinkRequested {
      let item = detail?.shownItem ?? state.search.selectedItem
      return openLink(&state, item?.storeURL, missing: "This item has no store link.")
    }
    let url =
      detail?.author?.value?.author?.storeURL ?? detail?.shownItem.authorURL
      ?? (detail == nil ? state.search.selectedItem?.authorURL : nil)
    return openLink(&state, url, missing: "This item has no author link.")
  }

  /// `*`: the focused item becomes a favourite when the screen shows it is not one, and stops
  /// being one when the screen shows it is.
  func toggleFavorite(_ state: inout AppState) -> Effect<AppAction> {
    guard state.overlay == nil else { return .none }
    let item: CatalogItem?
    switch state.stack.last {
    case .detail(let detail)?: item = detail.shownItem
    case .favorites?:
      // On the favourites screen `*` removes the row, with a way back (`u`).
      return dispatch(&state, .favorites(.removeRequested))
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

  /// Storage flipped the favourite: the marks and a favourites screen follow.
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
      return refreshFavorites(&state)
    case .failure(let error):
      state.notice = error.title
      return .none
    }
  }

  /// Every favourites screen in the stack reads its window again, with the counts.
  func refreshFavorites(_ state: inout AppState) -> Effect<AppAction> {
    var effects: [Effect<AppAction>] = []
    for index in state.stack.indices {
      guard case .favorites(var favorites) = state.stack[index] else { continue }
      effects.append(
        FavoritesFeature.refresh(
          &favorites, rows: state.metrics.favoritesRows, client: dependencies.favorites
        ).map(AppAction.favorites))
      state.stack[index] = .favorites(favorites)
    }
    return effects.isEmpty ? .none : .merge(effects)
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
}
