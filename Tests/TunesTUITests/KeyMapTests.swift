import Foundation
import ITunesCatalog
import Playback
import TerminalUI
import Testing
import TunesFeatures

@testable import TunesTUI

@Suite("Key map")
struct KeyMapTests {
  static func resultsState() throws -> AppState {
    try ScreenStates.search("results", size: Viewport())
  }

  static let resultsTable: [(InputEvent, [AppAction])] = [
    (.char("j"), [.search(.selectionMoved(.down))]),
    (.char("h"), [.search(.selectionMoved(.left))]),
    (.char("H"), [.home(.opened)]),
    (.key(.right), [.search(.selectionMoved(.right))]),
    (.key(.pageDown), [.search(.selectionMoved(.pageDown))]),
    (.char("g"), [.genres(.opened(medium: nil))]),
    (.key(.home), [.search(.selectionMoved(.first))]),
    (.char("G"), [.search(.selectionMoved(.last))]),
    (.key(.enter), [.search(.tileOpened)]),
    (.key(.tab), [.search(.focusMoved(to: .query))]),
    (.char("/"), [.search(.focusMoved(to: .query))]),
    (.char("f"), [.filters(.opened)]),
    (.char("v"), [.search(.groupingToggled)]),
    (.char("r"), [.search(.retryRequested)]),
    (.char("*"), [.favoriteToggled]),
    (.char("F"), [.favorites(.opened)]),
    (.char("?"), [.helpToggled]),
    (.key(.escape), [.search(.escapePressed)]),
    (.char("q"), [.quitRequested]),
    (.key(.character("c"), .control), [.quitRequested]),
    (.char("x"), []),
  ]

  static let videoTable: [(InputEvent, [AppAction])] = [
    (.char("q"), [.playback(.stopRequested)]),
    (.key(.escape), [.playback(.stopRequested)]),
    (.char("s"), [.playback(.stopRequested)]),
    (.char(" "), [.playback(.pauseToggled)]),
    (.char("p"), [.playback(.pauseToggled)]),
    (.key(.left), [.playback(.seekRequested(-5))]),
    (.key(.right), [.playback(.seekRequested(5))]),
    (.char("."), [.playback(.seekRequested(5))]),
    (.key(.character("c"), .control), [.quitRequested]),
    (.char("*"), []),
    (.char("o"), []),
    (.key(.enter), []),
    (.paste("jack"), []),
  ]

  @Test(
    "while a video holds the terminal only the preview keys and a way back work",
    arguments: videoTable)
  func videoKeys(event: InputEvent, expected: [AppAction]) throws {
    var state = try Self.resultsState()
    var player = PlayerState()
    player.apply(.loading(URL(string: "http://127.0.0.1:9/media/v.m4v")!))
    player.apply(.started)
    state.playback = PlaybackState(itemID: 1, title: "Video", player: player)
    state.playback.surface = .terminal
    #expect(KeyMap.actions(for: event, state: state, hits: nil) == expected)
    // With a window (or sound only) the app keeps its screen and its keys.
    state.playback.surface = .window
    #expect(KeyMap.actions(for: .char("q"), state: state, hits: nil) == [.quitRequested])
  }

  @Test("keys on the results become these actions", arguments: resultsTable)
  func resultsKeys(event: InputEvent, expected: [AppAction]) throws {
    let state = try Self.resultsState()
    #expect(KeyMap.actions(for: event, state: state, hits: nil) == expected)
  }

