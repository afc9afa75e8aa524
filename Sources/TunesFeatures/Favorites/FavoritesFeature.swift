import AppArchitecture
import ITunesCatalog

/// The favourites screen: the list as storage has it, the selection, opening a row (through the
/// parent). Marking a favourite (`*`) is the parent's, on every screen.
struct FavoritesFeature: Reducer {
  /// The favourites screen and what it reads from the rest of the app.
  struct State: Equatable {
    /// The screen.
    var favorites: FavoritesState
    /// Rows shown at once, as last measured (a page).
    var rows: Int
    /// Whether no overlay covers it.
    var isFrontmost: Bool
  }

  func reduce(into state: inout State, action: FavoritesAction) -> Effect<FavoritesAction> {
    switch action {
    case .opened, .delegate:
      return .none
    case .loaded(let result):
      switch result {
      case .success(let items):
        state.favorites.items = .loaded(items)
        state.favorites.selection = min(state.favorites.selection, max(0, items.count - 1))
      case .failure(let error):
        state.favorites.items = state.favorites.items.failing(error)
      }
      return .none
    case .selectionMoved(let direction):
      let count = state.favorites.items.value?.count ?? 0
      state.favorites.selection = SelectionMovement.move(
        state.favorites.selection, direction,
        rows: SelectionMovement.gridRows(count: count, columns: 1), pageRows: max(1, state.rows))
      return .none
    case .rowClicked(let index):
      guard (state.favorites.items.value ?? []).indices.contains(index) else { return .none }
      if state.favorites.selection == index { return openSelection(state) }
      state.favorites.selection = index
      return .none
    case .rowOpened:
      return openSelection(state)
    }
  }

  private func openSelection(_ state: State) -> Effect<FavoritesAction> {
    guard state.isFrontmost, let item = state.favorites.selectedItem else { return .none }
    return .send(.delegate(.openItem(item)))
  }

  /// Reads the list from storage; it comes back as `.loaded`.
  static func load(_ favorites: FavoritesClient) -> Effect<FavoritesAction> {
    .run { send in
      do {
        send(.loaded(.success(try await favorites.list())))
      } catch {
        send(.loaded(.failure(.storage(error.localizedDescription))))
      }
    }
  }
}
