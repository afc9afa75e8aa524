import AppArchitecture
import Foundation
import ITunesCatalog

extension AppFeature {
  func moveSelection(_ state: inout AppState, _ direction: MoveDirection) -> Effect<AppAction> {
    if case .filters(var panel) = state.overlay {
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
    }
    guard state.overlay == nil else { return .none }
    switch state.stack.last {
    case nil:
      return moveInSearch(&state, direction)
    case .favorites(var favorites)?:
      let count = favorites.items.value?.count ?? 0
      favorites.selection = SelectionMovement.move(
        favorites.selection, direction, rows: SelectionMovement.gridRows(count: count, columns: 1),
        pageRows: SearchLayout.listRowsPerPage(viewportRows: state.viewport.rows))
      state.stack[state.stack.count - 1] = .favorites(favorites)
      return .none
    case .detail(var detail)?:
      let page = max(1, state.viewport.rows - SearchLayout.chromeHeight)
      let works = detail.author?.value?.works.count ?? 0
      switch direction {
      case .up: detail.scroll = max(0, detail.scroll - 1)
      case .down: detail.scroll += 1
      case .pageUp: detail.scroll = max(0, detail.scroll - page)
      case .pageDown: detail.scroll += page
      case .first: detail.scroll = 0
      case .last: detail.focusedWork = works > 0 ? works - 1 : nil
      case .left:
        detail.focusedWork = works > 0 ? max(0, (detail.focusedWork ?? 0) - 1) : nil
      case .right:
        detail.focusedWork =
          works > 0 ? min(works - 1, detail.focusedWork.map { $0 + 1 } ?? 0) : nil
      }
      state.stack[state.stack.count - 1] = .detail(detail)
      return .none
    }
  }

  private func moveInSearch(_ state: inout AppState, _ direction: MoveDirection) -> Effect<
    AppAction
  > {
    if state.search.focus == .query {
      let count = state.search.suggestions.count
      guard count > 0 else { return .none }
      switch direction {
      case .down:
        state.search.highlightedSuggestion = min(
          count - 1, state.search.highlightedSuggestion.map { $0 + 1 } ?? 0)
      case .up:
        state.search.highlightedSuggestion = state.search.highlightedSuggestion.flatMap {
          $0 > 0 ? $0 - 1 : nil
        }
      default:
        break
      }
      return .none
    }
    let items = state.search.items
    let rows = SelectionMovement.rows(for: items, grouped: state.search.grouped)
    let before = state.search.selection
    state.search.selection = SelectionMovement.move(
      before, direction, rows: rows,
      pageRows: SearchLayout.tileRowsPerPage(viewportRows: state.viewport.rows))
    let forward: Set<MoveDirection> = [.down, .pageDown, .right, .last]
    if state.search.selection == before, forward.contains(direction), !state.search.grouped,
      before == items.count - 1, state.search.canLoadMore
    {
      return loadMore(&state)
    }
    return .none
  }

  func clickTile(_ state: inout AppState, _ index: Int) -> Effect<AppAction> {
    guard state.overlay == nil else { return .none }
    switch state.stack.last {
    case nil:
      guard state.search.items.indices.contains(index) else { return .none }
      if state.search.focus == .results, state.search.selection == index {
        return openSelected(&state)
      }
      state.search.selection = index
      state.search.focus = .results
      state.search.suggestions = []
      state.search.highlightedSuggestion = nil
      return .none
    case .favorites(var favorites)?:
      guard (favorites.items.value ?? []).indices.contains(index) else { return .none }
      if favorites.selection == index { return openSelected(&state) }
      favorites.selection = index
      state.stack[state.stack.count - 1] = .favorites(favorites)
      return .none
    case .detail?:
      return .none
    }
  }

  func openSelected(_ state: inout AppState) -> Effect<AppAction> {
    guard state.overlay == nil else { return .none }
    switch state.stack.last {
    case nil:
      guard let item = state.search.selectedItem else { return .none }
      state.search.focus = .results
      state.search.suggestions = []
      return openDetail(&state, item: item)
    case .favorites(let favorites)?:
      guard let item = favorites.selectedItem else { return .none }
      return openDetail(&state, item: item)
    case .detail(let detail)?:
      guard let index = detail.focusedWork else { return .none }
      return reduceDetail(into: &state, action: .workOpened(index))
    }
  }

  func reduceFilters(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
    switch action {
    case .filtersOpened:
      state.overlay = .filters(FiltersState(draft: state.filters))
      return .none
    case .filtersChanged(let draft):
      guard case .filters(var panel) = state.overlay else { return .none }
      panel.draft = draft
      panel.error = draft.validationError.map(Self.message)
      state.overlay = .filters(panel)
      return .none
    case .filtersFieldFocused(let field):
      guard case .filters(var panel) = state.overlay else { return .none }
      panel.focusedField = field
      state.overlay = .filters(panel)
      return .none
    case .filtersApplied:
      guard case .filters(var panel) = state.overlay else { return .none }
      if let error = panel.draft.validationError {
        panel.error = Self.message(error)
        state.overlay = .filters(panel)
        return .none
      }
      let filters = panel.draft.normalized
      state.filters = filters
      state.overlay = nil
      state.notice = "Filters: \(filters.summary)"
      let store = dependencies.filtersStore
      let save = Effect<AppAction>.run { _ in
        try await store.save(filters)
      } catch: { error, send in
        send(.storageFailed(.storage(error.localizedDescription)))
      }
      guard let submitted = state.search.submitted, state.stack.isEmpty else { return save }
      let search = startSearch(
        &state, term: submitted.term, filters: filters, limit: filters.limit, loadingMore: false)
      return .merge(save, search)
    default:
      return .none
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
        send(
          .linkOpened(
            .failure(
              .link("Could not open \(url.absoluteString): \(error.localizedDescription)"))))
      }
    }
  }
}
