/// What the terminal answered at start-up, as far as images go (the POSIX probe fills it).
package struct GraphicsProbe: Sendable, Equatable {
  /// Whether the terminal answered the kitty graphics query with `OK`; `nil`: no answer.
  package var kittyGraphics: Bool?
  /// The primary device attributes (`ESC [ ? 62 ; 4 ; … c`); 4 means sixel. `nil`: no answer.
  package var deviceAttributes: [Int]?
  /// The cell size from `CSI 16 t` (or the window's pixel size over its cells).
  package var cellPixels: CellPixels?
  /// The terminal's name and version from XTVERSION (`kitty(0.26.5)`, `XTerm(379)`), if any.
  package var version: String?
  /// Inside tmux: what tmux said about itself and the terminal it runs in. The answers above
  /// are then the outer terminal's, asked through passthrough.
  package var tmux: TmuxFacts?

  /// Creates a probe result.
  package init(
    kittyGraphics: Bool? = nil, deviceAttributes: [Int]? = nil, cellPixels: CellPixels? = nil,
    version: String? = nil, tmux: TmuxFacts? = nil
  ) {
    self.kittyGraphics = kittyGraphics
    self.deviceAttributes = deviceAttributes
    self.cellPixels = cellPixels
    self.version = version
    self.tmux = tmux
  }

  /// Whether the device attributes list sixel graphics (attribute 4).
  package var sixel: Bool { deviceAttributes?.dropFirst().contains(4) ?? false }

  /// kitty's version from XTVERSION (`kitty(0.28.1)` → (0, 28, 1)).
  package var kittyVersion: (Int, Int, Int)? {
    guard let version, version.hasPrefix("kitty("), version.hasSuffix(")") else { return nil }
    let numbers = version.dropFirst(6).dropLast().split(separator: ".").compactMap { Int($0) }
    guard numbers.count >= 2 else { return nil }
    return (numbers[0], numbers[1], numbers.count > 2 ? numbers[2] : 0)
  }
}

extension GraphicsProbe {
  /// Whether the terminal draws kitty's Unicode placeholders: kitty 0.28 and later, Ghostty.
  /// Older kitty (Debian's 0.26.5) answers the graphics query but draws the placeholders as
  /// unknown characters.
  package func drawsKittyPlaceholders(environment: [String: String]) -> Bool {
    if let (major, minor, _) = kittyVersion { return major > 0 || minor >= 28 }
    if let version, version.lowercased().hasPrefix("ghostty") { return true }
    if let tmux {
      return tmux.outerTerminal == "xterm-ghostty"
        || (tmux.outerType ?? "").lowercased().hasPrefix("ghostty")
    }
    return environment["TERM_PROGRAM"]?.lowercased() == "ghostty"
      || environment["TERM"] == "xterm-ghostty"
  }
}

/// What tunes learnt about the tmux it runs in (`tmux display` and the pane's options).
package struct TmuxFacts: Sendable, Equatable {
  /// tmux's version (`3.3a`).
  package var version: String?
  /// The attached client's terminal type (`client_termname`: `xterm-256color`).
  package var outerTerminal: String?
  /// What the client's terminal says it is (`client_termtype`: `XTerm(379)`, `kitty(0.26.5)`).
  package var outerType: String?
  /// Whether passthrough reaches the outer terminal from tunes' pane.
  package var passthrough: Bool
  /// How passthrough came to be on or off, in words (for doctor).
  package var passthroughNote: String

  /// Creates the facts.
  package init(
    version: String? = nil, outerTerminal: String? = nil, outerType: String? = nil,
    passthrough: Bool, passthroughNote: String
  ) {
    self.version = version
    self.outerTerminal = outerTerminal
    self.outerType = outerType
    self.passthrough = passthrough
    self.passthroughNote = passthroughNote
  }

  /// The outer terminal in words: `XTerm(379) (xterm-256color)`, or "no client attached".
  package var outerDescription: String {
    switch (
      outerType.flatMap { $0.isEmpty ? nil : $0 }, outerTerminal.flatMap { $0.isEmpty ? nil : $0 }
    ) {
    case (let type?, let name?): return "\(type) (\(name))"
    case (let type?, nil): return type
    case (nil, let name?): return name
    case (nil, nil): return "unknown (no client attached)"
    }
  }
}
