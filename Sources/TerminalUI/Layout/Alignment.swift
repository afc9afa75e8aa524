/// Horizontal placement of text inside a wider space.
public enum Alignment: Sendable, Hashable {
  /// Flush left, padded on the right.
  case left
  /// Centred; the extra column, if any, goes right.
  case center
  /// Flush right, padded on the left.
  case right
}
