/// How much space one part of a `Layout` asks for along the split direction.
public enum Constraint: Sendable, Hashable {
  /// Exactly this many cells (less if the total does not fit).
  case length(Int)
  /// This percentage of the space inside the margins (rounded down).
  case percentage(Int)
  /// `numerator / denominator` of the space inside the margins (rounded down).
  case ratio(Int, Int)
  /// At least this many cells; grows into leftover space when there is no `fill`.
  case min(Int)
  /// At most this many cells; takes leftover space up to the cap after `fill` and `min`.
  case max(Int)
  /// A share of the leftover space, by weight.
  case fill(Int)
}
