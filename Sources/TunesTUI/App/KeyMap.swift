import TerminalUI
import TunesFeatures

/// Terminal input to actions. Keys are looked up in the one key table (``KeyTable``) for the
/// focus; a paste is typed into the query box; the mouse goes to ``MouseMap``. It reads the state
/// and never changes it.
package enum KeyMap {
  /// The actions for one input event; `hits` is the last frame's clickable areas.
  package static func actions(for event: InputEvent, state: AppState, hits: HitMap?) -> [AppAction]
  {
    switch event {
    case .key(let key, let modifiers):
      return KeyTable.actions(for: key, modifiers, state: state)
    case .focusGained:
      return [.terminalFocusChanged(true)]
    case .focusLost:
      return [.terminalFocusChanged(false)]
    case _ where state.playback.holdsTerminal:
      // Nothing but the preview keys while mpv draws over the screen.
      return []
    case .paste(let text):
      guard state.overlay == nil, state.stack.isEmpty else { return [] }
      let clean = sanitize(text)
      guard !clean.isEmpty else { return [] }
      return [.search(.queryEdited(.insert(clean)))]
    case .mouse(let mouse):
      return MouseMap.actions(for: mouse, state: state, hits: hits)
    case .modeReport, .deviceAttributes, .cursorPosition:
      return []
    }
  }
}
