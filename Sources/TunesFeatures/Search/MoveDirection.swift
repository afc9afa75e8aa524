/// A selection move: arrows (and h/j/k/l), PgUp/PgDn, g/G.
public enum MoveDirection: Equatable, Sendable, CaseIterable {
  /// ↑ or k: the row above (same column).
  case up
  /// ↓ or j: the row below (same column).
  case down
  /// ← or h: the previous tile in reading order.
  case left
  /// → or l: the next tile in reading order.
  case right
  /// PgUp: a page of rows up.
  case pageUp
  /// PgDn: a page of rows down.
  case pageDown
  /// g: the first tile.
  case first
  /// G: the last tile.
  case last
}
