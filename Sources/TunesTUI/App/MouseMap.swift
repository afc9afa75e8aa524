import ITunesCatalog
import TerminalUI
import TunesFeatures

/// Mouse input to actions: a click selects (a second click opens) through the last frame's
/// hit map; every wheel notch moves the selection or scrolls.
package enum MouseMap {
  /// Lines the wheel scrolls a detail screen per notch.
  package static let wheelLines = 3

  /// The actions for one mouse event; `hits` is the last frame's clickable areas.
  package static func actions(for mouse: MouseEvent, state: AppState, hits: HitMap?) -> [AppAction]
  {
    switch mouse.kind {
    case .press(.left):
      guard let target = hits?.target(at: mouse.position) else { return [] }
      return click(target, state: state)
    case .scrollUp:
      return wheel(up: true, state: state)
    case .scrollDown:
      return wheel(up: false, state: state)
    default:
      return []
    }
  }

  private static func click(_ target: HitTarget, state: AppState) -> [AppAction] {
    switch target {
    case .queryBox:
      return state.search.focus == .query ? [] : [.search(.focusMoved(to: .query))]
    case .suggestion(let index):
      return [.search(.suggestionPicked(index))]
    case .tile(let index):
      return [.search(.tileClicked(index))]
    case .favorite(let index):
      return [.favorites(.rowClicked(index))]
    case .work(let index):
      return [.detail(.workOpened(index))]
    case .track(let index):
      return [.detail(.trackClicked(index))]
    case .homeTile(let row, let index):
      return [.home(.tileClicked(row: row, index: index))]
    case .homeGenre(let index):
      guard GenreMedium.all.indices.contains(index) else { return [] }
      return [.genres(.opened(medium: GenreMedium.all[index].id))]
    case .genreRow(let index):
      return [.genres(.rowClicked(index))]
    case .genreTile(let row, let index):
      return [.genres(.tileClicked(row: row, index: index))]
    case .change(let index):
      return [.watch(.entryClicked(index))]
    case .logo:
      return [.home(.opened)]
    case .filtersField(let index):
      guard FiltersState.Field.allCases.indices.contains(index) else { return [] }
      return [.filters(.fieldFocused(FiltersState.Field.allCases[index]))]
    }
  }

  private static func wheel(up: Bool, state: AppState) -> [AppAction] {
    guard state.overlay == nil else { return [] }
    switch state.stack.last {
    case .detail?:
      return [.detail(.scrollRequested(.lines(up ? -wheelLines : wheelLines)))]
    case .favorites?:
      return [.favorites(.selectionMoved(up ? .up : .down))]
    case .genres?:
      return [.genres(.selectionMoved(up ? .up : .down))]
    case nil:
      guard !state.search.items.isEmpty else { return [] }
      var actions: [AppAction] = []
      if state.search.focus == .query { actions.append(.search(.focusMoved(to: .results))) }
      return actions + [.search(.selectionMoved(up ? .up : .down))]
    }
  }
}
