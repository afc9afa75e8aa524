import TerminalUI
import TunesFeatures

/// Mouse input to actions: a click selects (a second click opens) through the last frame's
/// hit map; the wheel moves the selection or scrolls.
public enum MouseMap {
  /// Lines the wheel scrolls a detail screen per notch.
  public static let wheelLines = 3

  /// The actions for one mouse event.
  public static func actions(for mouse: MouseEvent, state: TUIState, frame: Frame?) -> [AppAction] {
    switch mouse.kind {
    case .press(.left):
      guard let target = frame?.hits.target(at: mouse.position) else { return [] }
      return click(target, state: state)
    case .scrollUp:
      return wheel(up: true, state: state, frame: frame)
    case .scrollDown:
      return wheel(up: false, state: state, frame: frame)
    default:
      return []
    }
  }

  private static func click(_ target: HitTarget, state: TUIState) -> [AppAction] {
    switch target {
    case .queryBox:
      return state.app.search.focus == .query ? [] : [.focusMoved(to: .query)]
    case .suggestion(let index):
      return [.suggestionPicked(index)]
    case .tile(let index), .favorite(let index):
      return [.tileClicked(index)]
    case .work(let index):
      return [.detail(.workOpened(index))]
    case .filtersField(let index):
      guard FiltersState.Field.allCases.indices.contains(index) else { return [] }
      return [.filtersFieldFocused(FiltersState.Field.allCases[index])]
    }
  }

  private static func wheel(up: Bool, state: TUIState, frame: Frame?) -> [AppAction] {
    guard state.app.overlay == nil else { return [] }
    switch state.app.stack.last {
    case .detail(let detail)?:
      let shown = frame?.detailScroll ?? detail.scroll
      let maximum = frame?.detailMaximumScroll ?? Int.max
      let target = max(0, min(maximum, shown + (up ? -wheelLines : wheelLines)))
      return target == detail.scroll ? [] : [.detail(.scrolled(target - detail.scroll))]
    case .favorites?:
      return [.selectionMoved(up ? .up : .down)]
    case nil:
      guard !state.app.search.items.isEmpty else { return [] }
      var actions: [AppAction] = []
      if state.app.search.focus == .query { actions.append(.focusMoved(to: .results)) }
      return actions + [.selectionMoved(up ? .up : .down)]
    }
  }
}
