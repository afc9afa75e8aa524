import ITunesCatalog
import TerminalUI
import Testing
import TunesFeatures

@testable import TunesTUI

@Suite("StatusBar")
struct StatusBarTests {
  static func playing() -> AppState {
    var state = AppState()
    var song = CatalogItem(id: 1, kind: .song, title: "Back to the Tides")
    song.author = "Mira Castell"
    state.playback.queue = PlayQueue(items: [song, CatalogItem(id: 2, kind: .song, title: "B")])
    state.playback.queue.index = 0
    state.playback.itemID = 1
    state.playback.title = song.title
    state.playback.artist = song.author
    state.playback.player.phase = .playing
    state.playback.player.duration = 30
    state.playback.player.position = 12
    return state
  }

  static func text(_ spans: [TerminalUI.Span]) -> String { spans.map(\.text).joined() }

  @Test("the now-playing part gives the queue's place and the artist")
  func nowPlaying() {
    #expect(
      Self.text(StatusBar.left(Self.playing()))
        == " ▶ Back to the Tides 0:12 / 0:30 · 1/2 · Mira Castell ")
  }

  @Test("with a notice, what plays is short and the notice follows")
  func notice() {
    var state = Self.playing()
    state.notice = "Wrote the queue"
    #expect(
      Self.text(StatusBar.left(state)) == " ▶ Back to the Tides 0:12 / 0:30 ● Wrote the queue")
  }
}
