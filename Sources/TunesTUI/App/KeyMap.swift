import TerminalUI
import TunesFeatures

/// Terminal input to actions, per focus: the query box, the results, a detail screen, the
/// favourites list, an overlay. Editing keys change the TUI's own query field and send
/// `.queryChanged`; everything else becomes an `AppAction` for the store.
public enum KeyMap {
  /// The actions for one input event. May edit `state.query` (the text field the TUI owns);
  /// `frame` is the last frame drawn (for clicks and scroll limits).
  public static func actions(
    for event: InputEvent, state: inout TUIState, frame: Frame?
  ) -> [AppAction] {
    switch event {
    case .key(.character("c"), let modifiers) where modifiers.contains(.control):
      return [.quitRequested]
    case .key(let key, let modifiers):
      return keyActions(key, modifiers, state: &state, frame: frame)
    case .paste(let text):
      guard state.app.overlay == nil, state.app.stack.isEmpty else { return [] }
      state.query.insert(text)
      var actions: [AppAction] = []
      if state.app.search.focus != .query { actions.append(.focusMoved(to: .query)) }
      return actions + [.queryChanged(state.query.text)]
    case .mouse(let mouse):
      return MouseMap.actions(for: mouse, state: state, frame: frame)
    case .focusGained, .focusLost, .modeReport, .deviceAttributes, .cursorPosition:
      return []
    }
  }

  private static func keyActions(
    _ key: Key, _ modifiers: KeyModifiers, state: inout TUIState, frame: Frame?
  ) -> [AppAction] {
    if key == .function(1) { return [.helpToggled] }
    switch state.app.overlay {
    case .help?:
      switch key {
      case .escape, .character("?"), .character("q"), .enter: return [.helpToggled]
      default: return []
      }
    case .filters(let panel)?:
      return filtersKeys(key, panel: panel)
    case nil:
      break
    }
    switch state.app.stack.last {
    case nil:
      if state.app.search.focus == .query {
        return queryKeys(key, modifiers, state: &state)
      }
      return resultsKeys(key, state: state)
    case .detail(let detail)?:
      return detailKeys(key, detail: detail, state: state, frame: frame)
    case .favorites?:
      if let move = movement(key) { return [.selectionMoved(move)] }
      return commonKeys(key)
    }
  }

  /// Arrows, h/j/k/l, PgUp/PgDn, g/G, Home/End as selection moves.
  static func movement(_ key: Key) -> MoveDirection? {
    switch key {
    case .up, .character("k"): return .up
    case .down, .character("j"): return .down
    case .left, .character("h"): return .left
    case .right, .character("l"): return .right
    case .pageUp: return .pageUp
    case .pageDown: return .pageDown
    case .home, .character("g"): return .first
    case .end, .character("G"): return .last
    default: return nil
    }
  }

  /// Keys that mean the same on every screen outside the query box.
  private static func commonKeys(_ key: Key) -> [AppAction] {
    switch key {
    case .escape, .backspace: return [.backRequested]
    case .enter: return [.tileOpened]
    case .character("q"): return [.quitRequested]
    case .character("?"): return [.helpToggled]
    case .character("*"): return [.favoriteToggled]
    case .character("F"): return [.favoritesOpened]
    default: return []
    }
  }

  private static func queryKeys(
    _ key: Key, _ modifiers: KeyModifiers, state: inout TUIState
  ) -> [AppAction] {
    let search = state.app.search
    switch key {
    case .enter:
      return [.querySubmitted]
    case .escape:
      return [.backRequested]
    case .up:
      return search.suggestions.isEmpty ? [] : [.selectionMoved(.up)]
    case .down:
      if !search.suggestions.isEmpty { return [.selectionMoved(.down)] }
      return search.items.isEmpty ? [] : [.focusMoved(to: .results)]
    case .tab, .backTab:
      return search.items.isEmpty ? [] : [.focusMoved(to: .results)]
    case .character("?") where state.query.text.isEmpty && modifiers.isEmpty:
      return [.helpToggled]
    default:
      let before = state.query.text
      guard state.query.handle(key, modifiers: modifiers) else { return [] }
      return state.query.text == before ? [] : [.queryChanged(state.query.text)]
    }
  }

  private static func resultsKeys(_ key: Key, state: TUIState) -> [AppAction] {
    if let move = movement(key) { return [.selectionMoved(move)] }
    switch key {
    case .tab, .backTab, .character("/"): return [.focusMoved(to: .query)]
    case .character("f"): return [.filtersOpened]
    case .character("v"): return [.groupingToggled]
    case .character("r"): return [.retryRequested]
    default: return commonKeys(key)
    }
  }

  private static func detailKeys(
    _ key: Key, detail: DetailState, state: TUIState, frame: Frame?
  ) -> [AppAction] {
    let page = max(1, state.app.viewport.rows - 4)
    let shown = frame?.detailScroll ?? detail.scroll
    let maximum = frame?.detailMaximumScroll ?? Int.max
    func scroll(to target: Int) -> [AppAction] {
      let clamped = max(0, min(maximum, target))
      return clamped == detail.scroll ? [] : [.detail(.scrolled(clamped - detail.scroll))]
    }
    /// Choosing a work scrolls the works into view.
    func showWorks() -> [AppAction] {
      guard detail.author?.value?.works.isEmpty == false,
        let target = frame?.scrollShowingWorks
      else { return [] }
      return scroll(to: target)
    }
    switch key {
    case .up, .character("k"): return scroll(to: shown - 1)
    case .down, .character("j"): return scroll(to: shown + 1)
    case .pageUp: return scroll(to: shown - page)
    case .pageDown, .character(" "): return scroll(to: shown + page)
    case .home, .character("g"): return scroll(to: 0)
    case .end, .character("G"): return scroll(to: maximum)
    case .left, .character("h"): return [.selectionMoved(.left)] + showWorks()
    case .right, .character("l"): return [.selectionMoved(.right)] + showWorks()
    case .character("o"): return [.detail(.openStoreLinkRequested)]
    case .character("a"): return [.detail(.openAuthorLinkRequested)]
    case .character("r"): return [.retryRequested]
    default: return commonKeys(key)
    }
  }

  private static func filtersKeys(_ key: Key, panel: FiltersState) -> [AppAction] {
    switch key {
    case .up, .character("k"), .backTab: return [.selectionMoved(.up)]
    case .down, .character("j"), .tab: return [.selectionMoved(.down)]
    case .left, .character("h"):
      return [.filtersChanged(FiltersEditing.step(panel.draft, field: panel.focusedField, by: -1))]
    case .right, .character("l"), .character(" "):
      return [.filtersChanged(FiltersEditing.step(panel.draft, field: panel.focusedField, by: 1))]
    case .enter: return [.filtersApplied]
    case .escape: return [.backRequested]
    default: return []
    }
  }
}
