/// Selection and scroll position of a `Grid`.
public struct GridState: Sendable, Hashable {
  /// The selected tile index (clamped to the item count when rendering).
  public var selected: Int
  /// The first tile row shown.
  public var rowOffset: Int

  /// Creates a state.
  public init(selected: Int = 0, rowOffset: Int = 0) {
    self.selected = selected
    self.rowOffset = rowOffset
  }

  /// A selection move.
  public enum Move: Sendable, Hashable {
    /// One row up.
    case up
    /// One row down (to the last tile when the row below is short).
    case down
    /// One tile left (wrapping to the end of the previous row).
    case left
    /// One tile right (wrapping to the start of the next row).
    case right
    /// `rows` rows up.
    case pageUp(rows: Int)
    /// `rows` rows down.
    case pageDown(rows: Int)
    /// The first tile.
    case first
    /// The last tile.
    case last
  }

  /// Moves the selection within `count` tiles laid out in `columns` columns.
  public mutating func move(_ move: Move, columns: Int, count: Int) {
    guard count > 0 else {
      selected = 0
      return
    }
    let columns = max(1, columns)
    var s = max(0, min(selected, count - 1))
    switch move {
    case .up: if s >= columns { s -= columns }
    case .down:
      s = s + columns < count ? s + columns : (s / columns < (count - 1) / columns ? count - 1 : s)
    case .left: s = max(0, s - 1)
    case .right: s = min(count - 1, s + 1)
    case .pageUp(let rows): s = max(s % columns, s - columns * max(1, rows))
    case .pageDown(let rows): s = min(count - 1, s + columns * max(1, rows))
    case .first: s = 0
    case .last: s = count - 1
    }
    selected = s
  }

  /// Clamps the selection and scrolls so its row is among `visibleRows` rows.
  public mutating func keepSelectionVisible(columns: Int, count: Int, visibleRows: Int) {
    let columns = max(1, columns)
    selected = count > 0 ? max(0, min(selected, count - 1)) : 0
    let totalRows = (count + columns - 1) / columns
    rowOffset = ScrollState.clampedOffset(
      rowOffset, content: totalRows, viewport: max(1, visibleRows))
    let row = selected / columns
    if row < rowOffset { rowOffset = row }
    if visibleRows > 0 && row >= rowOffset + visibleRows { rowOffset = row - visibleRows + 1 }
    if visibleRows <= 0 { rowOffset = row }
  }
}
