import ITunesCatalog
import TerminalUI
import TunesFeatures

/// The rows of the screens: results, home rows, genres, favourites and the keys of every screen.
extension KeyTable {
  /// Keys that mean the same on every screen outside the query box and the panels.
  package static let anywhere: [KeyBinding] = [
    KeyBinding(
      [.escape, .backspace], "Esc Backspace", "close, or go back one screen",
      hint: .header("back", rank: 3, key: "Esc") { !$0.stack.isEmpty }, send: [.backRequested]),
    KeyBinding(
      [.character("/")], "/", "the search box, from any screen", send: [.searchBoxRequested]),
    KeyBinding([.character("H")], "H", "the home screen (charts)", send: [.home(.opened)]),
    KeyBinding(
      [.character("g")], "g", "genres",
      hint: .header("genres", rank: 3) { KeyFocus.of($0) == .home },
      send: [.genres(.opened(medium: nil))]),
    KeyBinding(
      [.character("F")], "F", "favourites",
      hint: .header("favourites", rank: 8) { state in
        let focus = KeyFocus.of(state)
        return focus == .home || (focus == .results && state.search.items.isEmpty)
      }, send: [.favorites(.opened)]),
    KeyBinding(
      [.character("S")], "S", "settings: the storefront (country)", send: [.settings(.opened)]),
    KeyBinding(
      [.character("C")], "C", "check watched items now (tunes watch)",
      send: [.watch(.checkRequested)]),
    KeyBinding(
      [.character("y")], "y", "copy the link that did not open (OSC 52)",
      hint: .bar(rank: 0, key: "y") { $0.noticeLink != nil ? "copy link" : nil }
    ) { _, state in state.noticeLink.map { [.linkCopyRequested($0)] } },
    KeyBinding(
      [.character("p")], "p", "play the pick, then the rest of its list",
      hint: .bar(rank: 1, key: "p") { playHint($0) }
    ) { _, state in state.selectedPlayList.map { [.playback(.listPlayRequested($0))] } },
    KeyBinding(
      [.character(" ")], "Space", "pause, resume (else play the pick)"
    ) { _, state in [.playback(.resumeOrPlayRequested(state.selectedPlayList))] },
    KeyBinding(
      [.character(">"), .character("<")], "> <", "next, previous in the queue",
      hint: .bar(rank: 3, key: ">") {
        $0.playback.queue.hasNext && $0.playback.isActive ? "next" : nil
      }
    ) { key, _ in [.playback(key == .character(">") ? .nextRequested : .previousRequested)] },
    KeyBinding(
      [.character("s")], "s", "stop (the queue stays)",
      hint: .bar(rank: 2) { $0.playback.isActive ? "stop" : nil }
    ) { _, state in state.playback.isActive ? [.playback(.stopRequested)] : [] },
    KeyBinding([.character("+"), .character("="), .character("-")], "+ -", "volume up, down") {
      key, _ in
      [
        .playback(
          .volumeStepped(
            key == .character("-") ? -PlaybackState.volumeStep : PlaybackState.volumeStep))
      ]
    },
    KeyBinding([.character(","), .character(".")], ", .", "seek 5 s back, forward (playing)") {
      key, state in
      guard state.playback.isActive else { return [] }
      return [.playback(.seekRequested(key == .character(",") ? -seekStep : seekStep))]
    },
    KeyBinding(
      [.character("W")], "W", "write the queue as an M3U8 playlist",
      send: [.playback(.queueWriteRequested)]),
    KeyBinding(
      [.character("*")], "*", "favourite on/off (the focused item)", send: [.favoriteToggled]),
    KeyBinding(
      [.character("?")], "?", "this help", hint: .header("keys", rank: 9), send: [.helpToggled]),
    KeyBinding([.character("q")], "q", "quit", send: [.quitRequested]),
    .documented("Ctrl-Z", "suspend (fg returns)"),
    .documented("click", "select; again: open"),
    .documented("wheel", "scroll"),
    .documented("click ♪ tunes", "the home screen"),
  ]

