/// The terminal size in cells, which reducers need for page moves.
public struct Viewport: Equatable, Sendable {
  /// Width in cells.
  public var columns: Int
  /// Height in cells.
  public var rows: Int

  /// Makes a viewport.
  public init(columns: Int = 80, rows: Int = 24) {
    self.columns = columns
    self.rows = rows
  }
}
