/// Splits a rectangle into rows or columns by constraints, with margins and spacing.
///
/// ```swift
/// let rows = Layout.vertical([.length(1), .fill(1), .length(1)]).split(screen)
/// ```
///
/// Fixed parts (`length`, `percentage`, `ratio`, the minimum of `min`) are given first, in
/// order, and cut from the end when they do not fit. Leftover space goes to `fill` parts by
/// weight; without any, it is shared by the `min` parts, then the `max` parts up to their cap.
/// Rounding remainders go to the first parts. Any space still left stays empty at the end.
public struct Layout: Sendable, Hashable {
  /// The split direction.
  public enum Direction: Sendable, Hashable {
    /// Parts stacked top to bottom.
    case vertical
    /// Parts side by side, left to right.
    case horizontal
  }

  /// The split direction.
  public var direction: Direction
  /// One constraint per part.
  public var constraints: [Constraint]
  /// Cells left empty on the left and right.
  public var horizontalMargin: Int
  /// Cells left empty above and below.
  public var verticalMargin: Int
  /// Empty cells between parts.
  public var spacing: Int

  /// Creates a layout.
  public init(
    direction: Direction, constraints: [Constraint], horizontalMargin: Int = 0,
    verticalMargin: Int = 0, spacing: Int = 0
  ) {
    self.direction = direction
    self.constraints = constraints
    self.horizontalMargin = horizontalMargin
    self.verticalMargin = verticalMargin
    self.spacing = spacing
  }

  /// Rows, top to bottom.
  public static func vertical(_ constraints: [Constraint], spacing: Int = 0) -> Layout {
    Layout(direction: .vertical, constraints: constraints, spacing: spacing)
  }

  /// Columns, left to right.
  public static func horizontal(_ constraints: [Constraint], spacing: Int = 0) -> Layout {
    Layout(direction: .horizontal, constraints: constraints, spacing: spacing)
  }

  /// A copy with margins.
  public func margin(horizontal: Int, vertical: Int) -> Layout {
    var copy = self
    copy.horizontalMargin = horizontal
    copy.verticalMargin = vertical
    return copy
  }

  /// One rectangle per constraint, in order (some may be empty).
  public func split(_ rect: Rect) -> [Rect] {
    let inner = rect.inset(horizontal: max(0, horizontalMargin), vertical: max(0, verticalMargin))
    let total = direction == .vertical ? inner.height : inner.width
    let gaps = max(0, spacing) * max(0, constraints.count - 1)
    let sizes = Layout.sizes(constraints, total: total, available: max(0, total - gaps))
    var result: [Rect] = []
    result.reserveCapacity(sizes.count)
    var offset = 0
    for size in sizes {
      let start = min(offset, total)
      let length = max(0, min(size, total - start))
      switch direction {
      case .vertical:
        result.append(Rect(x: inner.x, y: inner.y + start, width: inner.width, height: length))
      case .horizontal:
        result.append(Rect(x: inner.x + start, y: inner.y, width: length, height: inner.height))
      }
      offset = start + length + max(0, spacing)
    }
    return result
  }

  /// The size of each part along the split direction.
  static func sizes(_ constraints: [Constraint], total: Int, available: Int) -> [Int] {
    var sizes = constraints.map { c -> Int in
      switch c {
      case .length(let n): return Swift.max(0, n)
      case .percentage(let p): return Swift.max(0, total * Swift.min(100, p) / 100)
      case .ratio(let n, let d): return d > 0 ? Swift.max(0, Swift.min(total, total * n / d)) : 0
      case .min(let n): return Swift.max(0, n)
      case .max, .fill: return 0
      }
    }
    var used = sizes.reduce(0, +)
    var i = sizes.count - 1
    while used > available, i >= 0 {
      let cut = Swift.min(sizes[i], used - available)
      sizes[i] -= cut
      used -= cut
      i -= 1
    }
    var left = available - used
    guard left > 0 else { return sizes }
    let fills = constraints.indices.compactMap { idx -> (Int, Int)? in
      if case .fill(let w) = constraints[idx] { return (idx, Swift.max(0, w)) }
      return nil
    }
    let weight = fills.reduce(0) { $0 + $1.1 }
    if weight > 0 {
      var given = 0
      for (idx, w) in fills {
        let share = left * w / weight
        sizes[idx] += share
        given += share
      }
      for (idx, w) in fills where given < left && w > 0 {
        sizes[idx] += 1
        given += 1
      }
      return sizes
    }
    let mins = constraints.indices.filter {
      if case .min = constraints[$0] { return true }
      return false
    }
    if !mins.isEmpty {
      for (k, idx) in mins.enumerated() {
        sizes[idx] += left / mins.count + (k < left % mins.count ? 1 : 0)
      }
      return sizes
    }
    for idx in constraints.indices {
      if case .max(let cap) = constraints[idx] {
        let add = Swift.min(Swift.max(0, cap), left)
        sizes[idx] += add
        left -= add
      }
    }
    return sizes
  }
}
