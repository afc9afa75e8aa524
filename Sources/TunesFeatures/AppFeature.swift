import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient

/// The app's reducer: search, filters, detail, favourites, navigation, links and quitting.
///
/// Pure and synchronous: every I/O is an effect built from `dependencies`, whose result comes
/// back as an action. A new search cancels the one in flight, and a response whose request id is
/// not the current one is dropped.
public struct AppFeature: Reducer {
  /// What the effects use.
  public let dependencies: TunesDependencies

  /// Makes the reducer with its dependencies.
  public init(dependencies: TunesDependencies) {
    self.dependencies = dependencies
  }

  /// Cancellation ids of long-running effects.
  enum CancelID: Hashable, Sendable {
    /// The search in flight (a new one cancels it).
    case search
    /// The rate-limit countdown timer.
    case rateLimitTimer
    /// The lookups of the detail at this stack index.
    case detail(depth: Int)
  }

  /// Applies `action` to `state` and returns the effect to run next.
  public func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
    if action.isInput { state.notice = nil }
    switch action {
    case .appStarted:
      return startUp()
    case .filtersLoaded(let filters):
      if filters.validationError == nil { state.filters = filters }
      return .none
    case .storageFailed(let error):
      state.notice = error.title
      return .none
    case .startupNoticeReported(let text):
      state.notice = text
      return .none
    case .queryChanged, .querySubmitted, .suggestionHighlighted, .suggestionPicked,
      .searchResponse, .historyLoaded, .focusMoved, .loadMoreRequested, .groupingToggled,
      .retryRequested, .rateLimitTick:
      return reduceSearch(into: &state, action: action)
    case .selectionMoved(let direction):
      return moveSelection(&state, direction)
    case .tileClicked(let index):
      return clickTile(&state, index)
    case .tileOpened:
      return openSelected(&state)
    case .filtersOpened, .filtersChanged, .filtersFieldFocused, .filtersApplied:
      return reduceFilters(into: &state, action: action)
    case .helpToggled:
      state.overlay = state.overlay == .help ? nil : .help
      return .none
    case .backRequested:
      return goBack(&state)
    case .favoritesOpened, .favoritesLoaded, .favoriteToggled, .favoriteStored, .favoriteIDsLoaded:
      return reduceFavorites(into: &state, action: action)
    case .detail(let detailAction):
      return reduceDetail(into: &state, action: detailAction)
    case .linkOpened(.success):
      state.notice = "Opened in browser"
      return .none
    case .linkOpened(.failure(let error)):
      state.notice = error.title
      return .none
    case .resized(let columns, let rows):
      state.viewport = Viewport(columns: max(1, columns), rows: max(1, rows))
      return .none
    case .quitRequested:
      state.shouldQuit = true
      return .merge(.cancel(id: CancelID.search), .cancel(id: CancelID.rateLimitTimer))
    }
  }

  /// Reads saved filters, favourite ids and history, in that order, in one effect (so the
  /// actions arrive in a known order).
  private func startUp() -> Effect<AppAction> {
    let history = dependencies.history
    let favorites = dependencies.favorites
    let filtersStore = dependencies.filtersStore
    return .run { send in
      func storageFailure(_ error: any Error) -> AppAction {
        .storageFailed(.storage(error.localizedDescription))
      }
      do { send(.filtersLoaded(try await filtersStore.load())) } catch {
        send(storageFailure(error))
      }
      do { send(.favoriteIDsLoaded(try await favorites.ids())) } catch {
        send(storageFailure(error))
      }
      do { send(.historyLoaded(try await history.recent())) } catch { send(storageFailure(error)) }
    }
  }

  private func goBack(_ state: inout AppState) -> Effect<AppAction> {
    if state.overlay != nil {
      state.overlay = nil
      return .none
    }
    if !state.stack.isEmpty {
      state.stack.removeLast()
      return .cancel(id: CancelID.detail(depth: state.stack.count))
    }
    state.search.suggestions = []
    state.search.highlightedSuggestion = nil
    return .none
  }
}
