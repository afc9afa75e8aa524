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
