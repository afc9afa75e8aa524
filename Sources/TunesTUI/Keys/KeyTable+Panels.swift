import ITunesCatalog
import TerminalUI
import TunesFeatures

/// The rows of the query box, the detail screen, the panels, the help and terminal video.
extension KeyTable {
  /// The query box: Enter, Esc, the suggestions, and editing.
  static let queryBox: [KeyBinding] = [
    KeyBinding(
      [.enter], "Enter", "run the search", hint: .header("search", rank: 1),
      send: [.search(.querySubmitted)]),
    KeyBinding([.up, .down], "↑ ↓", "pick a recent search") { key, state in
      if !state.search.suggestions.isEmpty { return [.search(.suggestionMoved(up: key == .up))] }
      // ↑ in the box opens the recent searches (they never open by themselves).
      if key == .up, !state.search.history.isEmpty { return [.search(.suggestionMoved(up: false))] }
      return key == .down ? [.search(.focusMoved(to: .results))] : []
    },
    KeyBinding(.control([.character("r")]), "Ctrl-R", "the recent searches") { _, state in
      state.search.suggestions.isEmpty ? [.search(.suggestionMoved(up: false))] : []
    },
    KeyBinding(
      [.delete], "Delete", "forget the highlighted recent search"
    ) { _, state in
      guard let index = state.search.highlightedSuggestion else { return nil }
      return [.search(.suggestionRemoved(index))]
    },
    KeyBinding(
      [.tab, .backTab], "Tab", "go to the results",
      hint: KeyHint(place: .header, rank: 2) {
        $0.search.items.isEmpty ? "leave the box" : "results"
      }, send: [.search(.focusMoved(to: .results))]),
    KeyBinding(
      [.escape], "Esc", "cancel; hide suggestions; leave box", send: [.search(.escapePressed)]),
    KeyBinding(
      [.character("?")], "?", "this help (in an empty box)", hint: .header("keys", rank: 9)
    ) { _, state in state.search.query.isEmpty ? [.helpToggled] : nil },
    KeyBinding(.editing, "type", "edit the query") { _, _ in nil },
    .documented("← → Home End", "move the cursor"),
    .documented("^A ^E", "to the start, to the end"),
    .documented("^W ^U ^K", "delete word, to start, to end"),
  ]

