import ITunesCatalog
import TerminalUI
import Testing
import TunesFeatures

@testable import TunesTUI

@Suite("Key map")
struct KeyMapTests {
  static func resultsState() throws -> TUIState {
    try ScreenStates.search("results", size: Viewport())
  }

  static let resultsTable: [(InputEvent, [AppAction])] = [
    (.key(.up), [.selectionMoved(.up)]),
    (.char("j"), [.selectionMoved(.down)]),
    (.char("h"), [.selectionMoved(.left)]),
    (.key(.right), [.selectionMoved(.right)]),
    (.key(.pageDown), [.selectionMoved(.pageDown)]),
    (.char("g"), [.selectionMoved(.first)]),
    (.char("G"), [.selectionMoved(.last)]),
    (.key(.enter), [.tileOpened]),
    (.key(.tab), [.focusMoved(to: .query)]),
    (.char("/"), [.focusMoved(to: .query)]),
    (.char("f"), [.filtersOpened]),
    (.char("v"), [.groupingToggled]),
    (.char("r"), [.retryRequested]),
    (.char("*"), [.favoriteToggled]),
    (.char("F"), [.favoritesOpened]),
    (.char("?"), [.helpToggled]),
    (.key(.escape), [.backRequested]),
    (.char("q"), [.quitRequested]),
    (.key(.character("c"), .control), [.quitRequested]),
    (.char("x"), []),
  ]

  @Test("keys on the results become these actions", arguments: resultsTable)
  func resultsKeys(event: InputEvent, expected: [AppAction]) throws {
    var state = try Self.resultsState()
    #expect(KeyMap.actions(for: event, state: &state, frame: nil) == expected)
  }

  static let queryTable: [(InputEvent, [AppAction])] = [
    (.key(.enter), [.querySubmitted]),
    (.key(.escape), [.backRequested]),
    (.char("q"), [.queryChanged("abcq")]),
    (.char("?"), [.queryChanged("abc?")]),
    (.key(.backspace), [.queryChanged("ab")]),
    (.key(.character("w"), .control), [.queryChanged("")]),
    (.key(.left), []),
    (.key(.character("c"), .control), [.quitRequested]),
    (.key(.tab), [.focusMoved(to: .results)]),
    (.key(.down), [.selectionMoved(.down)]),
    (.key(.up), [.selectionMoved(.up)]),
    (.paste("x\u{1B}[2Jy"), [.queryChanged("abcx[2Jy")]),
  ]

  @Test("keys in the query box edit it or become these actions", arguments: queryTable)
  func queryKeys(event: InputEvent, expected: [AppAction]) throws {
    var state = try Self.resultsState()
    state.app.search.focus = .query
    state.app.search.query = "abc"
    state.app.search.suggestions = ["abc def"]
    state.query = TextFieldState(text: "abc")
    #expect(KeyMap.actions(for: event, state: &state, frame: nil) == expected)
  }

  @Test("? opens help from an empty query box, q types there")
  func questionMarkInEmptyQuery() {
    var state = TUIState()
    #expect(KeyMap.actions(for: .char("?"), state: &state, frame: nil) == [.helpToggled])
    #expect(KeyMap.actions(for: .char("q"), state: &state, frame: nil) == [.queryChanged("q")])
    #expect(state.query.text == "q")
  }

  static let detailTable: [(InputEvent, [AppAction])] = [
    (.char("j"), [.detail(.scrolled(1))]),
    (.key(.up), [.detail(.scrolled(-1))]),
    (.char("G"), [.detail(.scrolled(8))]),
    (.char("g"), [.detail(.scrolled(-2))]),
    // The works lie below the fold, so choosing one also scrolls (to the test's maximum, 10).
    (.char("l"), [.selectionMoved(.right), .detail(.scrolled(8))]),
    (.key(.left), [.selectionMoved(.left), .detail(.scrolled(8))]),
    (.char("o"), [.detail(.openStoreLinkRequested)]),
    (.char("a"), [.detail(.openAuthorLinkRequested)]),
    (.char("*"), [.favoriteToggled]),
    (.key(.enter), [.tileOpened]),
    (.key(.escape), [.backRequested]),
    (.char("q"), [.quitRequested]),
  ]

  @Test(
    "keys on a detail scroll within the document or become these actions",
    arguments: detailTable)
  func detailKeys(event: InputEvent, expected: [AppAction]) throws {
    var state = try ScreenStates.detail("album", size: Viewport())
    guard case .detail(var detail) = state.app.stack.last else { return }
    detail.scroll = 2
    state.app.stack = [.detail(detail)]
    var frame = AppScreen.render(state)
    frame.detailMaximumScroll = 10
    #expect(KeyMap.actions(for: event, state: &state, frame: frame) == expected)
  }

  @Test("scrolling stops at the end of the detail document")
  func detailScrollStops() throws {
    var state = try ScreenStates.detail("song", size: Viewport(columns: 120, rows: 40))
    let frame = AppScreen.render(state)
    #expect(frame.detailMaximumScroll == 0)
    #expect(KeyMap.actions(for: .char("j"), state: &state, frame: frame).isEmpty)
  }

  static let filtersTable: [(InputEvent, [AppAction])] = [
    (.key(.down), [.selectionMoved(.down)]),
    (.key(.up), [.selectionMoved(.up)]),
    (.key(.right), [.filtersChanged(SearchFilters(media: .movie))]),
    (.key(.left), [.filtersChanged(SearchFilters(media: .ebook))]),
    (.key(.enter), [.filtersApplied]),
    (.key(.escape), [.backRequested]),
  ]

  @Test("keys in the filters panel move, change and apply", arguments: filtersTable)
  func filtersKeys(event: InputEvent, expected: [AppAction]) {
    var state = TUIState()
    state.app.overlay = .filters(FiltersState(draft: SearchFilters()))
    #expect(KeyMap.actions(for: event, state: &state, frame: nil) == expected)
  }

  @Test("help closes with Esc, ? or q, and ignores other keys")
  func helpKeys() {
    var state = TUIState()
    state.app.overlay = .help
    for key in [InputEvent.key(.escape), .char("?"), .char("q")] {
      #expect(KeyMap.actions(for: key, state: &state, frame: nil) == [.helpToggled])
    }
    #expect(KeyMap.actions(for: .char("j"), state: &state, frame: nil).isEmpty)
  }
}
