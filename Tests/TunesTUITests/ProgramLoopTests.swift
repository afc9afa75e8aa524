import AppArchitecture
import ITunesCatalog
import ITunesClient
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
    items: [CatalogItem] = [], sync: Bool = false, history: [String] = []
  ) -> ProgramLoop {
    var dependencies = TunesDependencies.test
    dependencies.clock = clock.clock
    dependencies.history = .inMemory(history)
    dependencies.client = .mock { _ in CatalogPage(items: items) }
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
    try #require(await eventually { loop.state.query.text == "jack" })
    terminal.send([0x0D])
    try #require(
      await eventually { loop.state.app.search.results.loadedValue?.count == items.count })
    #expect(await eventually { self.terminal.output.contains("Star Wars: The Force") })
    #expect(loop.frame?.buffer.text.contains("25 results") == true)
    terminal.type("q")
    #expect(await run.value == 0)
  }

  @Test(
    "frames are wrapped in synchronized output only when the terminal supports it",
    arguments: [true, false])
  func synchronizedOutput(supported: Bool) async {
    let loop = makeLoop(sync: supported)
    let run = Task { await loop.run() }
    #expect(await eventually { loop.frame != nil })
    #expect(terminal.output.hasPrefix("\u{1B}[?2026h") == supported)
    #expect(terminal.output.contains("\u{1B}[?2026l") == supported)
    terminal.continuation.yield(.signal(15))
    #expect(await run.value == 143)
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
    #expect(await eventually { loop.frame != nil })
    terminal.clearOutput()
    terminal.resize(columns: 100, rows: 30)
    #expect(await eventually { loop.state.app.viewport == Viewport(columns: 100, rows: 30) })
    #expect(await eventually { self.terminal.output.contains("\u{1B}[2J") })
    #expect(loop.frame?.buffer.width == 100)
    terminal.continuation.yield(.eof)
    #expect(await run.value == 0)
  }

  @Test("a lone ESC becomes Escape after the timeout on the injected clock")
  func loneEscape() async {
    let loop = makeLoop(history: ["jazz", "queen"])
    let run = Task { await loop.run() }
    #expect(await eventually { loop.state.app.search.suggestions.count == 2 })
    terminal.send([0x1B])
    #expect(await clock.waitForSleepers(count: 1, timeout: .seconds(10)))
    #expect(loop.state.app.search.suggestions.count == 2)
    await clock.advance(by: ProgramLoop.escapeTimeout)
    #expect(await eventually { loop.state.app.search.suggestions.isEmpty })
    terminal.continuation.yield(.eof)
    #expect(await run.value == 0)
  }

  @Test("nothing ticks while idle: no sleeper is left once results are drawn")
  func idle() async throws {
    let loop = makeLoop(items: try Recordings.items(Recordings.songs))
    let run = Task { await loop.run() }
    terminal.type("jack\r")
    #expect(await eventually { loop.state.app.search.results.loadedValue != nil })
    #expect(await eventually { self.clock.pendingSleepers == 0 })
    terminal.clearOutput()
    try? await Task.sleep(for: .milliseconds(50))
    #expect(terminal.output.isEmpty)
    terminal.continuation.yield(.eof)
    #expect(await run.value == 0)
  }

  @Test("Ctrl-Z suspends; on return the whole screen is drawn again")
  func suspend() async {
    let loop = makeLoop()
    let run = Task { await loop.run() }
    #expect(await eventually { loop.frame != nil })
    terminal.clearOutput()
    terminal.send([0x1A])
    #expect(await eventually { self.terminal.suspendCount == 1 })
    #expect(!terminal.output.contains("\u{1B}[2J"))
    terminal.continuation.yield(.resumed)
    #expect(await eventually { self.terminal.output.contains("\u{1B}[2J") })
    terminal.continuation.yield(.eof)
    #expect(await run.value == 0)
  }
}