  @Test("↑ on the first row of tiles goes back to the query box; on a later row it moves up")
  func upFromFirstRow() throws {
    var state = try Self.resultsState()
    #expect(
      KeyMap.actions(for: .key(.up), state: state, hits: nil) == [
        .search(.focusMoved(to: .query))
      ])
    state.search.selection = 2
    #expect(
      KeyMap.actions(for: .key(.up), state: state, hits: nil) == [.search(.selectionMoved(.up))])
  }

  static let queryTable: [(InputEvent, [AppAction])] = [
    (.key(.enter), [.search(.querySubmitted)]),
    (.key(.escape), [.search(.escapePressed)]),
    (.char("q"), [.search(.queryEdited(.insert("q")))]),
    (.char("?"), [.search(.queryEdited(.insert("?")))]),
    (.key(.backspace), [.search(.queryEdited(.deleteBackward))]),
    (.key(.character("w"), .control), [.search(.queryEdited(.deleteWordBackward))]),
    (.key(.left), [.search(.queryEdited(.moveLeft))]),
    (.key(.left, .control), [.search(.queryEdited(.moveWordLeft))]),
    (.key(.character("a"), .control), [.search(.queryEdited(.moveToStart))]),
    (.key(.character("f"), .alt), [.search(.queryEdited(.moveWordRight))]),
    (.key(.character("c"), .control), [.quitRequested]),
    (.key(.tab), [.search(.focusMoved(to: .results))]),
    (.key(.down), [.search(.suggestionMoved(up: false))]),
    (.key(.up), [.search(.suggestionMoved(up: true))]),
    (.paste("x\u{1B}[2Jy"), [.search(.queryEdited(.insert("xy")))]),
  ]

  @Test("keys in the query box become edits or these actions", arguments: queryTable)
  func queryKeys(event: InputEvent, expected: [AppAction]) throws {
    var state = try Self.resultsState()
    state.search.focus = .query
    state.search.query = "abc"
    state.search.queryCursor = 3
    state.search.suggestions = ["abc def"]
    #expect(KeyMap.actions(for: event, state: state, hits: nil) == expected)
  }

  @Test("? opens help from an empty query box, q types there; Esc and Tab leave the box")
  func firstScreen() {
    let state = AppState()
    #expect(KeyMap.actions(for: .char("?"), state: state, hits: nil) == [.helpToggled])
    #expect(
      KeyMap.actions(for: .char("q"), state: state, hits: nil) == [
        .search(.queryEdited(.insert("q")))
      ])
    // At launch, with no results, Esc and Tab still reach the screen keys (F, ?, q): Esc
    // says so to the search feature, which decides (see SearchFeatureScopedTests).
    #expect(
      KeyMap.actions(for: .key(.escape), state: state, hits: nil) == [.search(.escapePressed)])
    #expect(
      KeyMap.actions(for: .key(.tab), state: state, hits: nil) == [
        .search(.focusMoved(to: .results))
      ])
    var outside = state
    outside.search.focus = .results
    #expect(KeyMap.actions(for: .char("F"), state: outside, hits: nil) == [.favorites(.opened)])
  }

  @Test("Esc on the search screen is one intent, from the box and from the results")
  func escapeIsAnIntent() throws {
    var state = try Self.resultsState()
    state.search.results = .loading(previous: state.search.items)
    #expect(
      KeyMap.actions(for: .key(.escape), state: state, hits: nil) == [.search(.escapePressed)])
    state.search.focus = .query
    #expect(
      KeyMap.actions(for: .key(.escape), state: state, hits: nil) == [.search(.escapePressed)])
  }

  static let detailTable: [(InputEvent, [AppAction])] = [
    // An album page has tracks: ↑ ↓ j k pick one.
    (.char("j"), [.detail(.trackMoved(forward: true))]),
    (.key(.up), [.detail(.trackMoved(forward: false))]),
    (.key(.pageDown), [.detail(.scrollRequested(.pages(1)))]),
    (.char("G"), [.detail(.scrollRequested(.bottom))]),
    (.char("g"), [.genres(.opened(medium: nil))]),
    (.key(.home), [.detail(.scrollRequested(.top))]),
    (.char("l"), [.detail(.workMoved(forward: true))]),
    (.key(.left), [.detail(.workMoved(forward: false))]),
    (.char("o"), [.detail(.openStoreLinkRequested)]),
    (.char("a"), [.detail(.openAuthorLinkRequested)]),
    (.char("A"), [.detail(.artistPageRequested)]),
    (.char("c"), [.detail(.albumPageRequested)]),
    (.char("r"), [.detail(.retryRequested)]),
    (.char("*"), [.favoriteToggled]),
    (.key(.enter), [.detail(.focusedWorkOpened)]),
    (.key(.escape), [.backRequested]),
    (.char("q"), [.quitRequested]),
  ]

  @Test("keys on a detail become these actions", arguments: detailTable)
  func detailKeys(event: InputEvent, expected: [AppAction]) throws {
    let state = try ScreenStates.detail("album", size: Viewport())
    #expect(KeyMap.actions(for: event, state: state, hits: nil) == expected)
  }

  @Test(
    "on a detail with nothing playing, p and Space ask to play or pause, s , . do nothing, ← → pick works"
  )
  func playKeysIdle() throws {
    let state = try ScreenStates.detail("song", size: Viewport())
    let song = try #require(state.topDetail?.shownItem)
    let list = PlayList(items: [song], start: 0)
    #expect(
      KeyMap.actions(for: .char("p"), state: state, hits: nil) == [
        .playback(.listPlayRequested(list))
      ])
    #expect(
      KeyMap.actions(for: .char(" "), state: state, hits: nil) == [
        .playback(.resumeOrPlayRequested(list))
      ])
    for key in [InputEvent.char("s"), .char(","), .char(".")] {
      #expect(KeyMap.actions(for: key, state: state, hits: nil) == [])
    }
    #expect(
      KeyMap.actions(for: .key(.left), state: state, hits: nil) == [
        .detail(.workMoved(forward: false))
      ])
    #expect(
      KeyMap.actions(for: .key(.right), state: state, hits: nil) == [
        .detail(.workMoved(forward: true))
      ])
  }

  static let playingTable: [(InputEvent, [AppAction])] = [
    (.char("s"), [.playback(.stopRequested)]),
    (.char(","), [.playback(.seekRequested(-5))]),
    (.char("."), [.playback(.seekRequested(5))]),
    (.key(.left), [.playback(.seekRequested(-5))]),
    (.key(.right), [.playback(.seekRequested(5))]),
    (.char("h"), [.detail(.workMoved(forward: false))]),
    (.char("H"), [.home(.opened)]),
    (.char("/"), [.searchBoxRequested]),
    (.char("l"), [.detail(.workMoved(forward: true))]),
    (.key(.pageDown), [.detail(.scrollRequested(.pages(1)))]),
  ]

  @Test(
    "while the detail's preview plays: pause, stop, seek ±5 s; h l still pick works",
    arguments: playingTable)
  func playKeysPlaying(event: InputEvent, expected: [AppAction]) throws {
    let state = try ScreenStates.detail("song-playing", size: Viewport())
    #expect(KeyMap.actions(for: event, state: state, hits: nil) == expected)
  }

  @Test("after the detail's preview failed: p tries again, s and , . do nothing")
  func playKeysFailed() throws {
    let state = try ScreenStates.detail("song-failed", size: Viewport())
    let song = try #require(state.topDetail?.shownItem)
    #expect(
      KeyMap.actions(for: .char("p"), state: state, hits: nil) == [
        .playback(.listPlayRequested(PlayList(items: [song], start: 0)))
      ])
    for key in [InputEvent.char("s"), .char(","), .char(".")] {
      #expect(KeyMap.actions(for: key, state: state, hits: nil) == [])
    }
  }

  @Test("while another item's preview plays: p plays this one, s stops, , . seek, ← → pick works")
  func playKeysOtherItem() throws {
    var state = try ScreenStates.detail("song", size: Viewport())
    let song = try #require(state.topDetail?.shownItem)
    state.playback = try ScreenStates.detail("song-playing", size: Viewport()).playback
    state.playback.itemID = 1
    #expect(
      KeyMap.actions(for: .char("p"), state: state, hits: nil) == [
        .playback(.listPlayRequested(PlayList(items: [song], start: 0)))
      ])
    #expect(KeyMap.actions(for: .char("s"), state: state, hits: nil) == [.playback(.stopRequested)])
    #expect(
      KeyMap.actions(for: .key(.left), state: state, hits: nil) == [
        .detail(.workMoved(forward: false))
      ])
    // Seeking works on what plays from every screen.
    #expect(
      KeyMap.actions(for: .char(","), state: state, hits: nil) == [.playback(.seekRequested(-5))])
  }

  static let filtersTable: [(InputEvent, [AppAction])] = [
    (.key(.down), [.filters(.fieldMoved(.down))]),
    (.key(.up), [.filters(.fieldMoved(.up))]),
    (.key(.right), [.filters(.valueStepped(by: 1))]),
    (.key(.left), [.filters(.valueStepped(by: -1))]),
    (.key(.enter), [.filters(.applied)]),
    (.key(.escape), [.backRequested]),
  ]

  @Test("keys in the filters panel move, change and apply", arguments: filtersTable)
  func filtersKeys(event: InputEvent, expected: [AppAction]) {
    var state = AppState()
    state.overlay = .filters(FiltersState(draft: SearchFilters()))
    #expect(KeyMap.actions(for: event, state: state, hits: nil) == expected)
  }

  @Test("keys on the favourites screen move and open")
  func favoritesKeys() {
    var state = AppState()
    state.stack = [.favorites(FavoritesState.showing([]))]
    #expect(
      KeyMap.actions(for: .key(.down), state: state, hits: nil) == [
        .favorites(.selectionMoved(.down))
      ])
    #expect(KeyMap.actions(for: .key(.enter), state: state, hits: nil) == [.favorites(.rowOpened)])
    #expect(KeyMap.actions(for: .key(.escape), state: state, hits: nil) == [.backRequested])
  }

  @Test("help closes with Esc, ? or q, and ignores other keys")
  func helpKeys() {
    var state = AppState()
    state.overlay = .help
    for key in [InputEvent.key(.escape), .char("?"), .char("q")] {
      #expect(KeyMap.actions(for: key, state: state, hits: nil) == [.helpToggled])
    }
    #expect(KeyMap.actions(for: .char("j"), state: state, hits: nil) == [.helpScrolled(1)])
    #expect(KeyMap.actions(for: .char("x"), state: state, hits: nil).isEmpty)
  }

  @Test("at 40×12 the help scrolls to its last key and no further")
  func helpScrolls() throws {
    var state = AppState(viewport: Viewport(columns: 40, rows: 12))
    state.overlay = .help
    let measured = AppScreen.render(state).metrics
    #expect(measured.helpMaximumScroll > 10, "the small screen cannot show every key at once")
    state.metrics = measured
    let reducer = AppFeature(dependencies: .test)
    _ = reducer.reduce(into: &state, action: .helpScrolled(1000))
    #expect(state.helpScroll == measured.helpMaximumScroll)
    let text = AppScreen.render(state).buffer.text
    let last = try #require(HelpOverlay.sections(focus: .queryBox).last?.entries.last)
    #expect(text.contains(last.action), "the last key of the list is reachable")
    _ = reducer.reduce(into: &state, action: .helpScrolled(-1000))
    #expect(state.helpScroll == 0)
  }
}

