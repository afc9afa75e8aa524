import TerminalUI

/// The image protocol tunes uses in this terminal, and why (`tunes doctor` prints both).
package struct GraphicsChoice: Sendable, Equatable {
  /// The protocol.
  package var graphicsProtocol: GraphicsProtocol
  /// One line saying why, for doctor and the log.
  package var reason: String
  /// The cell size images are sized for.
  package var cellPixels: CellPixels
  /// Colours for symbol art (the terminal's colour depth).
  package var symbolColors: ColorDepth

  /// Creates a choice.
  package init(
    graphicsProtocol: GraphicsProtocol, reason: String, cellPixels: CellPixels = .fallback,
    symbolColors: ColorDepth = .truecolor
  ) {
    self.graphicsProtocol = graphicsProtocol
    self.reason = reason
    self.cellPixels = cellPixels
    self.symbolColors = symbolColors
  }

  /// What the person asked for: `auto` or one protocol.
  package enum Request: Sendable, Equatable {
    /// Ask the terminal, then known environment hints.
    case auto
    /// This protocol, whatever the terminal says.
    case forced(GraphicsProtocol, source: String)

    /// Parses `auto|kitty|iterm|sixel|symbols|none` (case-insensitive); `nil` otherwise.
    package init?(_ text: String, source: String) {
      let value = text.lowercased()
      if value == "auto" {
        self = .auto
      } else if let graphicsProtocol = GraphicsProtocol(rawValue: value) {
        self = .forced(graphicsProtocol, source: source)
      } else {
        return nil
      }
    }

    /// The accepted values, for help and error messages.
    package static let values = ["auto"] + GraphicsProtocol.allCases.map(\.rawValue)
  }

  /// Chooses the protocol: an explicit request wins; then tmux (symbols: images cannot pass
  /// through it reliably); then terminals known to answer the probe wrongly, by their
  /// environment; then the probe (kitty's graphics answer, sixel in the device attributes);
  /// then symbols. No colour at all (`NO_COLOR`, a dumb terminal) means no artwork unless asked.
  package static func choose(
    request: Request, probe: GraphicsProbe, environment: [String: String], colorDepth: ColorDepth
  ) -> GraphicsChoice {
    let cell = probe.cellPixels ?? .fallback
    let symbolColors = colorDepth == .none ? ColorDepth.ansi16 : colorDepth
    func choice(_ graphicsProtocol: GraphicsProtocol, _ reason: String) -> GraphicsChoice {
      GraphicsChoice(
        graphicsProtocol: graphicsProtocol, reason: reason, cellPixels: cell,
        symbolColors: symbolColors)
    }
    if case .forced(let graphicsProtocol, let source) = request {
      return choice(graphicsProtocol, "\(graphicsProtocol.rawValue), as \(source) asks")
    }
    let term = (environment["TERM"] ?? "").lowercased()
    if colorDepth == .none {
      return choice(.none, "no colours in this terminal (NO_COLOR or TERM=dumb)")
    }
    if environment["TMUX"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen") {
      return choice(
        .symbols,
        "symbols inside tmux or screen (they do not pass images through; --images overrides)")
    }
    let program = environment["TERM_PROGRAM"] ?? ""
    if program == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2" {
      return choice(.iterm, "iTerm2 inline images (TERM_PROGRAM=iTerm.app)")
    }
    if program == "WezTerm" || environment["WEZTERM_EXECUTABLE"] != nil {
      return choice(.iterm, "iTerm2 inline images in WezTerm (its kitty support is partial)")
    }
    if environment["KONSOLE_VERSION"] != nil {
      return choice(.sixel, "sixel in Konsole (it answers the kitty query but places badly)")
    }
    if probe.kittyGraphics == true {
      return choice(.kitty, "kitty graphics (the terminal answered the graphics query)")
    }
    if probe.sixel {
      return choice(.sixel, "sixel (the terminal's device attributes include 4)")
    }
    if probe.deviceAttributes == nil && probe.kittyGraphics == nil {
      return choice(.symbols, "symbols (the terminal did not answer the probe)")
    }
    return choice(.symbols, "symbols (the terminal reports neither kitty graphics nor sixel)")
  }
}
