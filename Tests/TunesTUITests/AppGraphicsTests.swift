import Playback
import TerminalGraphics
import TerminalUI
import Testing
import TunesFeatures

@testable import TunesTUI

@Suite("Artwork sizes for the chosen protocol")
struct AppGraphicsTests {
  private static func configured(_ request: GraphicsChoice.Request, cell: CellPixels)
    -> ArtworkClient
  {
    let graphics = AppGraphics(request: request, pixels: { _ in nil }, load: { _ in nil })
    var dependencies = TunesDependencies.test
    _ = graphics.configure(
      probe: GraphicsProbe(cellPixels: cell), environment: ["TERM": "xterm-256color"],
      colorDepth: .truecolor, dependencies: &dependencies)
    return dependencies.artwork
  }

  private static func detailPixels(_ client: ArtworkClient) -> Int? {
    ArtworkState(enabled: true, cellWidth: client.cellWidth, cellHeight: client.cellHeight)
      .need(url: "https://is1-ssl.mzstatic.com/a/100x100bb.jpg", columns: 29, rows: 15)?.pixels
  }

  @Test("symbols fetch for 8×16-pixel cells at most: a 29×15 detail wants 300 px, not 600")
  func symbolsAreFetchedSmall() {
    let symbols = Self.configured(
      .forced(.symbols, source: "--images"), cell: CellPixels(width: 16, height: 32))
    #expect(symbols.enabled)
    #expect([symbols.cellWidth, symbols.cellHeight] == [8, 16])
    #expect(Self.detailPixels(symbols) == 300)
    let small = Self.configured(
      .forced(.symbols, source: "--images"), cell: CellPixels(width: 6, height: 13))
    #expect([small.cellWidth, small.cellHeight] == [6, 13])
  }

  @Test("pixel protocols fetch for the terminal's own cells")
  func pixelProtocolsKeepTheCell() {
    for graphicsProtocol in [GraphicsProtocol.kitty, .sixel, .iterm] {
      let client = Self.configured(
        .forced(graphicsProtocol, source: "--images"), cell: CellPixels(width: 16, height: 32))
      #expect([client.cellWidth, client.cellHeight] == [16, 32], "\(graphicsProtocol)")
      #expect(Self.detailPixels(client) == 600)
    }
  }
}

@Suite("The assumed cell size")
struct AssumedCellSizeTests {
  @Test("the library's assumed cell is the terminal side's fallback: one value on both sides")
  func same() {
    #expect(CellPixels.fallback.width == CellSize.assumedWidth)
    #expect(CellPixels.fallback.height == CellSize.assumedHeight)
    #expect(ArtworkState().cellWidth == CellSize.assumedWidth)
    #expect(VideoPolicy().cellHeight == CellSize.assumedHeight)
  }
}
