import AppArchitecture
import Foundation
import ITunesCatalog

extension AppFeature {
  func reduceFilters(into state: inout AppState, action: FiltersAction) -> Effect<AppAction> {
    switch action {
    case .opened:
      state.overlay = .filters(FiltersState(draft: state.filters))
      return .none
    case .loaded(let filters):
      if filters.validationError == nil { state.filters = filters }
      return .none
    case .changed(let draft):
      guard case .filters(var panel) = state.overlay else { return .none }
      panel.draft = draft
      panel.error = draft.validationError.map(Self.message)
      state.overlay = .filters(panel)
      return .none
    case .fieldFocused(let field):
      guard case .filters(var panel) = state.overlay else { return .none }
      panel.focusedField = field
      state.overlay = .filters(panel)
      return .none
    case .fieldMoved(let direction):
      guard case .filters(var panel) = state.overlay else { return .none }
      let fields = FiltersState.Field.allCases
      let index = panel.focusedField.rawValue
      switch direction {
      case .up, .left, .pageUp: panel.focusedField = fields[max(0, index - 1)]
      case .down, .right, .pageDown: panel.focusedField = fields[min(fields.count - 1, index + 1)]
      case .first: panel.focusedField = fields[0]
      case .last: panel.focusedField = fields[fields.count - 1]
      }
      state.overlay = .filters(panel)
      return .none
    case .applied:
      guard case .filters(var panel) = state.overlay else { return .none }
      if let error = panel.draft.validationError {
        panel.error = Self.message(error)
        state.overlay = .filters(panel)
        return .none
      }
      var filters = panel.draft.normalized
      // The storefront is the settings' (S); the panel leaves it as it is.
      filters.country = state.filters.country
      state.overlay = nil
      state.notice = "Filters: \(filters.panelSummary)"
      return applyFilters(&state, filters)
    }
  }

  /// Makes `filters` the applied ones: saved, the home rows reloaded when the storefront
  /// changed, and a search on screen run again with them.
  func applyFilters(_ state: inout AppState, _ filters: SearchFilters) -> Effect<AppAction> {
    state.filters = filters
    var save = saveFilters(filters)
    // The charts follow the storefront: another country loads them again.
    if let loaded = state.home.country, loaded != (filters.country ?? "us").lowercased() {
      save = .merge(save, reduceHome(into: &state, action: .loadRequested))
    }
    guard let submitted = state.search.submitted, state.stack.isEmpty else { return save }
    let search = startSearch(
      &state, term: submitted.term, filters: filters, limit: filters.limit, loadingMore: false)
    return .merge(save, search)
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

  /// A validation error as one line for the filters panel: what is wrong and what to do.
  static func message(_ error: CatalogError) -> String {
    [error.errorDescription, error.recoverySuggestion].compactMap { $0 }.joined(separator: " ")
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
