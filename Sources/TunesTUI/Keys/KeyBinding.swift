import TerminalUI
import TunesFeatures

/// One row of the key table: which keys, what they are called in the help, the hint they get
/// in a bar, and the intent they send.
///
/// The key map, the help overlay, the header and status-bar hints and the README's key table
/// are all read from these rows (``KeyTable``), so they cannot disagree.
package struct KeyBinding: Sendable {
  /// Which key presses the row takes.
  package enum Match: Sendable {
    /// These keys, with no Ctrl or Alt held.
    case keys([Key])
    /// These keys with Ctrl held (`Ctrl-C` is `.character("c")`).
    case control([Key])
    /// An ASCII letter, with no Ctrl or Alt held.
    case letters
    /// Typing and the readline editing keys of the query box (``KeyTable/queryEdit(_:_:)``).
    case editing
    /// Nothing here: the row documents input handled elsewhere (Ctrl-Z by the terminal, the
    /// mouse by ``MouseMap``).
    case documented
  }

  /// Which key presses the row takes.
  package var match: Match
  /// The keys as the help shows them: `↑ ↓ k j`.
  package var label: String
  /// What they do, for the help and the README: `move between tiles`.
  package var help: String
  /// The hint the row gets in a bar, if it is worth one.
  package var hint: KeyHint?
  /// What a press means now: the actions to send, `[]` to swallow the key, or `nil` when the
  /// row does not apply in this state (the next row that matches is tried).
  package var intent: @Sendable (_ key: Key, _ state: AppState) -> [AppAction]?

  /// A row for `keys`, sending the same actions in every state.
  package init(
    _ keys: [Key], _ label: String, _ help: String, hint: KeyHint? = nil,
    send actions: [AppAction]
  ) {
    self.init(.keys(keys), label, help, hint: hint) { _, _ in actions }
  }

  /// A row for `keys` whose actions depend on the key and the state.
  package init(
    _ keys: [Key], _ label: String, _ help: String, hint: KeyHint? = nil,
    intent: @escaping @Sendable (Key, AppState) -> [AppAction]?
  ) {
    self.init(.keys(keys), label, help, hint: hint, intent: intent)
  }

  /// A row of any kind.
  package init(
    _ match: Match, _ label: String, _ help: String, hint: KeyHint? = nil,
    intent: @escaping @Sendable (Key, AppState) -> [AppAction]?
  ) {
    self.match = match
    self.label = label
    self.help = help
    self.hint = hint
    self.intent = intent
  }

  /// A help-only row for input that another part of the app handles.
  package static func documented(_ label: String, _ help: String) -> KeyBinding {
    KeyBinding(.documented, label, help) { _, _ in nil }
  }

  /// Whether the row takes `key` pressed with `modifiers`.
  func matches(_ key: Key, _ modifiers: KeyModifiers) -> Bool {
    switch match {
    case .keys(let keys):
      return keys.contains(key) && !modifiers.contains(.control) && !modifiers.contains(.alt)
    case .control(let keys):
      return modifiers.contains(.control) && keys.contains(key)
    case .letters:
      guard case .character(let c) = key else { return false }
      return c.isLetter && c.isASCII && !modifiers.contains(.control) && !modifiers.contains(.alt)
    case .editing:
      return KeyTable.queryEdit(key, modifiers) != nil
    case .documented:
      return false
    }
  }
}

/// A key's hint in the header (top right) or the status bar (bottom right).
package struct KeyHint: Sendable {
  /// Where the hint is drawn.
  package enum Place: Sendable {
    /// The header's right side: where to go.
    case header
    /// The status bar's right side: what to do with what is shown.
    case bar
  }

  /// Where the hint is drawn.
  package var place: Place
  /// Lower is more useful; when the bar is too narrow the highest ranks are dropped first.
  package var rank: Int
  /// The key as shown (`Enter`); `nil` shows the row's label.
  package var key: String?
  /// The hint's words in this state (`open`), or `nil` when the key does nothing useful now.
  package var text: @Sendable (AppState) -> String?

  /// A hint with fixed words.
  package static func header(_ text: String, rank: Int, key: String? = nil) -> KeyHint {
    KeyHint(place: .header, rank: rank, key: key) { _ in text }
  }

  /// A header hint shown only when `when` holds.
  package static func header(
    _ text: String, rank: Int, key: String? = nil,
    when: @escaping @Sendable (AppState) -> Bool
  ) -> KeyHint {
    KeyHint(place: .header, rank: rank, key: key) { when($0) ? text : nil }
  }

  /// A status-bar hint whose words depend on the state.
  package static func bar(
    rank: Int, key: String? = nil, _ text: @escaping @Sendable (AppState) -> String?
  ) -> KeyHint {
    KeyHint(place: .bar, rank: rank, key: key, text: text)
  }
}

/// Where keys are read: one table of rows each.
package enum KeyFocus: String, CaseIterable, Sendable {
  case queryBox, results, home, genreList, genreCharts, detail, favorites, favoritesFilter
  case filters, settings, help, video, anywhere

  /// The focus the state gives keys.
  package static func of(_ state: AppState) -> KeyFocus {
    if state.playback.holdsTerminal { return .video }
    switch state.overlay {
    case .help?: return .help
    case .filters?: return .filters
    case .settings?: return .settings
    case nil: return screen(of: state)
    }
  }

  /// The focus of the screen under any overlay (its hints stay drawn under a panel).
  package static func screen(of state: AppState) -> KeyFocus {
    switch state.stack.last {
    case nil:
      if state.search.focus == .query { return .queryBox }
      return state.showsHome ? .home : .results
    case .detail?: return .detail
    case .favorites(let favorites)?:
      return favorites.filterEdit == nil ? .favorites : .favoritesFilter
    case .genres(let genres)?:
      if case .charts = genres.top { return .genreCharts }
      return .genreList
    }
  }

  /// The section title in the help and the README.
  package var title: String {
    switch self {
    case .queryBox: return "Search box"
    case .results: return "Results"
    case .home: return "Home rows"
    case .genreList: return "Genres"
    case .genreCharts: return "A genre's charts"
    case .detail: return "Detail"
    case .favorites: return "Favourites"
    case .favoritesFilter: return "Favourites filter (f)"
    case .filters: return "Filters panel (f)"
    case .settings: return "Settings panel (S)"
    case .help: return "This help"
    case .video: return "Video in the terminal"
    case .anywhere: return "Anywhere"
    }
  }

  /// Whether the keys that work on every screen (``KeyTable/anywhere``) work here too.
  var takesScreenKeys: Bool {
    switch self {
    case .results, .home, .genreList, .genreCharts, .detail, .favorites: return true
    case .queryBox, .favoritesFilter, .filters, .settings, .help, .video, .anywhere: return false
    }
  }
}
