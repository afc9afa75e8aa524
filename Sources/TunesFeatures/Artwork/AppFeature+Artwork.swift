import AppArchitecture

extension AppFeature {
  /// Starts the artwork the screen wants and is not asked for yet (in the screen's order: the
  /// visible tiles first, then the next screenful), and cancels the fetches of artwork it no
  /// longer wants (a tile scrolled away before its image arrived).
  func reconcileArtwork(_ state: inout AppState) -> Effect<AppAction> {
    guard state.artwork.enabled else { return .none }
    let wanted = state.metrics.artwork
    let wantedKeys = Set(wanted.map(\.key))
    var effects: [Effect<AppAction>] = []
    for (key, status) in state.artwork.statuses where status == .loading {
      guard !wantedKeys.contains(key) else { continue }
      state.artwork.statuses[key] = nil
      effects.append(.cancel(id: CancelID.artwork(key)))
    }
    let artwork = dependencies.artwork
    for need in wanted where state.artwork.statuses[need.key] == nil {
      state.artwork.statuses[need.key] = .loading
      effects.append(
        Effect<AppAction>.run { send in
          let failure = await artwork.load(need)
          send(.artwork(.loaded(key: need.key, failure: failure)))
        }
        .cancellable(id: CancelID.artwork(need.key)))
    }
    return effects.isEmpty ? .none : .merge(effects)
  }

  func reduceArtwork(_ state: inout AppState, _ action: ArtworkAction) -> Effect<AppAction> {
    switch action {
    case .loaded(let key, let failure):
      guard state.artwork.statuses[key] == .loading else { return .none }
      state.artwork.statuses[key] = failure == nil ? .ready : .failed
      return .none
    case .pixelsMissing(let key):
      guard state.artwork.statuses[key] == .ready else { return .none }
      let count = state.artwork.refetches[key, default: 0] + 1
      guard count <= ArtworkState.maximumRefetches else {
        state.artwork.statuses[key] = .failed
        return .none
      }
      state.artwork.refetches[key] = count
      state.artwork.statuses[key] = nil
      return reconcileArtwork(&state)
    case .undrawable(let key):
      guard state.artwork.statuses[key] == .ready else { return .none }
      state.artwork.statuses[key] = .failed
      return .none
    }
  }
}
