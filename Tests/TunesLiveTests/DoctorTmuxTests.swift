import TerminalGraphics
import Testing

@testable import TunesLive

@Suite("tunes doctor inside tmux")
struct DoctorTmuxTests {
  static let environment = [
    "TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "HOME": "/h",
    "XDG_CONFIG_HOME": "/nonexistent",
  ]

  @Test("it names tmux, the outer terminal and passthrough, and why it chose the image mode")
  func tmuxLines() {
    let facts = TmuxFacts(
      version: "3.3a", outerTerminal: "xterm-256color", outerType: "XTerm(379)",
      passthrough: true, passthroughNote: "turned on for tunes' pane while it runs")
    let probe = GraphicsProbe(
      deviceAttributes: [63, 1, 2, 4], cellPixels: CellPixels(width: 9, height: 19),
      version: "XTerm(379)", tmux: facts)
    let report = Doctor.report(
      environment: Self.environment, size: (120, 39), probe: probe)
    let lines = report.split(separator: "\n")
    let tmux = lines.first { $0.hasPrefix("tmux ") }
    #expect(
      tmux?.hasSuffix(
        "tmux 3.3a; outer terminal XTerm(379) (xterm-256color); passthrough turned on for"
          + " tunes' pane while it runs") == true)
    let images = lines.first { $0.hasPrefix("images ") } ?? ""
    #expect(images.contains("sixel through tmux passthrough at the pane's offset"))
    #expect(images.contains("XTerm(379)"))
    #expect(images.hasSuffix("9×19 px cells"))
  }

  @Test("without passthrough it says so and stays with symbols")
  func noPassthrough() {
    let facts = TmuxFacts(
      version: "3.2a", passthrough: false,
      passthroughNote: "could not be turned on (tmux 3.3 or later has it)")
    let report = Doctor.report(
      environment: Self.environment, size: (80, 24), probe: GraphicsProbe(tmux: facts))
    #expect(report.contains("outer terminal unknown (no client attached)"))
    #expect(report.contains("images       symbols inside tmux (passthrough could not be turned on"))
  }
}
