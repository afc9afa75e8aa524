import AppArchitecture
import ITunesCatalog
import ITunesClient
import TerminalGraphics
import TerminalPOSIX
import TerminalUI
import TestSupport
import Testing
import TunesFeatures

@testable import TunesTUI

@Suite("Program loop with artwork")
@MainActor
struct ProgramLoopArtworkTests {
  let terminal = FakeTerminal()

  nonisolated static let red = RGBAImage(
    width: 20, height: 20, pixels: Array([UInt8]([200, 0, 0, 255]).repeated(400)))

  func makeLoop(_ graphicsProtocol: GraphicsProtocol, items: [CatalogItem]) -> ProgramLoop {
    var dependencies = TunesDependencies.test
    dependencies.client = .mock { _ in CatalogPage(items: items) }
    dependencies.artwork = ArtworkClient(enabled: true, cellWidth: 10, cellHeight: 20) { _ in nil }
    let layer = ImageLayer(
      choice: GraphicsChoice(graphicsProtocol: graphicsProtocol, reason: "test"),
      pixels: { _ in Self.red })
    return ProgramLoop(
      terminal: terminal.io, dependencies: dependencies, colorDepth: .truecolor,
      synchronizedOutput: true, images: layer)
  }

  /// Whether the frame shows the red artwork somewhere (symbol cells).
  static func showsRed(_ frame: Frame?) -> Bool {
    guard let buffer = frame?.buffer else { return false }
    return buffer.cells.contains {
      $0.style.background == .rgb(200, 0, 0) || $0.style.foreground == .rgb(200, 0, 0)
    }
  }

  @Test(
    "symbols: the visible tiles' artwork is fetched and drawn as cells in place of the placeholders"
  )
  func symbols() async throws {
    let items = try Recordings.items(Recordings.mixed)
    let loop = makeLoop(.symbols, items: items)
    let run = Task { await loop.run() }
    defer { terminal.continuation.yield(.eof) }
    terminal.type("jack")
    terminal.send([0x0D])
    try #require(await loop.waitUntil { _, frame in Self.showsRed(frame) })
    let ready = loop.state.artwork.statuses.values.filter { $0 == .ready }.count
    #expect(ready >= 2)
    #expect(
      terminal.output.contains("\u{1B}[48;2;200;0;0m") || terminal.output.contains("38;2;200;0;0"))
    // Help over the tiles: no artwork shows through the box.
    terminal.type("?")
    try #require(await loop.waitUntil { state, _ in state.overlay == .help })
    _ = run
  }

  @Test("kitty: images are sent once, deleted under the help overlay and placed again after it")
  func kittyOverlay() async throws {
    let items = try Recordings.items(Recordings.mixed)
    let loop = makeLoop(.kitty, items: items)
    let run = Task { await loop.run() }
    defer { terminal.continuation.yield(.eof) }
    terminal.type("jack")
    terminal.send([0x0D])
    try #require(
      await loop.waitUntil { _, frame in frame?.buffer.images.isEmpty == false })
    try #require(await eventually { self.terminal.output.contains("C=1,q=2") })
    let transmitted = terminal.output.components(separatedBy: "a=t,f=100").count - 1
    #expect(transmitted >= 1)
    terminal.clearOutput()
    terminal.type("?")
    try #require(await loop.waitUntil { _, frame in frame?.buffer.images.isEmpty == true })
    #expect(terminal.output.contains("a=d,d=i,"))
    terminal.clearOutput()
    terminal.send([0x1B])
    try #require(
      await loop.waitUntil { state, frame in
        state.overlay == nil && frame?.buffer.images.isEmpty == false
      })
    #expect(terminal.output.contains("a=p,"))
    // Placed again from what the terminal holds: nothing is transmitted twice.
    #expect(!terminal.output.contains("a=t,f=100"))
    // Quitting frees every image in the terminal.
    terminal.clearOutput()
    terminal.continuation.yield(.eof)
    _ = await run.value
    #expect(terminal.output.contains("a=d,d=A,q=2"))
  }
}

extension Array {
  fileprivate func repeated(_ count: Int) -> [Element] {
    (0..<count).flatMap { _ in self }
  }
}
