import AppArchitecture
import Foundation
import ITunesCatalog

/// What the parent does for the features: their delegate actions, and the screens and
/// settings that cross features (the route stack, `H`, `/`, `g`, the applied filters).
extension AppFeature {
  /// Handles a feature's delegate action.
  func delegated(_ state: inout AppState, _ action: AppAction) -> Effect<AppAction> {
    switch action {
    case .search(.delegate(.openItem(let item))), .home(.delegate(.openItem(let item))),
      .genres(.delegate(.openItem(let item))), .detail(.delegate(.openItem(let item))),
      .favorites(.delegate(.openItem(let item))), .watch(.delegate(.openItem(let item))):
      return openDetail(&state, item: item)
    case .home(.delegate(.openGenres(let medium))):
      return dispatch(&state, .genres(.opened(medium: medium)))
    case .home(.delegate(.rowsFocused(let focused))), .watch(.delegate(.rowsFocused(let focused))):
      return dispatch(&state, .search(.rowsFocused(focused)))
    case .search(.delegate(.notice(let text))), .home(.delegate(.notice(let text))),
      .genres(.delegate(.notice(let text))), .detail(.delegate(.notice(let text))),
      .playback(.delegate(.notice(let text))), .watch(.delegate(.notice(let text))),
      .favorites(.delegate(.notice(let text))):
      state.notice = text
      return .none
    case .favorites(.delegate(.markChanged(let id, let favorite))):
      if favorite { state.favoriteIDs.insert(id) } else { state.favoriteIDs.remove(id) }
      return .none
    case .search(.delegate(.filtersAdopted(let filters))):
      state.filters = filters
      return saveFilters(filters)
    case .search(.delegate(.storageFailed(let error))):
      return dispatch(&state, .storageFailed(error))
    case .genres(.delegate(.closed)):
      guard let index = state.stack.lastIndex(where: { $0.genres != nil }) else { return .none }
      let left = state.stack.remove(at: index)
      return cancelWork(of: [left])
    case .filters(.delegate(.applied(var filters))):
      // The storefront is the settings' (S); the panel leaves it as it is.
      filters.country = state.filters.country
      state.overlay = nil
      state.notice = "Filters: \(filters.panelSummary)"
      return applyFilters(&state, filters)
    case .settings(.delegate(.historyClearConfirmed)):
      let history = dependencies.history
      state.notice = "Forgot every recent search."
      return .merge(
        dispatch(&state, .search(.historyCleared)),
        .run { send in
          do { try await history.clear() } catch {
            send(.storageFailed(.storage(error.localizedDescription)))
          }
        })
    case .settings(.delegate(.storefrontChosen(let country))):
      var filters = state.filters
      filters.country = country
      filters = filters.normalized
      state.overlay = nil
      state.notice =
        filters.country.map { "Country: \($0). Charts, searches and lookups use its store." }
        ?? "Country: none chosen. Apple answers as its US store."
      return applyFilters(&state, filters)
    default:
      return .none
    }
  }

  /// `H`: back to the home screen from anywhere: what is on top closes (its work cancelled),
  /// the search empties; the home feature then reloads its rows when they need it.
  func openHome(_ state: inout AppState) -> Effect<AppAction> {
    let left = leaveForSearchScreen(&state)
    return .merge(dispatch(&state, .search(.resetRequested)), left)
  }

  /// `/` on any screen: overlays close, the screens above the search screen are left (their
  /// work cancelled) and the search feature puts the focus in the query box.
  func openSearchBox(_ state: inout AppState) -> Effect<AppAction> {
    let left = leaveForSearchScreen(&state)
    return .merge(left, dispatch(&state, .search(.focusMoved(to: .query))))
  }

  /// Closes the overlay and every screen above the search screen, and cancels their work.
  private func leaveForSearchScreen(_ state: inout AppState) -> Effect<AppAction> {
    state.overlay = nil
    let depth = state.stack.count
    var effects = [cancelWork(of: state.stack)]
    state.stack = []
    for index in 0..<depth {
      effects.append(.cancel(id: DetailFeature.CancelID.lookups(depth: index)))
    }
    return .merge(effects)
  }

  /// `g`: the genres screen on its media list (a genres screen below in the stack is brought
  /// back to the top; one on top goes back to its media list), then `medium`'s genres if given.
  func openGenres(_ state: inout AppState, medium: Int?) -> Effect<AppAction> {
    state.overlay = nil
    var effects: [Effect<AppAction>] = []
    var genres = GenresState(country: state.storefront)
    if let index = state.stack.lastIndex(where: { $0.genres != nil }),
      let old = state.stack[index].genres
    {
      for depth in (index + 1)..<max(index + 1, state.stack.count) {
        effects.append(.cancel(id: DetailFeature.CancelID.lookups(depth: depth)))
      }
      state.stack.removeSubrange((index + 1)...)
      effects.append(GenresFeature.cancelRequests(of: old))
      state.stack.removeLast()
      if case .media(let media) = old.levels.first { genres.levels = [.media(media)] }
    }
    let found = medium.flatMap { medium in GenreMedium.all.firstIndex { $0.id == medium } }
    if let found { genres.levels = [.media(MediaLevel(selection: found))] }
    state.stack.append(.genres(genres))
    if found != nil { effects.append(dispatch(&state, .genres(.selectionOpened))) }
    return .merge(effects)
  }

  /// Cancels the requests of the screens in `routes` (they were left).
  func cancelWork(of routes: [Route]) -> Effect<AppAction> {
    .merge(routes.compactMap(\.genres).map { GenresFeature.cancelRequests(of: $0) })
  }

  /// Makes `filters` the applied ones: saved; the home rows and a genres screen follow the
  /// storefront, and a search on screen runs again with them.
  func applyFilters(_ state: inout AppState, _ filters: SearchFilters) -> Effect<AppAction> {
    state.filters = filters
    var effects = [saveFilters(filters)]
    effects.append(dispatch(&state, .home(.storefrontChanged)))
    effects.append(dispatch(&state, .genres(.storefrontChanged(state.storefront))))
    effects.append(dispatch(&state, .search(.filtersApplied(filters))))
    return .merge(effects)
  }

  /// Persists applied filters; a failure becomes a notice.
  func saveFilters(_ filters: SearchFilters) -> Effect<AppAction> {
    let store = dependencies.filtersStore
    return .run { _ in
      try await store.save(filters)
    } catch: { error, send in
      send(.storageFailed(.storage(error.localizedDescription)))
    }
  }

  /// Opens `url` in the browser when it is http or https; anything else is refused with a notice.
  func openLink(_ state: inout AppState, _ url: URL?, missing: String) -> Effect<AppAction> {
    guard let url else {
      state.notice = missing
      return .none
    }
    guard LinkPolicy.isOpenable(url) else {
      state.notice = LinkPolicy.refusal(for: url)
      return .none
    }
    let open = dependencies.openURL
    return .run { send in
      do {
        try await open(url)
        send(.linkOpened(.success(url)))
      } catch {
        send(.linkOpenFailed(url: url, reason: error.localizedDescription))
      }
    }
  }
}