  /// The detail screen (album, artist, podcast and app pages too).
  static let detail: [KeyBinding] = [
    KeyBinding(
      [.up, .down, .character("k"), .character("j")], "↑↓ jk",
      "pick a track or episode, else scroll"
    ) { key, state in
      let up = key == .up || key == .character("k")
      if state.topDetail?.trackItems.isEmpty == false {
        return [.detail(.trackMoved(forward: !up))]
      }
      return [.detail(.scrollRequested(.lines(up ? -1 : 1)))]
    },
    KeyBinding(pages + ends, "PgUp/Dn Home G", "page, top, bottom") { key, _ in
      switch key {
      case .pageUp: return [.detail(.scrollRequested(.pages(-1)))]
      case .pageDown: return [.detail(.scrollRequested(.pages(1)))]
      case .home: return [.detail(.scrollRequested(.top))]
      default: return [.detail(.scrollRequested(.bottom))]
      }
    },
    KeyBinding(
      [.character("p"), .character(" ")], "p Space",
      "play (a page: its tracks), pause, resume",
      hint: .bar(rank: 1, key: "p") { state in
        guard let model = detailModel(state) else { return nil }
        if let playback = model.playback { return playback.isPaused ? "resume" : "pause" }
        // A page plays its tracks: the hint follows the pick, else the first track.
        if state.topDetail?.trackItems.isEmpty == false { return playHint(state) }
        // An album whose tracks are not in yet plays its first track once they are looked up.
        let loading = state.topDetail?.tracks?.isLoading == true
        return model.hasPreview || loading && DetailLookups.tracks(for: model.item) != nil
          ? "play" : nil
      }
    ) { key, state in
      guard let list = state.selectedPlayList else { return nil }
      return key == .character(" ")
        ? [.playback(.resumeOrPlayRequested(list))] : [.playback(.listPlayRequested(list))]
    },
    KeyBinding(
      [.character("s")], "s", "stop the preview",
      hint: .bar(rank: 2) { $0.playback.isActive ? "stop" : nil }
    ) { _, state in state.playback.isActive ? [.playback(.stopRequested)] : [] },
    KeyBinding(
      [.left, .right], "← →", "seek (playing), else pick a work",
      hint: .bar(rank: 4, key: "← →") { state in
        guard let model = detailModel(state), model.playback == nil,
          model.author?.value?.works.isEmpty == false
        else { return nil }
        return "works"
      }
    ) { key, state in
      if playsHere(state) {
        return [.playback(.seekRequested(key == .left ? -seekStep : seekStep))]
      }
      return [.detail(.workMoved(forward: key == .right))]
    },
    KeyBinding(
      [.character("h"), .character("l")], "h l", "pick one of the author's other works",
      hint: .bar(rank: 4, key: "h l") { state in
        guard let model = detailModel(state), model.playback != nil,
          model.author?.value?.works.isEmpty == false
        else { return nil }
        return "works"
      }
    ) { key, _ in [.detail(.workMoved(forward: key == .character("l")))] },
    KeyBinding(
      [.enter], "Enter", "open the picked track or work", send: [.detail(.focusedWorkOpened)]),
    KeyBinding(
      [.character("o")], "o", "open in Apple's store", hint: .header("store", rank: 5),
      send: [.detail(.openStoreLinkRequested)]),
    KeyBinding(
      [.character("a")], "a", "the author's store page",
      hint: .bar(rank: 5) {
        authorHint($0) == "a" ? (detailModel($0)?.isApp == true ? "developer" : "author") : nil
      },
      send: [.detail(.openAuthorLinkRequested)]),
    KeyBinding(
      [.character("A")], "A", "the artist's, author's or show's page",
      hint: .bar(rank: 5) { state in
        guard authorHint(state) == "A", let shown = detailModel(state)?.shownItem else {
          return nil
        }
        return CreatorRole(creatorOf: shown.kind).title.lowercased()
      },
      send: [.detail(.artistPageRequested)]),
    KeyBinding(
      [.character("c")], "c", "the album, season or collection",
      hint: .bar(rank: 5) { state in
        guard authorHint(state) == "c", let shown = detailModel(state)?.shownItem else {
          return nil
        }
        switch shown.kind {
        case .tvEpisode: return "season"
        case .featureMovie: return "collection"
        default: return "album"
        }
      },
      send: [.detail(.albumPageRequested)]),
    KeyBinding(
      [.character("m")], "m", "an app's notes: more, less", send: [.detail(.notesToggled)]),
    KeyBinding(
      [.character("["), .character("]")], "[ ]", "an app's screenshots: previous, next"
    ) { key, _ in [.detail(.screenshotsPaged(forward: key == .character("]")))] },
    KeyBinding(
      [.character("w")], "w", "other storefronts (tunes where)",
      send: [.detail(.watch(.storefrontsRequested))]),
    KeyBinding(
      [.character("r")], "r", "retry the blocks that failed",
      hint: .bar(rank: 0) { detailFailed($0) ? "retry" : nil }, send: [.detail(.retryRequested)]),
    KeyBinding(
      [.character("*")], "*", "favourite on/off",
      hint: .bar(rank: 3) { state in
        detailModel(state).map { $0.isFavorite ? "unfavourite" : "favourite" }
      }, send: [.favoriteToggled]),
  ]

  /// The help overlay.
  static let help: [KeyBinding] = [
    KeyBinding(
      [.escape, .character("?"), .character("q"), .enter], "Esc ? q", "close",
      send: [.helpToggled]),
    KeyBinding([.up, .character("k")], "↑ k", "scroll up", send: [.helpScrolled(-1)]),
    KeyBinding([.down, .character("j")], "↓ j", "scroll down", send: [.helpScrolled(1)]),
    KeyBinding(
      [.pageUp, .pageDown, .character(" ")], "PgUp PgDn", "scroll a page"
    ) { key, _ in [.helpScrolled(key == .pageUp ? -10 : 10)] },
  ]

