import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient

/// The app's reducer: a thin parent over the features.
///
/// Each feature (search, home, genres, detail, favourites, the player, the filters and settings
/// panels) is its own reducer over its own state, composed with `Scope` and `IfLet`
/// (`AppFeature+Features`). The parent owns only what crosses features: the route stack, the
/// overlays, the notice, the spinner, start-up, the applied filters, favourite marks, links,
/// cancelling a left screen's work. Features ask it for those with delegate actions (open an
/// item, show a notice, the storefront chosen), which it handles in the same step (`dispatch`,
/// `AppFeature+Delegates`).
public struct AppFeature: Reducer {
  /// What the effects use.
  public let dependencies: TunesDependencies

  /// Makes the reducer with its dependencies.
  public init(dependencies: TunesDependencies) {
    self.dependencies = dependencies
  }

  /// Cancellation ids of the parent's long-running effects (features have their own).
  enum CancelID: Hashable, Sendable {
    /// The spinner's ticks.
    case spinner
    /// The fetch of one artwork, by its sized URL.
    case artwork(String)
  }

  /// Applies `action` to `state` and returns the effect to run next.
  public func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
    if action.isInput {
      state.notice = nil
      state.noticeLink = nil
    }
    let wasLoading = state.isLoading
    let effect = dispatch(&state, action)
    keepSelectionsInView(&state)
    guard state.isLoading != wasLoading, let interval = dependencies.spinnerInterval else {
      return effect
    }
    return .merge(effect, spinner(running: state.isLoading, interval: interval))
  }

  /// Runs `action` through the parent and the features, then handles the delegate actions the
  /// features answered with, in order, in this same step.
  func dispatch(_ state: inout AppState, _ action: AppAction) -> Effect<AppAction> {
    // A delegate action an effect sent later (a file written, a save that failed) is the
    // parent's, like one a feature answered with at once.
    if action.isDelegate { return delegated(&state, action) }
    let split = features.reduce(into: &state, action: action)
      .extractingSends(where: \.isDelegate)
    guard !split.actions.isEmpty else { return split.effect }
    return .merge([split.effect] + split.actions.map { delegated(&state, $0) })
  }

  /// The parent's own actions, and the features' actions that change what crosses features
  /// (opening a screen or a panel).
  func core(_ state: inout AppState, _ action: AppAction) -> Effect<AppAction> {
    switch action {
    case .appStarted:
      state.offline = dependencies.offline
      state.preferredColumns = dependencies.columns
      state.isDemo = dependencies.isDemo
      state.demoAvailable = !dependencies.isDemo && dependencies.switchToDemo != nil
      state.artwork = ArtworkState(
        enabled: dependencies.artwork.enabled, cellWidth: dependencies.artwork.cellWidth,
        cellHeight: dependencies.artwork.cellHeight)
      return startUp()
    case .storageFailed(let error):
      state.notice = error.title
      return .none
    case .startupNoticeReported(let text):
      state.notice = text
      return .none
    case .favorites(.opened):
      return openFavorites(&state)
    case .detail(.openStoreLinkRequested), .detail(.openAuthorLinkRequested):
      guard case .detail(let request) = action else { return .none }
      return openLink(&state, request)
    case .home(.opened):
      return openHome(&state)
    case .genres(.opened(let medium)):
      return openGenres(&state, medium: medium)
    case .filters(.opened):
      state.overlay = .filters(FiltersState(draft: state.filters))
      return .none
    case .filters(.loaded(let filters)):
      if filters.validationError == nil { state.filters = filters }
      return .none
    case .settings(.opened):
      state.overlay = .settings(
        SettingsState(
          country: state.filters.country, images: dependencies.imagesMode,
          video: dependencies.video.mode.rawValue))
      if case .settings(var panel)? = state.overlay {
        panel.historyCount = state.search.history.count
        state.overlay = .settings(panel)
      }
      return .none
    case .detail(.tracksLoaded(_, .success(let items))):
      // Episode lists say which were played and where the others were left.
      let episodes = items.filter(\.playsWholeEpisode).map(\.id)
      return episodes.isEmpty ? .none : .send(.playback(.progressRequested(episodes)))
    case .search, .home, .genres, .filters, .settings, .favorites, .detail, .playback, .watch:
      return .none
    case .artwork(let action):
      return reduceArtwork(&state, action)
    case .helpToggled:
      state.overlay = state.overlay == .help ? nil : .help
      state.helpScroll = 0
      return .none
    case .helpScrolled(let lines):
      state.helpScroll = max(0, min(state.metrics.helpMaximumScroll, state.helpScroll + lines))
      return .none
    case .backRequested:
      return goBack(&state)
    case .searchBoxRequested:
      return openSearchBox(&state)
    case .favoriteToggled:
      return toggleFavorite(&state)
    case .favoriteStored(let item, let result):
      return storeFavorite(&state, item: item, result: result)
    case .favoriteIDsLoaded(let ids):
      state.favoriteIDs = ids
      return .none
    case .linkOpened(.success):
      state.notice = "Opened in browser"
      return .none
    case .linkOpened(.failure(let error)):
      state.notice = error.title
      return .none
    case .linkOpenFailed(let url, let reason):
      // What failed, then what to do: copy it with y (OSC 52), or click or select it.
      var cause = reason.trimmingCharacters(in: .whitespaces)
      while cause.hasSuffix(".") { cause.removeLast() }
      state.notice = "No browser opened (\(cause)). y copies the link:"
      state.noticeLink = url.absoluteString
      return .none
    case .linkCopyRequested(let text):
      state.clipboard = ClipboardCopy(id: (state.clipboard?.id ?? 0) + 1, text: text)
      state.notice = "Copied the link to the clipboard (OSC 52; where the terminal allows it)."
      return .none
    case .resized(let columns, let rows):
      state.viewport = Viewport(columns: max(1, columns), rows: max(1, rows))
      return .none
    case .layoutMeasured(let metrics):
      state.metrics = metrics
      return reconcileArtwork(&state)
    case .spinnerTicked:
      state.spinnerTick += 1
      return .none
    case .demoRequested, .demoSwitched:
      return reduceDemo(into: &state, action: action)
    case .terminalFocusChanged(let focused):
      state.terminalFocused = focused
      return .none
    case .quitRequested:
      state.shouldQuit = true
      return .merge(
        .cancel(id: SearchFeature.CancelID.search),
        .cancel(id: SearchFeature.CancelID.rateLimitTimer),
        .cancel(id: CancelID.spinner), PlaybackFeature.shutDown(dependencies.player))
    }
  }

  /// Ticks the spinner on the injected clock while something loads; stops when nothing does.
  private func spinner(running: Bool, interval: Duration) -> Effect<AppAction> {
    guard running else { return .cancel(id: CancelID.spinner) }
    let clock = dependencies.clock
    return .run { send in
      while true {
        try await clock.sleep(for: interval)
        send(.spinnerTicked)
      }
    }
    .cancellable(id: CancelID.spinner, cancelInFlight: true)
  }

  /// Moves the results' and the favourites' scroll offsets as little as keeping their
  /// selections in view needs, with the visible sizes the screen last measured.
  private func keepSelectionsInView(_ state: inout AppState) {
    let items = state.search.items
    if items.isEmpty {
      state.search.resultsOffset = 0
    } else {
      let layout = ResultsLayout(
        items: items, grouped: state.search.grouped, columns: state.columns,
        footer: state.search.hasFooter)
      state.search.resultsOffset = layout.offset(
        keeping: state.search.selection, visible: state.metrics.resultsLines,
        from: state.search.resultsOffset)
    }
    guard case .favorites(var favorites)? = state.stack.last else { return }
    let count = favorites.total
    let rows = max(1, state.metrics.favoritesRows)
    var offset = favorites.offset
    if favorites.selection < offset { offset = favorites.selection }
    if favorites.selection >= offset + rows { offset = favorites.selection - rows + 1 }
    offset = max(0, min(offset, max(0, count - rows)))
    guard offset != favorites.offset else { return }
    favorites.offset = offset
    state.stack[state.stack.count - 1] = .favorites(favorites)
  }

  /// Reads saved filters, favourite ids and history, in that order, in one effect (so the
  /// actions arrive in a known order).
  private func startUp() -> Effect<AppAction> {
    let history = dependencies.history
    let favorites = dependencies.favorites
    let filtersStore = dependencies.filtersStore
    let backgroundCheck = dependencies.backgroundCheck
    let watch = dependencies.watch.isAvailable
    let load = Effect<AppAction>.run { send in
      func storageFailure(_ error: any Error) -> AppAction {
        .storageFailed(.storage(error.localizedDescription))
      }
      do { send(.filters(.loaded(try await filtersStore.load()))) } catch {
        send(storageFailure(error))
      }
      do { send(.favoriteIDsLoaded(try await favorites.ids())) } catch {
        send(storageFailure(error))
      }
      do { send(.search(.historyLoaded(try await history.recent()))) } catch {
        send(storageFailure(error))
      }
      // The charts follow the storefront of the saved filters, so they load after them.
      send(.home(.loadRequested))
      if watch { send(.watch(.loadRequested)) }
    }
    // Its own task, so a long check never holds up the loads above.
    let check = Effect<AppAction>.run { send in
      if let notice = await backgroundCheck() { send(.startupNoticeReported(notice)) }
    }
    return .merge(load, check)
  }

  private func goBack(_ state: inout AppState) -> Effect<AppAction> {
    if state.overlay != nil {
      state.overlay = nil
      return .none
    }
    if let left = state.stack.popLast() {
      return .merge(
        .cancel(id: DetailFeature.CancelID.lookups(depth: state.stack.count)),
        cancelWork(of: [left]))
    }
    return dispatch(&state, .search(.suggestionsDismissed))
  }
}
