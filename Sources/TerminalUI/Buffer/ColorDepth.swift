/// How many colours the terminal can show; the renderer downgrades colours to fit.
public enum ColorDepth: Sendable, Hashable, CaseIterable {
  /// 24-bit RGB (`ESC[38;2;r;g;bm`).
  case truecolor
  /// The xterm 256-colour palette (`ESC[38;5;nm`).
  case ansi256
  /// The 16 standard ANSI colours.
  case ansi16
  /// No colour at all (for `NO_COLOR` or dumb terminals); text attributes are kept.
  case none
}

extension ColorDepth {
  /// The colour depth the environment asks for: `.none` when `NO_COLOR` is set (to anything
  /// but the empty string) or `TERM` is `dumb`; `.truecolor` when `COLORTERM` is `truecolor`
  /// or `24bit`, or `TERM` ends in `-direct`; `.ansi256` when `TERM` contains `256color`;
  /// otherwise `.ansi16`. This is the one detector: the app, doctor and the command line use it.
  ///
  /// Pass the process environment; whether output is a terminal at all is the caller's
  /// check.
  public static func from(environment: [String: String]) -> ColorDepth {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
    let term = (environment["TERM"] ?? "").lowercased()
    if term == "dumb" { return .none }
    let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
    if colorTerm == "truecolor" || colorTerm == "24bit" || term.hasSuffix("-direct") {
      return .truecolor
    }
    if term.contains("256color") { return .ansi256 }
    return .ansi16
  }
}
