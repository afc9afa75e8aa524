import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient
import Playback
import Synchronization
import TerminalPOSIX
import TerminalUI
import TestSupport
import Testing
import TunesFeatures

@testable import TunesTUI

@Suite("Program loop")
@MainActor
struct ProgramLoopTests {
  let terminal = FakeTerminal()
  let clock = TestClock()

  func makeLoop(
    items: [CatalogItem] = [], sync: Bool = false, history: [String] = [],
    spinner: Duration? = nil, player: Player = .unavailable, video: VideoPolicy = VideoPolicy(),
    openURL: (@Sendable (URL) async throws -> Void)? = nil
  ) -> ProgramLoop {
    var dependencies = TunesDependencies.test
    if let openURL { dependencies.openURL = openURL }
    dependencies.player = player
    dependencies.video = video
    dependencies.clock = clock.clock
    dependencies.history = .inMemory(history)
    dependencies.client = .mock { _ in CatalogPage(items: items) }
    dependencies.spinnerInterval = spinner
    return ProgramLoop(
      terminal: terminal.io, dependencies: dependencies, colorDepth: .ansi256,
      synchronizedOutput: sync)
  }

  @Test("typing a query and Enter searches and draws the tiles; q quits with 0")
  func searchAndQuit() async throws {
    let items = try Recordings.items(Recordings.mixed)
    let loop = makeLoop(items: items)
    let run = Task { await loop.run() }
    // If the search never lands, stop here: "q" would be typed into the query box and
    // run.value would never return.
    defer { terminal.continuation.yield(.eof) }
    terminal.type("jack")
    try #require(await loop.waitUntil { state, _ in state.search.query == "jack" })
    #expect(loop.state.search.queryCursor == 4)
    terminal.send([0x0D])
    try #require(
      await loop.waitUntil { state, frame in
        state.search.results.loadedValue?.count == items.count
          && frame?.buffer.text.contains("25 results") == true
      })
    #expect(terminal.output.contains("Star Wars: The Force"))
    terminal.type("q")
    #expect(await run.value == 0)
  }

  @Test(
    "p on a detail plays its preview: the progress bar and the now-playing line are drawn, Space pauses; the player is shut down when the loop ends"
  )
  func preview() async throws {
    let items = try Recordings.items(Recordings.mixed)
    let song = try #require(items.first)
    #expect(song.previewURLText != nil)
    let double = InMemoryPlayer(duration: 30)
    let loop = makeLoop(items: items, player: double.player)
    let run = Task { await loop.run() }
    defer { terminal.continuation.yield(.eof) }
    terminal.type("jack")
    terminal.send([0x0D])
    try #require(await loop.waitUntil { state, _ in state.search.results.loadedValue != nil })
    terminal.send([0x0D])
    try #require(await loop.waitUntil { state, _ in state.topDetail?.item.id == song.id })
    terminal.type("p")
    try #require(
      await loop.waitUntil { state, frame in
        state.playback.isPlaying(itemID: song.id)
          && frame?.buffer.text.contains("0:00 / 0:30") == true
          && frame?.buffer.text.contains("-0:30  ← → seek") == true
      })
    terminal.type(" ")
    try #require(
      await loop.waitUntil { state, frame in
        state.playback.isPaused && frame?.buffer.text.contains("⏸") == true
      })
    // The now-playing line stays on the search screen.
    terminal.send([0x1B])
    #expect(await clock.waitForSleepers())
    await clock.advance(by: ProgramLoop.escapeTimeout)
    try #require(
      await loop.waitUntil { state, frame in
        state.stack.isEmpty && frame?.buffer.text.contains("⏸ \(song.title) 0:00 / 0:30") == true
      })
    terminal.continuation.yield(.signal(15))
    #expect(await run.value == 143)
    #expect(double.commands == [.play(try #require(song.previewURL)), .togglePause, .shutdown])
  }

  @Test(
    "a video in the terminal: the screen is cleared for mpv, nothing is written while it plays (keys still work), and q brings the app back drawn whole"
  )
  func videoInTerminal() async throws {
    let items = try Recordings.items(Recordings.mixed)
    let movie = try #require(items.first { $0.previewIsVideo })
    let index = try #require(items.firstIndex(of: movie))
    let double = InMemoryPlayer(duration: 30)
    let loop = makeLoop(
      items: items, player: double.player, video: VideoPolicy(mode: .terminal, hasTerminal: true))
    let run = Task { await loop.run() }
    defer { terminal.continuation.yield(.eof) }
    terminal.type("jack")
    terminal.send([0x0D])
    try #require(await loop.waitUntil { state, _ in state.search.results.loadedValue != nil })
    for _ in 0..<index { terminal.type("l") }
    terminal.send([0x0D])
    try #require(await loop.waitUntil { state, _ in state.topDetail?.item.id == movie.id })
    terminal.clearOutput()
    terminal.type("p")
    try #require(
      await loop.waitUntil { state, _ in state.playback.holdsTerminal && state.playback.showsVideo }
    )
    // The handoff cleared the screen and drew nothing of the app.
    #expect(terminal.output.contains("\u{1B}[2J"), "\(terminal.output.debugDescription)")
    #expect(!terminal.output.contains("Director"))
    // Once mpv drew, one line on the last row (below mpv's 23) says what plays.
    let title = loop.state.playback.title ?? "?"
    #expect(await eventually { terminal.output.contains("q stops · Space pauses") })
    #expect(terminal.output.contains("\u{1B}7\u{1B}[24;1H\u{1B}[0m\u{1B}[2K ▶ \(title)"))
    terminal.clearOutput()
    terminal.type(" ")
    try #require(await loop.waitUntil { state, _ in state.playback.isPaused })
    terminal.type("l")
    try #require(await loop.waitUntil { state, _ in state.playback.position == 5 })
    #expect(terminal.output.isEmpty, "written over mpv: \(terminal.output.debugDescription)")
    terminal.type("q")
    try #require(
      await loop.waitUntil { state, frame in
        !state.playback.isActive && state.topDetail?.item.id == movie.id
          && frame?.buffer.text.contains("Esc back") == true
      })
    #expect(terminal.output.contains("\u{1B}[2J"), "the app's screen is not drawn afresh")
    #expect(terminal.output.contains("Director"))
    // One more whole redraw a moment later covers a last frame mpv may have drawn.
    terminal.clearOutput()
    #expect(await clock.waitForSleepers())
    await clock.advance(by: ProgramLoop.videoRedrawDelay)
    #expect(await eventually { terminal.output.contains("Director") })
    terminal.continuation.yield(.signal(15))
    #expect(await run.value == 143)
    let url = try #require(movie.previewURL)
    let area = TerminalVideo(driver: .tct, columns: 80, rows: 23)  // the last row says what plays
    #expect(
      double.commands == [
        .playVideo(url, .terminal(area)), .togglePause, .seek(5), .stop, .shutdown,
      ])
  }

  @Test(
    "frames are wrapped in synchronized output only when the terminal supports it",
    arguments: [true, false])
  func synchronizedOutput(supported: Bool) async {
    let loop = makeLoop(sync: supported)
    let run = Task { await loop.run() }
    #expect(await loop.waitUntil { _, frame in frame != nil })
    #expect(terminal.output.hasPrefix("\u{1B}[?2026h") == supported)
    #expect(terminal.output.contains("\u{1B}[?2026l") == supported)
    terminal.continuation.yield(.signal(15))
    #expect(await run.value == 143)
  }

  @Test(
    "a resize that moves the layout writes one frame, drawn with what the screen measured"
  )
  func oneFramePerEvent() async throws {
    let items = try Recordings.items(Recordings.mixed)
    let loop = makeLoop(items: items)
    let run = Task { await loop.run() }
    defer { terminal.continuation.yield(.eof) }
    terminal.type("jack")
    terminal.send([0x0D])
    try #require(
      await loop.waitUntil { state, frame in
        state.search.results.loadedValue?.count == items.count
          && frame?.buffer.text.contains("25 results") == true
      })
    terminal.type("G")
    try #require(await loop.waitUntil { state, _ in state.search.selection == items.count - 1 })
    let before = terminal.writeCount
    let offset = loop.state.search.resultsOffset
    // Fewer lines: the grid must scroll further to keep the last tile in view, which only the
    // new measurements tell the reducer.
    terminal.resize(columns: 80, rows: 12)
    try #require(await loop.waitUntil { state, _ in state.viewport.rows == 12 })
    #expect(terminal.writeCount - before == 1)
    #expect(loop.state.search.resultsOffset > offset)
    #expect(loop.frame?.metrics == loop.state.metrics)
    _ = run
  }

  @Test("Esc and q typed together (read as Alt-q) are Esc, then q: the app leaves and quits")
  func escapeThenKeyTogether() async throws {
    let loop = makeLoop()
    let run = Task { await loop.run() }
    defer { terminal.continuation.yield(.eof) }
    try #require(await loop.waitUntil { state, _ in state.search.focus == .query })
    // In the query box Esc leaves the box (no suggestions are open), and q then quits.
    terminal.send([0x1B, 0x71])
    let quit = await loop.waitUntil { state, _ in state.shouldQuit }
    #expect(quit, "Alt-q was dropped: the app is still running")
    #expect(loop.state.search.focus == .results)
    guard quit else { return }
    #expect(await run.value == 0)
  }

  @Test("a terminating signal ends the loop with 128 + n")
  func signal() async {
    let loop = makeLoop()
    let run = Task { await loop.run() }
    terminal.continuation.yield(.signal(1))
    #expect(await run.value == 129)
  }

  @Test("a resize updates the viewport and redraws the whole screen")
  func resize() async {
    let loop = makeLoop()
    let run = Task { await loop.run() }
    #expect(await loop.waitUntil { _, frame in frame != nil })
    terminal.clearOutput()
    terminal.resize(columns: 100, rows: 30)
    #expect(
      await loop.waitUntil { state, frame in
        state.viewport == Viewport(columns: 100, rows: 30) && frame?.buffer.width == 100
      })
    #expect(terminal.output.contains("\u{1B}[2J"))
    terminal.continuation.yield(.eof)
    #expect(await run.value == 0)
  }

  @Test("o where no browser opens says so; y writes the link to the clipboard with OSC 52, once")
  func copyLinkThatDidNotOpen() async throws {
    struct NoBrowser: Error, LocalizedError {
      var errorDescription: String? { "xdg-open is not installed." }
    }
    let items = try Recordings.items(Recordings.mixed)
    let song = try #require(items.first)
    let link = try #require(song.storeURLText)
    let loop = makeLoop(items: items, openURL: { _ in throw NoBrowser() })
    let run = Task { await loop.run() }
    defer { terminal.continuation.yield(.eof) }
    terminal.type("jack")
    terminal.send([0x0D])
    try #require(await loop.waitUntil { state, _ in state.search.results.loadedValue != nil })
    terminal.send([0x0D])
    try #require(await loop.waitUntil { state, _ in state.topDetail?.item.id == song.id })
    terminal.type("o")
    try #require(
      await loop.waitUntil { state, frame in
        state.noticeLink == link
          && frame?.buffer.text.contains("No browser opened (xdg-open is not installed). y copies")
            == true
      })
    let osc = "\u{1B}]52;c;" + Data(link.utf8).base64EncodedString() + "\u{07}"
    #expect(!terminal.output.contains(osc))
    terminal.type("y")
    try #require(await loop.waitUntil { state, _ in state.clipboard?.text == link })
    try #require(await loop.waitUntil { _, _ in self.terminal.output.contains(osc) })
    #expect(loop.state.notice?.contains("Copied the link") == true)
    // Another frame does not copy again.
    terminal.type("j")
    await loop.effectsSettled()
    #expect(terminal.output.components(separatedBy: osc).count == 2)
  }

  @Test("a lone ESC becomes Escape after the timeout on the injected clock")
  func loneEscape() async {
    let loop = makeLoop(history: ["jazz", "queen"])
    let run = Task { await loop.run() }
    #expect(await loop.waitUntil { state, _ in state.search.history.count == 2 })
    // ↑ opens the recent searches (they do not open by themselves).
    terminal.send([0x1B, 0x5B, 0x41])
    #expect(await loop.waitUntil { state, _ in state.search.suggestions.count == 2 })
    terminal.send([0x1B])
    #expect(await clock.waitForSleepers(count: 1, timeout: .seconds(10)))
    #expect(loop.state.search.suggestions.count == 2)
    await clock.advance(by: ProgramLoop.escapeTimeout)
    #expect(await loop.waitUntil { state, _ in state.search.suggestions.isEmpty })
    terminal.continuation.yield(.eof)
    #expect(await run.value == 0)
  }

  @Test("the spinner ticks on the injected clock while a search runs, and stops after")
  func spinnerTicks() async throws {
    let client = ScriptedSearch()
    var dependencies = TunesDependencies.test
    dependencies.clock = clock.clock
    dependencies.client = client.client
    dependencies.spinnerInterval = .milliseconds(100)
    let loop = ProgramLoop(
      terminal: terminal.io, dependencies: dependencies, colorDepth: .ansi256,
      synchronizedOutput: false)
    let run = Task { await loop.run() }
    terminal.type("jack\r")
    #expect(await loop.waitUntil { state, _ in state.search.results.isLoading })
    #expect(await clock.waitForSleepers(count: 1, timeout: .seconds(10)))
    await clock.advance(by: .milliseconds(100))
    await clock.advance(by: .milliseconds(100))
    #expect(await loop.waitUntil { state, _ in state.spinnerTick == 2 })
    client.answer(CatalogPage(items: []))
    #expect(await loop.waitUntil { state, _ in !state.search.results.isLoading })
    await loop.effectsSettled()
    #expect(clock.pendingSleepers == 0)
    terminal.continuation.yield(.eof)
    #expect(await run.value == 0)
  }

  @Test("nothing ticks while idle: no effect and no sleeper is left once results are drawn")
  func idle() async throws {
    let loop = makeLoop(items: try Recordings.items(Recordings.songs), spinner: .milliseconds(100))
    let run = Task { await loop.run() }
    terminal.type("jack\r")
    #expect(await loop.waitUntil { state, _ in state.search.results.loadedValue != nil })
    await loop.effectsSettled()
    #expect(clock.pendingSleepers == 0)
    terminal.continuation.yield(.eof)
    #expect(await run.value == 0)
  }

  @Test("Ctrl-Z suspends; on return the whole screen is drawn again")
  func suspend() async {
    let loop = makeLoop()
    let run = Task { await loop.run() }
    #expect(await loop.waitUntil { _, frame in frame != nil })
    terminal.clearOutput()
    terminal.send([0x1A])
    #expect(await eventually { self.terminal.suspendCount == 1 })
    #expect(!terminal.output.contains("\u{1B}[2J"))
    terminal.continuation.yield(.resumed)
    #expect(await eventually { self.terminal.output.contains("\u{1B}[2J") })
    terminal.continuation.yield(.eof)
    #expect(await run.value == 0)
  }

  @Test("after Ctrl-Z nothing is written until the session is entered again (.resumed)")
  func nothingWrittenBeforeResume() async {
    let loop = makeLoop()
    let run = Task { await loop.run() }
    #expect(await loop.waitUntil { _, frame in frame != nil })
    terminal.send([0x1A])
    #expect(await eventually { self.terminal.suspendCount == 1 })
    terminal.clearOutput()
    // The process runs again; a resize (SIGWINCH) arrives before the signal thread re-enters.
    terminal.resize(columns: 100, rows: 30)
    #expect(
      await loop.waitUntil { state, frame in
        state.viewport.columns == 100 && frame?.buffer.area.width == 100
      })
    #expect(
      terminal.output.isEmpty, "written on the shell's screen: \(terminal.output.debugDescription)")
    terminal.continuation.yield(.resumed)
    #expect(await eventually { self.terminal.output.contains("\u{1B}[2J") })
    terminal.continuation.yield(.eof)
    #expect(await run.value == 0)
  }
}

/// A client whose searches wait until the test answers.
final class ScriptedSearch: Sendable {
  private struct State {
    var waiting: CheckedContinuation<CatalogPage, Never>?
    var answer: CatalogPage?
  }
  private let state = Mutex(State())

  var client: ITunesClient {
    ITunesClient.mock { _ in
      await withCheckedContinuation { continuation in
        let ready = self.state.withLock { state -> CatalogPage? in
          if let answer = state.answer { return answer }
          state.waiting = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    }
  }

  func answer(_ page: CatalogPage) {
    let waiting = state.withLock { state in
      state.answer = page
      defer { state.waiting = nil }
      return state.waiting
    }
    waiting?.resume(returning: page)
  }
}
