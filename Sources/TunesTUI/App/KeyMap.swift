import TerminalUI
import TunesFeatures

/// Terminal input to actions, per focus: the query box, the results, a detail screen, the
/// favourites list, an overlay. It reads the state and never changes it: every key becomes an
/// action for the store (editing keys become `queryEdited`).
package enum KeyMap {
  /// The actions for one input event; `hits` is the last frame's clickable areas.
  package static func actions(for event: InputEvent, state: AppState, hits: HitMap?) -> [AppAction]
  {
    switch event {
    case .key(.character("c"), let modifiers) where modifiers.contains(.control):
      return [.quitRequested]
    case _ where state.playback.holdsTerminal:
      return videoKeys(event)
    case .key(let key, let modifiers):
      return keyActions(key, modifiers, state: state)
    case .paste(let text):
      guard state.overlay == nil, state.stack.isEmpty else { return [] }
      let clean = sanitize(text)
      guard !clean.isEmpty else { return [] }
      return [.search(.queryEdited(.insert(clean)))]
    case .mouse(let mouse):
      return MouseMap.actions(for: mouse, state: state, hits: hits)
    case .focusGained, .focusLost, .modeReport, .deviceAttributes, .cursorPosition:
      return []
    }
  }

  /// While a video preview holds the terminal (mpv draws over the whole screen):
  /// the preview keys and a way back. q, Esc and s stop the video and give the app its screen
  /// back; Space or p pause; ←/→ (or , .) seek 5 s. Everything else, mouse included, is ignored
  /// so that nothing draws over the picture.
  static func videoKeys(_ event: InputEvent) -> [AppAction] {
    guard case .key(let key, _) = event else { return [] }
    switch key {
    case .character("q"), .character("s"), .escape, .backspace: return [.playback(.stopRequested)]
    case .character(" "), .character("p"): return [.playback(.pauseToggled)]
    case .left, .character(","), .character("h"): return [.playback(.seekRequested(-seekStep))]
    case .right, .character("."), .character("l"): return [.playback(.seekRequested(seekStep))]
    default: return []
    }
  }

  private static func keyActions(_ key: Key, _ modifiers: KeyModifiers, state: AppState)
    -> [AppAction]
  {
    if key == .function(1) { return [.helpToggled] }
    switch state.overlay {
    case .help?:
      switch key {
      case .escape, .character("?"), .character("q"), .enter: return [.helpToggled]
      case .up, .character("k"): return [.helpScrolled(-1)]
      case .down, .character("j"): return [.helpScrolled(1)]
      case .pageUp: return [.helpScrolled(-10)]
      case .pageDown, .character(" "): return [.helpScrolled(10)]
      default: return []
      }
    case .filters(let panel)?:
      return filtersKeys(key, panel: panel)
    case .settings(let panel)?:
      return settingsKeys(key, panel: panel)
    case nil:
      break
    }
    switch state.stack.last {
    case nil:
      if state.search.focus == .query { return queryKeys(key, modifiers, state: state) }
      return resultsKeys(key, state: state)
    case .detail(let detail)?:
      return detailKeys(key, detail: detail, playback: state.playback)
    case .favorites?:
      return favoritesKeys(key)
    }
  }

  /// Arrows, h/j/k/l, PgUp/PgDn, g/G, Home/End as selection moves.
  static func movement(_ key: Key) -> MoveDirection? {
    switch key {
    case .up, .character("k"): return .up
    case .down, .character("j"): return .down
    case .left: return .left
    case .right, .character("l"): return .right
    case .pageUp: return .pageUp
    case .pageDown: return .pageDown
    case .home, .character("g"): return .first
    case .end, .character("G"): return .last
    default: return nil
    }
  }

  /// Keys that mean the same on every screen outside the query box.
  private static func screenKeys(_ key: Key) -> [AppAction] {
    switch key {
    case .escape, .backspace: return [.backRequested]
    case .character("q"): return [.quitRequested]
    case .character("?"): return [.helpToggled]
    case .character("*"): return [.favoriteToggled]
    case .character("F"): return [.favorites(.opened)]
    case .character("h"): return [.home(.opened)]
    case .character("S"): return [.settings(.opened)]
    default: return []
    }
  }

  private static func queryKeys(_ key: Key, _ modifiers: KeyModifiers, state: AppState)
    -> [AppAction]
  {
    let search = state.search
    switch key {
    case .enter:
      return [.search(.querySubmitted)]
    case .escape:
      if search.results.isLoading { return [.search(.cancelRequested)] }
      // Esc with no suggestions open leaves the box, so the screen keys (F, ?, q) work.
      if search.suggestions.isEmpty { return [.search(.focusMoved(to: .results))] }
      return [.backRequested]
    case .up:
      return search.suggestions.isEmpty ? [] : [.search(.suggestionMoved(up: true))]
    case .down:
      if !search.suggestions.isEmpty { return [.search(.suggestionMoved(up: false))] }
      return [.search(.focusMoved(to: .results))]
    case .tab, .backTab:
      return [.search(.focusMoved(to: .results))]
    case .character("?") where search.query.isEmpty && modifiers.isEmpty:
      return [.helpToggled]
    default:
      return queryEdit(key, modifiers).map { [.search(.queryEdited($0))] } ?? []
    }
  }

  /// Readline's editing keys: ←/→, Home/End, Ctrl-A/E (start/end), Ctrl-B/F (left/right),
  /// Ctrl-W (delete word before), Ctrl-U (delete to start), Ctrl-K (delete to end),
  /// Backspace/Ctrl-H, Delete/Ctrl-D, Alt-B/F and Ctrl-←/→ (word left/right).
  static func queryEdit(_ key: Key, _ modifiers: KeyModifiers) -> QueryEdit? {
    if modifiers.contains(.control), case .character(let c) = key {
      switch c {
      case "a": return .moveToStart
      case "e": return .moveToEnd
      case "b": return .moveLeft
      case "f": return .moveRight
      case "w": return .deleteWordBackward
      case "u": return .deleteToStart
      case "k": return .deleteToEnd
      case "h": return .deleteBackward
      case "d": return .deleteForward
      default: return nil
      }
    }
    if modifiers.contains(.alt), case .character(let c) = key {
      switch c {
      case "b": return .moveWordLeft
      case "f": return .moveWordRight
      default: return nil
      }
    }
    let word = modifiers.contains(.control) || modifiers.contains(.alt)
    switch key {
    case .character(let c):
      let clean = sanitize(String(c))
      return clean.isEmpty ? nil : .insert(clean)
    case .left: return word ? .moveWordLeft : .moveLeft
    case .right: return word ? .moveWordRight : .moveRight
    case .home: return .moveToStart
    case .end: return .moveToEnd
    case .backspace: return word ? .deleteWordBackward : .deleteBackward
    case .delete: return .deleteForward
    default: return nil
    }
  }

  /// Keys in the home rows: ←/→ along a row, ↑/↓ between rows (↑ on the first goes back to
  /// the query box), Enter opens, r retries the rows that failed.
  private static func homeKeys(_ key: Key, state: AppState) -> [AppAction] {
    if key == .up, state.home.focusedRow == 0 { return [.search(.focusMoved(to: .query))] }
    if let move = movement(key) { return [.home(.selectionMoved(move))] }
    switch key {
    case .tab, .backTab, .character("/"), .escape: return [.search(.focusMoved(to: .query))]
    case .enter: return [.home(.itemOpened)]
    case .character("f"): return [.filters(.opened)]
    case .character("r"): return [.home(.retryRequested)]
    default: return screenKeys(key)
    }
  }

  private static func resultsKeys(_ key: Key, state: AppState) -> [AppAction] {
    if state.showsHome { return homeKeys(key, state: state) }
    let search = state.search
    if key == .up, search.selectedRowIsFirst(columns: state.columns) {
      return [.search(.focusMoved(to: .query))]
    }
    if let move = movement(key) { return [.search(.selectionMoved(move))] }
    switch key {
    case .tab, .backTab, .character("/"): return [.search(.focusMoved(to: .query))]
    case .enter: return [.search(.tileOpened)]
    case .character("f"): return [.filters(.opened)]
    case .character("v"): return [.search(.groupingToggled)]
    case .character("r"): return [.search(.retryRequested)]
    case .character("d") where state.demoAvailable && search.results.error?.isUnreachable == true:
      return [.demoRequested]
    case .escape where search.results.isLoading: return [.search(.cancelRequested)]
    case .escape where state.stack.isEmpty: return [.search(.focusMoved(to: .query))]
    default: return screenKeys(key)
    }
  }

  private static func favoritesKeys(_ key: Key) -> [AppAction] {
    if let move = movement(key) { return [.favorites(.selectionMoved(move))] }
    switch key {
    case .enter: return [.favorites(.rowOpened)]
    default: return screenKeys(key)
    }
  }

  /// How far `,`/`.` and ←/→ seek while the detail's preview plays, in seconds.
  static let seekStep = 5.0

  private static func detailKeys(_ key: Key, detail: DetailState, playback: PlaybackState)
    -> [AppAction]
  {
    let playsHere = playback.isPlaying(itemID: detail.item.id)
    switch key {
    case .up, .character("k"): return [.detail(.scrollRequested(.lines(-1)))]
    case .down, .character("j"): return [.detail(.scrollRequested(.lines(1)))]
    case .pageUp: return [.detail(.scrollRequested(.pages(-1)))]
    case .pageDown: return [.detail(.scrollRequested(.pages(1)))]
    case .home, .character("g"): return [.detail(.scrollRequested(.top))]
    case .end, .character("G"): return [.detail(.scrollRequested(.bottom))]
    case .character("p"), .character(" "):
      // Plays the preview, or pauses and resumes it when it is this item's; an item without a
      // preview gets the reducer's notice.
      return [playsHere ? .playback(.pauseToggled) : .playback(.playRequested(detail.shownItem))]
    case .character("s"):
      return playback.isActive ? [.playback(.stopRequested)] : []
    case .character(","), .left:
      if playsHere { return [.playback(.seekRequested(-seekStep))] }
      return key == .left ? [.detail(.workMoved(forward: false))] : []
    case .character("."), .right:
      if playsHere { return [.playback(.seekRequested(seekStep))] }
      return key == .right ? [.detail(.workMoved(forward: true))] : []
    case .character("l"): return [.detail(.workMoved(forward: true))]
    case .enter: return [.detail(.focusedWorkOpened)]
    case .character("o"): return [.detail(.openStoreLinkRequested)]
    case .character("a"): return [.detail(.openAuthorLinkRequested)]
    case .character("A"): return [.detail(.artistPageRequested)]
    case .character("c"): return [.detail(.albumPageRequested)]
    case .character("m"): return [.detail(.notesToggled)]
    case .character("r"): return [.detail(.retryRequested)]
    default: return screenKeys(key)
    }
  }

  /// The settings panel: letters type the country code, ←/→ step through the list,
  /// Backspace erases a letter, Enter applies, Esc cancels.
  private static func settingsKeys(_ key: Key, panel: SettingsState) -> [AppAction] {
    switch key {
    case .character(let c) where c.isLetter && c.isASCII:
      return [.settings(.changed(country: SettingsEditing.type(panel.country, letter: c)))]
    case .left: return [.settings(.changed(country: SettingsEditing.step(panel.country, by: -1)))]
    case .right, .character(" "):
      return [.settings(.changed(country: SettingsEditing.step(panel.country, by: 1)))]
    case .backspace, .delete:
      return [.settings(.changed(country: SettingsEditing.erase(panel.country)))]
    case .enter: return [.settings(.applied)]
    case .escape: return [.backRequested]
    default: return []
    }
  }

  private static func filtersKeys(_ key: Key, panel: FiltersState) -> [AppAction] {
    switch key {
    case .up, .character("k"), .backTab: return [.filters(.fieldMoved(.up))]
    case .down, .character("j"), .tab: return [.filters(.fieldMoved(.down))]
    case .left, .character("h"):
      return [
        .filters(.changed(FiltersEditing.step(panel.draft, field: panel.focusedField, by: -1)))
      ]
    case .right, .character("l"), .character(" "):
      return [
        .filters(.changed(FiltersEditing.step(panel.draft, field: panel.focusedField, by: 1)))
      ]
    case .enter: return [.filters(.applied)]
    case .escape: return [.backRequested]
    default: return []
    }
  }
}
