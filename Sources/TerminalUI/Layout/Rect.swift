/// A rectangle of cells: origin (column `x`, row `y`, 0-based) and size.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
  /// Left column.
  public var x: Int
  /// Top row.
  public var y: Int
  /// Width in columns (never negative).
  public var width: Int
  /// Height in rows (never negative).
  public var height: Int

  /// Creates a rectangle; negative sizes become 0.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// A rectangle at the origin.
  public init(width: Int, height: Int) {
    self.init(x: 0, y: 0, width: width, height: height)
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The column just right of the rectangle.
  public var right: Int { x + width }
  /// The row just below the rectangle.
  public var bottom: Int { y + height }
  /// Number of cells.
  public var area: Int { width * height }
  /// Whether the rectangle holds no cells.
  public var isEmpty: Bool { width == 0 || height == 0 }

  /// `Rect(x:y:width:height:)`, for debugging and test messages.
  public var description: String { "Rect(x: \(x), y: \(y), width: \(width), height: \(height))" }

  /// Whether the cell at (`column`, `row`) lies inside.
  public func contains(column: Int, row: Int) -> Bool {
    column >= x && column < right && row >= y && row < bottom
  }

  /// The overlap of two rectangles (empty, at this origin clamped, when they do not meet).
  public func intersection(_ other: Rect) -> Rect {
    let x0 = max(x, other.x)
    let y0 = max(y, other.y)
    let x1 = min(right, other.right)
    let y1 = min(bottom, other.bottom)
    if x1 <= x0 || y1 <= y0 { return Rect(x: x0, y: y0, width: 0, height: 0) }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The rectangle shrunk by the given margins on each side (never below 0×0).
  public func inset(top: Int = 0, right: Int = 0, bottom: Int = 0, left: Int = 0) -> Rect {
    let w = max(0, width - left - right)
    let h = max(0, height - top - bottom)
    return Rect(x: x + min(left, width), y: y + min(top, height), width: w, height: h)
  }

  /// The rectangle shrunk by `horizontal` columns left and right and `vertical` rows top
  /// and bottom.
  public func inset(horizontal: Int, vertical: Int) -> Rect {
    inset(top: vertical, right: horizontal, bottom: vertical, left: horizontal)
  }

  /// A rectangle of the given size centred inside this one (clamped to fit).
  public func centered(width w: Int, height h: Int) -> Rect {
    let cw = min(max(0, w), width)
    let ch = min(max(0, h), height)
    return Rect(x: x + (width - cw) / 2, y: y + (height - ch) / 2, width: cw, height: ch)
  }

  /// The single row `index` rows below the top (empty when outside).
  public func row(_ index: Int) -> Rect {
    guard index >= 0, index < height else { return Rect(x: x, y: y + index, width: 0, height: 0) }
    return Rect(x: x, y: y + index, width: width, height: 1)
  }
}
