import TerminalUI

/// What the terminal can do, from the environment and from the start-up probe.
package struct TerminalCapabilities: Sendable, Equatable {
  /// Whether a feature is known to work.
  package enum Support: String, Sendable, Equatable {
    /// It works.
    case yes
    /// It does not.
    case no
    /// Cannot tell.
    case unknown
  }

  /// Colour depth, from `NO_COLOR`, `COLORTERM` and `TERM` (``ColorDepth/from(environment:)``).
  package var colorDepth: ColorDepth
  /// OSC 8 hyperlinks, from `TERM_PROGRAM`, `VTE_VERSION`, `TERM` and friends.
  package var hyperlinks: Support
  /// Synchronized output (mode 2026), from the DECRQM probe.
  package var synchronizedOutput: Support

  /// Creates capabilities.
  package init(colorDepth: ColorDepth, hyperlinks: Support, synchronizedOutput: Support) {
    self.colorDepth = colorDepth
    self.hyperlinks = hyperlinks
    self.synchronizedOutput = synchronizedOutput
  }

  /// Capabilities guessed from environment variables; `synchronizedOutput` stays unknown.
  package static func fromEnvironment(_ environment: [String: String]) -> TerminalCapabilities {
    TerminalCapabilities(
      colorDepth: ColorDepth.from(environment: environment), hyperlinks: hyperlinks(environment),
      synchronizedOutput: .unknown)
  }

  /// OSC 8 hyperlink support, by known terminals; tmux and screen are unknown (tmux 3.4+
  /// passes links through, older versions do not).
  package static func hyperlinks(_ environment: [String: String]) -> Support {
    let term = environment["TERM"]?.lowercased() ?? ""
    if environment["TMUX"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen") {
      return .unknown
    }
    if term == "dumb" || term == "linux" { return .no }
    let program = environment["TERM_PROGRAM"]?.lowercased() ?? ""
    let knownPrograms = ["iterm.app", "wezterm", "vscode", "ghostty", "hyper", "rio", "tabby"]
    if knownPrograms.contains(program) { return .yes }
    if let vte = environment["VTE_VERSION"].flatMap(Int.init), vte >= 5000 { return .yes }
    if environment["KITTY_WINDOW_ID"] != nil || environment["WEZTERM_EXECUTABLE"] != nil
      || environment["KONSOLE_VERSION"] != nil || environment["WT_SESSION"] != nil
    {
      return .yes
    }
    let knownTerms = ["xterm-kitty", "foot", "foot-extra", "alacritty", "wezterm", "xterm-ghostty"]
    if knownTerms.contains(term) { return .yes }
    return .unknown
  }
}
