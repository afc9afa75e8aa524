/// A terminal cell's size in pixels, assumed until the terminal says (the start-up probe's
/// `CSI 16 t`, or its window size): the one default of the library targets. The terminal side's
/// `CellPixels.fallback` (TerminalGraphics, which the library cannot import) is checked to be the
/// same by a test.
public enum CellSize {
  /// Pixels across one cell.
  public static let assumedWidth = 10
  /// Pixels down one cell.
  public static let assumedHeight = 20
}
