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
  /// kitty only: images are shown by Unicode placeholder cells (text the terminal draws the
  /// image over) rather than placed at the cursor.
  package var kittyPlaceholders: Bool
  /// Inside tmux: image commands are wrapped in tmux passthrough (sixel and iTerm2 images are
  /// placed at the pane's offset in the outer terminal).
  package var passthrough: Bool

  /// Creates a choice.
  package init(
    graphicsProtocol: GraphicsProtocol, reason: String, cellPixels: CellPixels = .fallback,
    symbolColors: ColorDepth = .truecolor, kittyPlaceholders: Bool = false,
    passthrough: Bool = false
  ) {
    self.graphicsProtocol = graphicsProtocol
    self.reason = reason
    self.cellPixels = cellPixels
    self.symbolColors = symbolColors
    self.kittyPlaceholders = kittyPlaceholders && graphicsProtocol == .kitty
    self.passthrough = passthrough
  }

  /// The mode in one word for the log and doctor: `kitty-placeholders`, `sixel` …
  package var modeName: String {
    kittyPlaceholders ? "kitty-placeholders" : graphicsProtocol.rawValue
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

  /// Chooses the protocol: an explicit request wins (inside tmux `kitty` means placeholders,
  /// the one kind of kitty image tmux keeps); then no colours means none; then tmux (through
  /// passthrough to the outer terminal it reported: kitty placeholders where they are drawn,
  /// sixel where the device attributes list it, else symbols); then terminals known to answer
  /// the probe wrongly, by their environment; then the probe (kitty's graphics answer, with
  /// placeholders from kitty 0.28 and in Ghostty; sixel in the device attributes); then
  /// symbols.
  package static func choose(
    request: Request, probe: GraphicsProbe, environment: [String: String], colorDepth: ColorDepth
  ) -> GraphicsChoice {
    let cell = probe.cellPixels ?? .fallback
    let symbolColors = colorDepth == .none ? ColorDepth.ansi16 : colorDepth
    let term = (environment["TERM"] ?? "").lowercased()
    let inTmux = probe.tmux != nil || environment["TMUX"] != nil || term.hasPrefix("tmux")
    // Placeholders name their image by a palette colour: 256 colours at least.
    let placeholderColours = colorDepth == .ansi256 || colorDepth == .truecolor
    let placeholders = placeholderColours && probe.drawsKittyPlaceholders(environment: environment)
    func choice(
      _ graphicsProtocol: GraphicsProtocol, _ reason: String, placeholders: Bool = false,
      passthrough: Bool = false
    ) -> GraphicsChoice {
      GraphicsChoice(
        graphicsProtocol: graphicsProtocol, reason: reason, cellPixels: cell,
        symbolColors: symbolColors, kittyPlaceholders: placeholders, passthrough: passthrough)
    }
    if case .forced(let graphicsProtocol, let source) = request {
      let passthrough = inTmux && graphicsProtocol.drawsPixels
      if graphicsProtocol == .kitty, inTmux {
        return choice(
          .kitty, "kitty Unicode placeholders through tmux, as \(source) asks",
          placeholders: true, passthrough: true)
      }
      if graphicsProtocol == .kitty {
        return choice(
          .kitty,
          placeholders
            ? "kitty Unicode placeholders, as \(source) asks"
            : "kitty, as \(source) asks",
          placeholders: placeholders)
      }
      let through = passthrough ? " through tmux passthrough" : ""
      return choice(
        graphicsProtocol, "\(graphicsProtocol.rawValue)\(through), as \(source) asks",
        passthrough: passthrough)
    }
    if colorDepth == .none {
      return choice(.none, "no colours in this terminal (NO_COLOR or TERM=dumb)")
    }
    if inTmux {
      return chooseInTmux(probe: probe, placeholders: placeholders, choice: choice)
    }
    if term.hasPrefix("screen") {
      return choice(
        .symbols, "symbols inside screen (it does not pass images through; --images overrides)")
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
      if placeholders {
        return choice(
          .kitty,
          "kitty Unicode placeholders (the terminal answered the graphics query;"
            + " \(probe.version ?? "it") draws placeholders)", placeholders: true)
      }
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

  /// Inside tmux: what the outer terminal answered through passthrough decides.
  private static func chooseInTmux(
    probe: GraphicsProbe, placeholders: Bool,
    choice: (GraphicsProtocol, String, Bool, Bool) -> GraphicsChoice
  ) -> GraphicsChoice {
    guard let tmux = probe.tmux, tmux.passthrough else {
      let why = probe.tmux.map { "passthrough \($0.passthroughNote)" } ?? "tmux was not asked"
      return choice(
        .symbols, "symbols inside tmux (\(why); --images overrides)", false, false)
    }
    let outer = probe.version ?? tmux.outerDescription
    if probe.kittyGraphics == true {
      if placeholders {
        return choice(
          .kitty,
          "kitty Unicode placeholders through tmux passthrough (the outer terminal, \(outer),"
            + " answered the graphics query and draws placeholders)", true, true)
      }
      return choice(
        .symbols,
        "symbols inside tmux: the outer terminal, \(outer), has kitty graphics but draws no"
          + " Unicode placeholders (kitty 0.28+), and placed images would stay behind on a"
          + " pane switch; --images kitty forces placeholders", false, false)
    }
    if probe.sixel {
      return choice(
        .sixel,
        "sixel through tmux passthrough at the pane's offset (the outer terminal, \(outer),"
          + " lists sixel in its device attributes)", false, true)
    }
    if probe.deviceAttributes == nil && probe.kittyGraphics == nil {
      return choice(
        .symbols,
        "symbols inside tmux (the outer terminal, \(outer), did not answer through passthrough)",
        false, false)
    }
    return choice(
      .symbols,
      "symbols inside tmux (the outer terminal, \(outer), reports neither kitty graphics nor"
        + " sixel)", false, false)
  }
}