@Suite("Filters panel editing")
struct FiltersEditingTests {
  @Test("with media 'everything' the entity can be set, and values read as words")
  func entityForEverything() {
    let stepped = SearchFilters().stepped(.entity, by: 1)
    #expect(stepped.entity == "movie")
    #expect(stepped.validationError == nil)
    #expect(FiltersEditing.value(of: .entity, in: stepped) == "movies")
    #expect(
      FiltersEditing.value(of: .media, in: SearchFilters(media: .musicVideo)) == "music videos")
    #expect(FiltersEditing.value(of: .media, in: SearchFilters(media: .tvShow)) == "TV shows")
    let artists = SearchFilters(media: .music, entity: "musicArtist")
    #expect(FiltersEditing.value(of: .entity, in: artists) == "artists")
  }

  /// Presses `event`: its intents go through the app's reducer (effects are not run).
  @MainActor
  func press(_ event: InputEvent, _ state: inout AppState) {
    let reducer = AppFeature(dependencies: .test)
    for action in KeyMap.actions(for: event, state: state, hits: nil) {
      _ = reducer.reduce(into: &state, action: action)
    }
  }

  /// The settings panel's country draft.
  func country(_ state: AppState) -> String? {
    guard case .settings(let panel)? = state.overlay else { return "closed" }
    return panel.country
  }

  @Test(
    "any storefront can be typed in the settings' country (h j k l too); ←/→ step; Backspace erases"
  )
  @MainActor
  func typedCountry() {
    var state = AppState()
    state.search.focus = .results
    #expect(KeyMap.actions(for: .char("S"), state: state, hits: nil) == [.settings(.opened)])
    state.overlay = .settings(SettingsState())
    #expect(
      KeyMap.actions(for: .char("n"), state: state, hits: nil) == [.settings(.letterTyped("n"))])
    press(.char("n"), &state)
    #expect(country(state) == "N")
    press(.char("o"), &state)
    #expect(country(state) == "NO")
    press(.key(.backspace), &state)
    #expect(country(state) == "N")
    press(.key(.backspace), &state)
    #expect(country(state) == nil)
    state.overlay = .settings(SettingsState(country: "NO"))
    press(.char("h"), &state)
    #expect(country(state) == "H")
    // ←/→ go through the listed storefronts from none chosen; a typed one steps from the start.
    state.overlay = .settings(SettingsState())
    press(.key(.right), &state)
    #expect(country(state) == "US")
    state.overlay = .settings(SettingsState())
    press(.key(.left), &state)
    #expect(country(state) == "RU")
    state.overlay = .settings(SettingsState(country: "GB"))
    #expect(KeyMap.actions(for: .key(.enter), state: state, hits: nil) == [.settings(.applied)])
    #expect(KeyMap.actions(for: .key(.escape), state: state, hits: nil) == [.backRequested])
  }

  @Test("←/→ in the filters panel step the focused field's value, through the reducer")
  @MainActor
  func filtersStep() {
    var state = AppState()
    state.overlay = .filters(FiltersState(draft: SearchFilters()))
    #expect(
      KeyMap.actions(for: .key(.right), state: state, hits: nil) == [.filters(.valueStepped(by: 1))]
    )
    press(.key(.right), &state)
    #expect(state.overlay == .filters(FiltersState(draft: SearchFilters(media: .movie))))
    state.overlay = .filters(FiltersState(draft: SearchFilters()))
    press(.char("h"), &state)
    #expect(state.overlay == .filters(FiltersState(draft: SearchFilters(media: .ebook))))
  }
}