  /// The results grid.
  static let results: [KeyBinding] = [
    KeyBinding(
      arrows, "←↓↑→ hjkl", "move (↑ on the top row: search box)"
    ) { key, state in
      if movement(key) == .up, state.search.selectedRowIsFirst(columns: state.columns) {
        return [.search(.focusMoved(to: .query))]
      }
      return movement(key).map { [.search(.selectionMoved($0))] }
    },
    KeyBinding(pages + ends, "PgUp/Dn Home G", "page, first, last (then: more)") {
      key, _ in movement(key).map { [.search(.selectionMoved($0))] }
    },
    KeyBinding(
      [.enter], "Enter", "open the tile",
      hint: .header("open", rank: 1) { !$0.search.items.isEmpty }, send: [.search(.tileOpened)]),
    KeyBinding(
      [.tab, .backTab, .character("/")], "Tab /", "the search box",
      hint: .header("search", rank: 2, key: "/"), send: [.search(.focusMoved(to: .query))]),
    KeyBinding(
      [.character("f")], "f", "filters",
      hint: .header("filters", rank: 3) { !$0.search.items.isEmpty }, send: [.filters(.opened)]),
    KeyBinding([.character("v")], "v", "group by kind on/off", send: [.search(.groupingToggled)]),
    KeyBinding(
      [.character("r")], "r", "retry, or load more again", send: [.search(.retryRequested)]),
    KeyBinding([.character("d")], "d", "the demo, if Apple can't be reached") {
      _, state in
      state.demoAvailable && state.search.results.error?.isUnreachable == true
        ? [.demoRequested] : nil
    },
    KeyBinding(
      [.escape], "Esc", "cancel the search, or the search box", send: [.search(.escapePressed)]),
  ]

  /// The home screen's chart rows and its genres row.
  static let home: [KeyBinding] = [
    KeyBinding(
      arrows + pages + ends, "←→ hl ↑↓ jk",
      "along a row, between rows"
    ) { key, state in
      // The Changes row above the charts: ↑ from the first row picks its newest change.
      if state.watch.selection != nil {
        switch movement(key) {
        case .up?: return [.watch(.selectionMoved(up: true))]
        case .down?: return [.watch(.selectionMoved(up: false))]
        default: return []
        }
      }
      if movement(key) == .up, state.home.focusedRow == 0 {
        if !state.watch.listedEntries.isEmpty { return [.watch(.focusEntered)] }
        return [.search(.focusMoved(to: .query))]
      }
      return movement(key).map { [.home(.selectionMoved($0))] }
    },
    KeyBinding([.enter], "Enter", "open the entry (or the change)") { _, state in
      state.watch.selection != nil ? [.watch(.entryOpened)] : [.home(.itemOpened)]
    },
    KeyBinding(
      [.tab, .backTab, .character("/"), .escape], "Tab / Esc", "the search box",
      hint: .header("search", rank: 2, key: "/"), send: [.search(.focusMoved(to: .query))]),
    KeyBinding([.character("f")], "f", "filters", send: [.filters(.opened)]),
    KeyBinding([.character("r")], "r", "load failed rows again", send: [.home(.retryRequested)]),
    KeyBinding([.character("d")], "d", "the demo, if Apple can't be reached") {
      _, state in
      state.demoAvailable && state.home.sharedFailure?.isUnreachable == true
        ? [.demoRequested] : nil
    },
  ]

  /// The genres screen's lists: media, then a genre and its subgenres.
  static let genreList: [KeyBinding] = [
    KeyBinding([.up, .down, .character("k"), .character("j")] + pages + ends, "↑↓ jk", "move") {
      key, _ in movement(key).map { [.genres(.selectionMoved($0))] }
    },
    KeyBinding(
      [.enter, .right, .character("l")], "Enter → l", "open",
      hint: .header("open", rank: 1, key: "Enter") { genreLoaded($0) },
      send: [.genres(.selectionOpened)]),
    KeyBinding(
      [.escape, .backspace, .left, .character("h")], "Esc ← h", "back one level",
      hint: .header("back", rank: 8, key: "Esc"), send: [.genres(.backRequested)]),
    KeyBinding(
      [.character("r")], "r", "retry", hint: .header("retry", rank: 0) { genreFailed($0) },
      send: [.genres(.retryRequested)]),
  ]

