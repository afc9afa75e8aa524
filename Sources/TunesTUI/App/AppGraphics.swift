import TerminalGraphics
import TerminalPOSIX
import TerminalUI
import TunesFeatures

/// What the app needs to show artwork, from the composition root: how the person asked for it
/// to be drawn, where decoded images come from, and how one is fetched.
package struct AppGraphics: Sendable {
  /// `--images`, else the config key `images`, else auto.
  package var request: GraphicsChoice.Request
  /// The decoded image for a placement's source (the artwork's sized URL).
  package var pixels: @Sendable (String) async -> RGBAImage?
  /// Fetches, decodes and caches one artwork; `nil` when ready, else why not.
  package var load: @Sendable (ArtworkNeed) async -> String?

  /// Creates the wiring.
  package init(
    request: GraphicsChoice.Request, pixels: @escaping @Sendable (String) async -> RGBAImage?,
    load: @escaping @Sendable (ArtworkNeed) async -> String?
  ) {
    self.request = request
    self.pixels = pixels
    self.load = load
  }

  /// What the terminal's probe answers mean for images: the cell size from `CSI 16 t`, else
  /// from the window's pixel size.
  /// Inside tmux the answers are the outer terminal's (through passthrough) and tmux's own
  /// facts come along; the cell size may then also come from tmux's client.
  package static func probe(
    _ result: CapabilityProbe.Result, window: WindowSize?,
    tmux: TerminalHost.TmuxContext? = nil
  ) -> GraphicsProbe {
    let cell = result.cellPixels ?? tmux?.info?.cellPixels ?? window?.cellPixels
    let facts = tmux.map { context in
      TmuxFacts(
        version: context.info?.version, outerTerminal: context.info?.clientTerminal,
        outerType: context.info?.clientType, passthrough: context.passthrough.isOn,
        passthroughNote: context.passthrough.note)
    }
    // Without passthrough the answers are tmux's own (its XTVERSION, its attributes).
    let outer = tmux?.asksOuterTerminal ?? true
    return GraphicsProbe(
      kittyGraphics: outer ? result.kittyGraphics : nil,
      deviceAttributes: outer ? result.deviceAttributes : nil,
      cellPixels: cell.map { CellPixels(width: $0.width, height: $0.height) },
      version: outer ? result.version : nil, tmux: facts)
  }

  /// The choice for this terminal and the artwork client the store uses with it.
  package func configure(
    probe: GraphicsProbe, environment: [String: String], colorDepth: ColorDepth,
    dependencies: inout TunesDependencies
  ) -> GraphicsChoice {
    let choice = GraphicsChoice.choose(
      request: request, probe: probe, environment: environment, colorDepth: colorDepth)
    if choice.graphicsProtocol != .none {
      let cell = Self.fetchCell(for: choice)
      dependencies.artwork = ArtworkClient(
        enabled: true, cellWidth: cell.width, cellHeight: cell.height, load: load)
    }
    return choice
  }

  /// The cell size artwork is fetched and decoded for. Pixel protocols draw at the terminal's
  /// own cell size. Symbols are drawn by chafa from 8×8 samples a cell, so for them a cell is
  /// counted as 8×16 pixels (a terminal cell's 1:2 kept) at most: a detail's 29×15 cells then
  /// want 300 px, not the 600 px a 16×32 cell would, a quarter of the bytes the memory cache
  /// holds per image (the soak saw RSS grow by 30 % as 600 px details filled it).
  package static func fetchCell(for choice: GraphicsChoice) -> CellPixels {
    guard choice.graphicsProtocol == .symbols else { return choice.cellPixels }
    return CellPixels(
      width: min(choice.cellPixels.width, symbolCell.width),
      height: min(choice.cellPixels.height, symbolCell.height))
  }

  /// How mpv draws a video in this terminal, and why: sixel only where images are drawn as
  /// sixel straight to the terminal and mpv's sixel output is known to draw there; xterm shows a
  /// white screen for mpv's sixel video (measured with mpv 0.35 and XTerm 379), and tmux passes
  /// no sixel from mpv (it is not wrapped): `tct`, half blocks in colour, there.
  package static func videoDriver(choice: GraphicsChoice, probe: GraphicsProbe) -> (
    sixel: Bool, reason: String
  ) {
    guard choice.graphicsProtocol == .sixel else {
      return (false, "tct (images are not sixel here)")
    }
    if choice.passthrough || probe.tmux != nil {
      return (false, "tct (inside tmux mpv's sixel would not pass through)")
    }
    if let version = probe.version, version.hasPrefix("XTerm(") {
      return (false, "tct (mpv's sixel video draws a white screen in \(version))")
    }
    return (true, "sixel (images are sixel here)")
  }

  /// The most pixels a cell of symbols can use (see ``fetchCell(for:)``).
  package static let symbolCell = CellPixels(width: 8, height: 16)
}
