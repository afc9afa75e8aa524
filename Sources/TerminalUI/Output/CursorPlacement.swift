/// Where the terminal cursor should be once a frame is drawn.
public enum CursorPlacement: Sendable, Hashable {
  /// Hidden (`ESC[?25l`).
  case hidden
  /// Shown at a cell, e.g. the caret of a text field (`ESC[?25h`).
  case visible(Position)
}
