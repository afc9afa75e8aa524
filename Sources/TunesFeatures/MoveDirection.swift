/// A selection move: arrows (and h/j/k/l), PgUp/PgDn, g/G.
public enum MoveDirection: Equatable, Sendable, CaseIterable {
  case up, down, left, right, pageUp, pageDown, first, last
}