  /// A genre's chart rows.
  static let genreCharts: [KeyBinding] = [
    KeyBinding(arrows + pages + ends, "←→ hl ↑↓ jk", "along a row, between rows") { key, _ in
      movement(key).map { [.genres(.selectionMoved($0))] }
    },
    KeyBinding(
      [.enter], "Enter", "open the entry",
      hint: .header("open", rank: 1) { !genreFailed($0) }, send: [.genres(.selectionOpened)]),
    KeyBinding(
      [.escape, .backspace], "Esc", "back one level",
      hint: .header("back", rank: 8, key: "Esc"), send: [.genres(.backRequested)]),
    KeyBinding(
      [.character("r")], "r", "load failed rows again",
      hint: .header("retry", rank: 0) { genreFailed($0) }, send: [.genres(.retryRequested)]),
  ]

  /// The favourites list.
  static let favorites: [KeyBinding] = [
    KeyBinding(arrows + pages + ends, "↑↓ jk", "move") { key, _ in
      movement(key).map { [.favorites(.selectionMoved($0))] }
    },
    KeyBinding(
      [.enter], "Enter", "open", hint: .header("open", rank: 1), send: [.favorites(.rowOpened)]),
    KeyBinding(
      [.character("*")], "*", "remove (u puts it back)",
      hint: .header("remove", rank: 2), send: [.favorites(.removeRequested)]),
    KeyBinding(
      [.character("u")], "u", "put back the favourite removed last",
      hint: .header("undo", rank: 0) { $0.topFavorites?.removed != nil },
      send: [.favorites(.undoRequested)]),
    KeyBinding(
      [.character("f")], "f", "filter by title, author or collection",
      send: [.favorites(.filterEditingStarted)]),
    KeyBinding(
      [.character("t")], "t", "kind: all, then each kind in turn",
      send: [.favorites(.kindCycled)]),
    KeyBinding(
      [.character("o")], "o", "order: newest first, by kind, by title",
      send: [.favorites(.orderCycled)]),
  ]

  /// Typing the favourites filter (`f`): the list follows each key.
  static let favoritesFilter: [KeyBinding] = [
    KeyBinding(
      [.enter], "Enter", "keep the filter", hint: .header("keep", rank: 1),
      send: [.favorites(.filterEditingEnded(keep: true))]),
    KeyBinding(
      [.escape], "Esc", "clear the filter", hint: .header("clear", rank: 2),
      send: [.favorites(.filterEditingEnded(keep: false))]),
    KeyBinding([.up, .down] + pages, "↑↓ PgUp PgDn", "move") { key, _ in
      movement(key).map { [.favorites(.selectionMoved($0))] }
    },
    KeyBinding(.editing, "type, Ctrl-U", "edit the filter (readline keys)") { _, _ in nil },
  ]

  /// The bar's hint for `p`: "pause" or "resume" on the item that plays, "play" on a pick that
  /// can be played (or looked up for its preview), else nothing.
  static func playHint(_ state: AppState) -> String? {
    guard let picked = state.selectedPlayList?.picked else { return nil }
    if state.playback.isPlaying(itemID: picked.id) {
      return state.playback.isPaused ? "resume" : "pause"
    }
    // A collection (an album, a season, a podcast, an artist) plays its tracks from the first.
    return picked.playableURL != nil || picked.previewURLText == nil && picked.kind == .song
      || DetailLookups.tracks(for: picked) != nil
      ? "play" : nil
  }

  /// Whether the genres screen's top level failed (`r` retries it).
  static func genreFailed(_ state: AppState) -> Bool {
    guard case .genres(let genres)? = state.stack.last else { return false }
    switch genres.top {
    case .media: return false
    case .tree(let level):
      // An unknown genre stays unknown: retrying it is no use.
      if case .client(.decoding(.unknownGenre))? = level.genre.error { return false }
      return level.genre.error != nil
    case .charts(let level): return level.rows.contains { $0.items.error != nil }
    }
  }

  /// Whether the genres screen's list can be opened (not a failed or unknown genre).
  static func genreLoaded(_ state: AppState) -> Bool {
    guard case .genres(let genres)? = state.stack.last else { return false }
    if case .tree(let level) = genres.top { return level.genre.error == nil }
    return true
  }
}
