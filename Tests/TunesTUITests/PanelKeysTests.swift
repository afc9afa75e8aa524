import Foundation
import ITunesCatalog
import TerminalUI
import Testing
import TunesFeatures

@testable import TunesTUI

/// The keys issue 23 added to the panels: the typed limit, the recent searches, copying a link.
@Suite("Panel keys for a newcomer")
struct PanelKeysTests {
  @Test("Digits on the Limit field type it; elsewhere in the panel they do nothing")
  func limitDigits() {
    var state = AppState(viewport: Viewport())
    state.overlay = .filters(FiltersState(draft: SearchFilters(), focusedField: .limit))
    #expect(
      KeyMap.actions(for: .char("7"), state: state, hits: nil) == [.filters(.limitDigitTyped(7))])
    #expect(
      KeyMap.actions(for: .key(.backspace), state: state, hits: nil) == [
        .filters(.limitDigitErased)
      ])
    state.overlay = .filters(FiltersState(draft: SearchFilters(), focusedField: .media))
    #expect(KeyMap.actions(for: .char("7"), state: state, hits: nil) == [])
  }

  @Test("↑ and Ctrl-R open the recent searches; Delete forgets the highlighted one")
  func recentSearches() {
    var state = AppState(viewport: Viewport())
    state.search.history = ["jazz", "queen"]
    #expect(
      KeyMap.actions(for: .key(.up), state: state, hits: nil) == [
        .search(.suggestionMoved(up: false))
      ])
    #expect(
      KeyMap.actions(for: .key(.character("r"), .control), state: state, hits: nil) == [
        .search(.suggestionMoved(up: false))
      ])
    state.search.suggestions = ["jazz", "queen"]
    state.search.highlightedSuggestion = 1
    #expect(
      KeyMap.actions(for: .key(.delete), state: state, hits: nil) == [
        .search(.suggestionRemoved(1))
      ])
    // Without a highlight, Delete edits the query as before.
    state.search.highlightedSuggestion = nil
    #expect(
      KeyMap.actions(for: .key(.delete), state: state, hits: nil) != [
        .search(.suggestionRemoved(1))
      ])
  }

  @Test("y copies a link that did not open; OSC 52 carries it, controls removed")
  func copyLink() throws {
    var state = try ScreenStates.search("results", size: Viewport())
    #expect(KeyMap.actions(for: .char("y"), state: state, hits: nil) == [])
    state.noticeLink = "https://music.apple.com/us/album/1"
    #expect(
      KeyMap.actions(for: .char("y"), state: state, hits: nil) == [
        .linkCopyRequested("https://music.apple.com/us/album/1")
      ])
    let bytes = Clipboard.osc52("https://a.example/\u{07}x")
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(
      text == "\u{1B}]52;c;" + Data("https://a.example/x".utf8).base64EncodedString() + "\u{07}")
  }

  @Test("Delete in the settings asks once, then forgets the history; Backspace still erases")
  func settingsDelete() {
    var state = AppState(viewport: Viewport())
    state.overlay = .settings(SettingsState(country: "GB", historyCount: 3))
    #expect(
      KeyMap.actions(for: .key(.delete), state: state, hits: nil) == [
        .settings(.historyClearRequested)
      ])
    #expect(
      KeyMap.actions(for: .key(.backspace), state: state, hits: nil) == [.settings(.letterErased)])
  }
}
