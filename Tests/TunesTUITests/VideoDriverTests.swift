import TerminalGraphics
import Testing

@testable import TunesTUI

@Suite("mpv's output for videos in the terminal")
struct VideoDriverTests {
  static func sixel(passthrough: Bool = false) -> GraphicsChoice {
    GraphicsChoice(graphicsProtocol: .sixel, reason: "test", passthrough: passthrough)
  }

  @Test("tct in xterm (mpv's sixel is a white screen there), in tmux and without sixel images")
  func driver() {
    let xterm = AppGraphics.videoDriver(
      choice: Self.sixel(), probe: GraphicsProbe(deviceAttributes: [63, 4], version: "XTerm(379)"))
    #expect(!xterm.sixel)
    #expect(xterm.reason.contains("white screen in XTerm(379)"))
    let tmux = AppGraphics.videoDriver(
      choice: Self.sixel(passthrough: true),
      probe: GraphicsProbe(
        deviceAttributes: [63, 4], version: "XTerm(379)",
        tmux: TmuxFacts(passthrough: true, passthroughNote: "on")))
    #expect(!tmux.sixel && tmux.reason.contains("tmux"))
    let other = AppGraphics.videoDriver(
      choice: Self.sixel(), probe: GraphicsProbe(deviceAttributes: [63, 4], version: "foot(1.13)"))
    #expect(other.sixel)
    let kitty = AppGraphics.videoDriver(
      choice: GraphicsChoice(graphicsProtocol: .kitty, reason: "test"),
      probe: GraphicsProbe(kittyGraphics: true))
    #expect(!kitty.sixel)
  }
}