  /// While a video holds the terminal (mpv draws over the whole screen): the preview keys and
  /// a way back; everything else, mouse included, is ignored so nothing draws over the picture.
  static let video: [KeyBinding] = [
    KeyBinding(
      [.character("q"), .character("s"), .escape, .backspace], "q s Esc", "stop, screen back",
      send: [.playback(.stopRequested)]),
    KeyBinding(
      [.character(" "), .character("p")], "Space p", "pause, resume",
      send: [.playback(.pauseToggled)]),
    KeyBinding(
      [.left, .character(","), .character("h"), .right, .character("."), .character("l")],
      "← → , . h l", "seek 5 s"
    ) { key, _ in
      let back = key == .left || key == .character(",") || key == .character("h")
      return [.playback(.seekRequested(back ? -seekStep : seekStep))]
    },
  ]

  /// Whether the top detail's item is the one that plays.
  static func playsHere(_ state: AppState) -> Bool {
    guard let detail = state.topDetail else { return false }
    return state.playback.isPlaying(itemID: detail.item.id)
  }

  /// The top detail's drawing model, for its hints.
  static func detailModel(_ state: AppState) -> DetailViewModel? {
    state.topDetail.map { DetailScreen.model($0, app: state, spinner: "") }
  }

  /// Whether a block of the top detail failed (`r` retries it).
  static func detailFailed(_ state: AppState) -> Bool {
    guard let model = detailModel(state) else { return false }
    return [model.details?.error, model.tracks?.error, model.author?.error].contains { $0 != nil }
  }

  /// The one author key the bar has room for at 80 columns (not while a preview plays): a
  /// song's album, else the artist page, else the author's store link.
  static func authorHint(_ state: AppState) -> String? {
    guard let model = detailModel(state), model.playback == nil else { return nil }
    let shown = model.shownItem
    guard shown.kind != .artist else { return nil }
    if model.isApp { return shown.authorURLText != nil ? "a" : nil }
    if DetailLookups.albumItem(for: shown) != nil { return "c" }
    if shown.authorID != nil { return "A" }
    return shown.authorURLText != nil ? "a" : nil
  }
}

/// The rows of the filters and settings panels.
extension KeyTable {
  /// The filters panel (`f`).
  static let filters: [KeyBinding] = [
    KeyBinding(
      [.up, .character("k"), .backTab, .down, .character("j"), .tab], "↑↓ jk Tab", "pick a field"
    ) { key, _ in
      let up = key == .up || key == .character("k") || key == .backTab
      return [.filters(.fieldMoved(up ? .up : .down))]
    },
    KeyBinding(
      [.left, .character("h"), .right, .character("l"), .character(" ")], "←→ hl Space",
      "change the value"
    ) { key, _ in
      [.filters(.valueStepped(by: key == .left || key == .character("h") ? -1 : 1))]
    },
    KeyBinding(
      (0...9).map { .character(Character(String($0))) }, "0–9", "type the limit (on Limit)"
    ) { key, state in
      guard case .filters(let panel)? = state.overlay, panel.focusedField == .limit,
        case .character(let character) = key, let digit = character.wholeNumberValue
      else { return [] }
      return [.filters(.limitDigitTyped(digit))]
    },
    KeyBinding(
      [.backspace, .delete], "Backspace", "erase a digit of the limit",
      send: [.filters(.limitDigitErased)]),
    KeyBinding([.enter], "Enter", "apply", send: [.filters(.applied)]),
    KeyBinding([.escape], "Esc", "close without applying", send: [.backRequested]),
  ]

  /// The settings panel (`S`).
  static let settings: [KeyBinding] = [
    KeyBinding(
      [.up, .down, .tab, .backTab], "↑↓ Tab", "pick a setting"
    ) { key, _ in [.settings(.fieldMoved(up: key == .up || key == .backTab))] },
    KeyBinding(.letters, "a–z", "type a country code (on Country)") { key, state in
      guard case .character(let letter) = key else { return nil }
      guard case .settings(let panel)? = state.overlay, panel.field == .country else { return [] }
      return [.settings(.letterTyped(letter))]
    },
    KeyBinding([.left, .right, .character(" ")], "← → Space", "change the setting") {
      key, _ in [.settings(.preferenceStepped(by: key == .left ? -1 : 1))]
    },
    KeyBinding([.backspace], "Backspace", "erase a letter", send: [.settings(.letterErased)]),
    KeyBinding(
      [.delete], "Delete", "forget every recent search (twice)",
      send: [.settings(.historyClearRequested)]),
    KeyBinding([.enter], "Enter", "apply", send: [.settings(.applied)]),
    KeyBinding([.escape], "Esc", "close without applying", send: [.backRequested]),
  ]
}
