import TerminalUI
import TunesFeatures

/// The one key table: per focus, the rows of ``KeyBinding``s from which the key map, the help
/// overlay, the header and status-bar hints and the README's key table are made.
///
/// A key press is looked up in the rows of the focus (``KeyFocus/of(_:)``), then, on a screen,
/// in ``anywhere``; the first row that takes the key and applies in the state gives the actions.
/// Rows send intents; the reducers decide what they mean.
package enum KeyTable {
  /// The rows of one focus, in the order the help lists them (and keys are tried).
  package static func rows(_ focus: KeyFocus) -> [KeyBinding] {
    switch focus {
    case .queryBox: return queryBox
    case .results: return results
    case .home: return home
    case .genreList: return genreList
    case .genreCharts: return genreCharts
    case .detail: return detail
    case .favorites: return favorites
    case .favoritesFilter: return favoritesFilter
    case .filters: return filters
    case .settings: return settings
    case .help: return help
    case .video: return video
    case .anywhere: return anywhere
    }
  }

  /// Rows that work in every focus, before the focus's own: Ctrl-C quits, F1 toggles the help.
  package static let always: [KeyBinding] = [
    KeyBinding(.control([.character("c")]), "Ctrl-C", "quit") { _, _ in [.quitRequested] },
    KeyBinding(.keys([.function(1)]), "F1", "this help") { _, state in
      state.playback.holdsTerminal ? nil : [.helpToggled]
    },
  ]

  /// The actions for a key press in `state`: `[]` when no row takes it.
  package static func actions(for key: Key, _ modifiers: KeyModifiers, state: AppState)
    -> [AppAction]
  {
    let focus = KeyFocus.of(state)
    for row in always + rows(focus) + (focus.takesScreenKeys ? anywhere : [])
    where row.matches(key, modifiers) {
      if case .editing = row.match, let edit = queryEdit(key, modifiers) {
        return focus == .favoritesFilter
          ? [.favorites(.filterEdited(edit))] : [.search(.queryEdited(edit))]
      }
      if let actions = row.intent(key, state) { return actions }
    }
    return []
  }

  /// The hints for `place` in `state`, most useful first.
  package static func hints(_ place: KeyHint.Place, state: AppState) -> [(
    key: String, action: String
  )] {
    let focus = KeyFocus.screen(of: state)
    let all = rows(focus) + (focus.takesScreenKeys ? anywhere : [])
    let shown = all.compactMap { row -> (rank: Int, key: String, action: String)? in
      guard let hint = row.hint, hint.place == place, let text = hint.text(state) else {
        return nil
      }
      return (hint.rank, hint.key ?? row.label, text)
    }
    var seen = Set<String>()
    return shown.enumerated()
      .sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
      .compactMap { seen.insert($0.element.key).inserted ? $0.element : nil }
      .map { ($0.key, $0.action) }
  }

  /// The help's sections: every focus with its rows, "Anywhere" last.
  package static var sections: [(title: String, rows: [KeyBinding])] {
    KeyFocus.allCases.map { ($0.title, rows($0) + ($0 == .anywhere ? always : [])) }
  }

  /// The README's key table (Markdown), made from the same rows.
  package static func markdown() -> String {
    var lines = ["| where | keys | what they do |", "|---|---|---|"]
    for section in sections {
      for (i, row) in section.rows.enumerated() {
        let keys = row.label.replacingOccurrences(of: "|", with: "\\|")
        lines.append("| \(i == 0 ? section.title : "") | \(keys) | \(row.help) |")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Arrows, h j k l, PgUp/PgDn, Home/End and G as selection moves.
  package static func movement(_ key: Key) -> MoveDirection? {
    switch key {
    case .up, .character("k"): return .up
    case .down, .character("j"): return .down
    case .left, .character("h"): return .left
    case .right, .character("l"): return .right
    case .pageUp: return .pageUp
    case .pageDown: return .pageDown
    case .home: return .first
    case .end, .character("G"): return .last
    default: return nil
    }
  }

  /// The keys ``movement(_:)`` reads, for rows.
  static let arrows: [Key] = [
    .up, .down, .left, .right, .character("h"), .character("j"), .character("k"),
    .character("l"),
  ]
  static let pages: [Key] = [.pageUp, .pageDown]
  static let ends: [Key] = [.home, .end, .character("G")]

  /// How far `,`/`.` and ←/→ seek while a preview plays, in seconds.
  package static let seekStep = 5.0

  /// Readline's editing keys: ←/→, Home/End, Ctrl-A/E (start/end), Ctrl-B/F (left/right),
  /// Ctrl-W (delete word before), Ctrl-U (delete to start), Ctrl-K (delete to end),
  /// Backspace/Ctrl-H, Delete/Ctrl-D, Alt-B/F and Ctrl-←/→ (word left/right); other
  /// characters are typed.
  package static func queryEdit(_ key: Key, _ modifiers: KeyModifiers) -> QueryEdit? {
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
}
