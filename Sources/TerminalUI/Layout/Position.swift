/// A cell position: column `x` and row `y`, 0-based from the top left.
public struct Position: Sendable, Hashable, CustomStringConvertible {
  /// Column.
  public var x: Int
  /// Row.
  public var y: Int

  /// Creates a position.
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }

  /// `(x, y)`, for test messages.
  public var description: String { "(\(x), \(y))" }
}
