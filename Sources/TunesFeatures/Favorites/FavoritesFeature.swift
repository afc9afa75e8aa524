import AppArchitecture
import ITunesCatalog

/// The favourites screen: a window of rows read from storage around the selection (never the
/// whole list), the order, the filter (text and kind), the counts by kind, removing with `*`
/// and putting back with `u`, opening a row (through the parent).
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

  /// Where the rows come from.
  let favorites: FavoritesClient

  /// The fewest rows a window holds.
  static let minimumWindow = 60

  func reduce(into state: inout State, action: FavoritesAction) -> Effect<FavoritesAction> {
    switch action {
    case .opened, .delegate:
      return .none
    case .windowLoaded(let generation, let result):
      guard generation == state.favorites.generation else { return .none }
      return loaded(&state, result)
    case .selectionMoved(let direction):
      let total = state.favorites.total
      state.favorites.selection = SelectionMovement.move(
        state.favorites.selection, direction,
        rows: SelectionMovement.gridRows(count: total, columns: 1), pageRows: max(1, state.rows))
      return follow(&state)
    case .rowClicked(let index):
      guard index >= 0, index < state.favorites.total else { return .none }
      if state.favorites.selection == index { return openSelection(state) }
      state.favorites.selection = index
      return follow(&state)
    case .rowOpened:
      return openSelection(state)
    case .orderCycled:
      state.favorites.listing.order = state.favorites.listing.order.next
      return relist(&state)
    case .kindCycled:
      let kinds = state.favorites.counts.map(\.kind)
      let next: ItemKind?
      if let kind = state.favorites.listing.kind, let index = kinds.firstIndex(of: kind) {
        next = index + 1 < kinds.count ? kinds[index + 1] : nil
      } else {
        next = state.favorites.listing.kind == nil ? kinds.first : nil
      }
      guard next != state.favorites.listing.kind else { return .none }
      state.favorites.listing.kind = next
      return relist(&state)
    case .filterEditingStarted:
      state.favorites.filterEdit = QueryText(state.favorites.listing.text)
      return .none
    case .filterEdited(let edit):
      guard var text = state.favorites.filterEdit else { return .none }
      text.apply(edit)
      state.favorites.filterEdit = text
      guard text.text != state.favorites.listing.text else { return .none }
      state.favorites.listing.text = text.text
      return relist(&state)
    case .filterEditingEnded(let keep):
      state.favorites.filterEdit = nil
      guard !keep, !state.favorites.listing.text.isEmpty else { return .none }
      state.favorites.listing.text = ""
      return relist(&state)
    case .removeRequested:
      guard state.isFrontmost, let row = state.favorites.selectedRow else { return .none }
      let favorites = self.favorites
      let id = row.item.id
      return .run { send in
        do {
          send(.removed(id: id, .success(try await favorites.take(id))))
        } catch {
          send(.removed(id: id, .failure(.storage(error.localizedDescription))))
        }
      }
    case .removed(let id, .success(let row)):
      if let row { state.favorites.removed = row }
      return .merge(
        .send(.delegate(.markChanged(id: id, favorite: false))),
        request(&state, around: state.favorites.selection, counts: true))
    case .removed(_, .failure(let error)), .restored(_, .failure(let error)):
      return .send(.delegate(.notice(error.title)))
    case .undoRequested:
      guard state.isFrontmost, let row = state.favorites.removed else { return .none }
      let favorites = self.favorites
      return .run { send in
        do {
          send(.restored(row, .success(try await favorites.restore(row))))
        } catch {
          send(.restored(row, .failure(.storage(error.localizedDescription))))
        }
      }
    case .restored(let row, .success(let restored)):
      if state.favorites.removed == row { state.favorites.removed = nil }
      let title = DisplayTitle.quoted(row.item.title)
      return .merge(
        .send(
          .delegate(
            .notice(restored ? "Put back \(title)" : "\(title) is a favourite again already"))),
        .send(.delegate(.markChanged(id: row.item.id, favorite: true))),
        request(&state, around: state.favorites.selection, counts: true))
    }
  }

  /// A window arrived: it replaces the one shown; counts, when it carries them, too.
  private func loaded(_ state: inout State, _ result: Result<FavoritesWindow, FeatureError>)
    -> Effect<FavoritesAction>
  {
    switch result {
    case .failure(let error):
      state.favorites.phase = state.favorites.phase.failing(error)
      return .none
    case .success(var window):
      if let counts = window.counts { state.favorites.counts = counts }
      window.counts = nil
      state.favorites.window = window
      let total = state.favorites.total
      state.favorites.phase = .loaded(total)
      state.favorites.selection = max(0, min(state.favorites.selection, total - 1))
      // Rows went (elsewhere, or the list is shorter now): read where the selection is.
      if !window.holds(state.favorites.selection), total > 0, window.rows.count < total {
        return request(&state, around: state.favorites.selection, counts: false)
      }
      return .none
    }
  }

  /// A new order or filter: the first rows of it, counted again.
  private func relist(_ state: inout State) -> Effect<FavoritesAction> {
    state.favorites.removed = nil
    state.favorites.selection = 0
    state.favorites.offset = 0
    return request(&state, around: 0, counts: true, seek: .offset(0))
  }

  /// Reads the window around the selection when the one held runs out within a page of it.
  private func follow(_ state: inout State) -> Effect<FavoritesAction> {
    let favorites = state.favorites
    let window = favorites.window
    let page = max(1, state.rows)
    let total = favorites.total
    guard total > 0 else { return .none }
    let low = max(0, favorites.selection - page)
    let high = min(total, favorites.selection + 2 * page)
    if window.holds(low) && window.holds(high - 1) { return .none }
    return request(&state, around: favorites.selection, counts: false)
  }

  /// Asks for a window of rows centred on `index`: keyset from a row the screen holds when the
  /// new window overlaps the old, from the end for the last rows, else by offset. After a change
  /// (`counts`: a removal, an undo, a change elsewhere) rows may have come or gone before the
  /// rows held, so the window is read by offset.
  private func request(
    _ state: inout State, around index: Int, counts: Bool, seek forced: FavoritesWindowSeek? = nil
  ) -> Effect<FavoritesAction> {
    let limit = max(Self.minimumWindow, 4 * max(1, state.rows))
    let total = state.favorites.total
    var start = max(0, index - limit / 2)
    if !counts, total > 0 { start = max(0, min(start, total - limit)) }
    let window = state.favorites.window
    let seek: FavoritesWindowSeek
    if let forced {
      seek = forced
    } else if !counts, let row = window.row(at: start) {
      seek = .from(row.place)
    } else if !counts, let row = window.row(at: start + limit - 1) {
      seek = .through(row.place)
    } else if !counts, total > limit, start + limit >= total {
      seek = .last
    } else {
      seek = .offset(start)
    }
    state.favorites.generation += 1
    state.favorites.phase = state.favorites.phase.reloading
    let request = FavoritesWindowRequest(
      listing: state.favorites.listing, seek: seek, start: start, limit: limit, counts: counts)
    let generation = state.favorites.generation
    let favorites = self.favorites
    return .run { send in
      do {
        send(.windowLoaded(generation: generation, .success(try await favorites.window(request))))
      } catch {
        send(
          .windowLoaded(
            generation: generation, .failure(.storage(error.localizedDescription))))
      }
    }
  }

  private func openSelection(_ state: State) -> Effect<FavoritesAction> {
    guard state.isFrontmost, let item = state.favorites.selectedItem else { return .none }
    return .send(.delegate(.openItem(item)))
  }

  /// The screen (re)opened or the favourites changed elsewhere: reads the window where the
  /// selection is, with the counts.
  static func refresh(
    _ favorites: inout FavoritesState, rows: Int, client: FavoritesClient
  ) -> Effect<FavoritesAction> {
    var state = State(favorites: favorites, rows: rows, isFrontmost: true)
    let effect = FavoritesFeature(favorites: client).request(
      &state, around: favorites.selection, counts: true,
      seek: favorites.window.rows.isEmpty ? .offset(0) : nil)
    favorites = state.favorites
    return effect
  }
}

/// A title in curly quotes, for notices.
enum DisplayTitle {
  static func quoted(_ title: String) -> String { "“" + title + "”" }
}
