/// Tiles of a fixed height in N columns, scrolled by rows so the selection stays visible.
///
/// The grid draws nothing itself: `renderTile(index, rect, &buffer, isSelected)` draws each
/// visible tile into its rectangle (already clipped to the area). Column widths share the
/// area's width; leftover columns go to the first tiles.
public struct Grid {
  /// Number of columns (at least 1).
  public var columns: Int
  /// Rows of cells per tile (at least 1).
  public var tileHeight: Int
  /// Number of tiles.
  public var itemCount: Int
  /// Empty columns between tiles.
  public var columnSpacing: Int
  /// Empty rows between tile rows.
  public var rowSpacing: Int
  /// Draws one tile.
  public var renderTile: (Int, Rect, inout Buffer, Bool) -> Void

  /// Creates a grid.
  public init(
    columns: Int, tileHeight: Int, itemCount: Int, columnSpacing: Int = 1, rowSpacing: Int = 0,
    renderTile: @escaping (Int, Rect, inout Buffer, Bool) -> Void
  ) {
    self.columns = max(1, columns)
    self.tileHeight = max(1, tileHeight)
    self.itemCount = max(0, itemCount)
    self.columnSpacing = max(0, columnSpacing)
    self.rowSpacing = max(0, rowSpacing)
    self.renderTile = renderTile
  }

  /// Tile rows that fit completely in `area` (at least 1 when the area is not empty).
  public func visibleRows(in area: Rect) -> Int {
    guard !area.isEmpty else { return 0 }
    return max(1, (area.height + rowSpacing) / (tileHeight + rowSpacing))
  }

  /// The x offset and width of a column inside `area`.
  private func column(_ c: Int, in area: Rect) -> (x: Int, width: Int) {
    let usable = max(0, area.width - columnSpacing * (columns - 1))
    let base = usable / columns
    let extra = usable % columns
    let x = area.x + c * (base + columnSpacing) + min(c, extra)
    return (x, base + (c < extra ? 1 : 0))
  }

  /// The rectangle of tile `index` (clipped to `area`), or `nil` when it is not visible.
  public func tileRect(_ index: Int, in area: Rect, state: GridState) -> Rect? {
    guard index >= 0, index < itemCount, !area.isEmpty else { return nil }
    let row = index / columns - state.rowOffset
    guard row >= 0 else { return nil }
    let y = area.y + row * (tileHeight + rowSpacing)
    guard y < area.bottom else { return nil }
    let (x, width) = column(index % columns, in: area)
    let rect = Rect(x: x, y: y, width: width, height: tileHeight).intersection(area)
    return rect.isEmpty ? nil : rect
  }

  /// The tile under a cell (for mouse clicks), or `nil` for gaps and empty space.
  public func tileIndex(at point: Position, in area: Rect, state: GridState) -> Int? {
    guard area.contains(column: point.x, row: point.y) else { return nil }
    let step = tileHeight + rowSpacing
    let dy = point.y - area.y
    guard dy % step < tileHeight else { return nil }
    let row = dy / step + state.rowOffset
    for c in 0..<columns {
      let (x, width) = column(c, in: area)
      if point.x >= x && point.x < x + width {
        let index = row * columns + c
        return index < itemCount ? index : nil
      }
    }
    return nil
  }

  /// Scrolls `state` to keep the selection visible, then draws every visible tile.
  public func render(in area: Rect, buffer: inout Buffer, state: inout GridState) {
    let area = area.intersection(buffer.area)
    state.keepSelectionVisible(
      columns: columns, count: itemCount, visibleRows: visibleRows(in: area))
    guard !area.isEmpty, itemCount > 0 else { return }
    let step = tileHeight + rowSpacing
    let rowsShown = (area.height + step - 1) / step
    for r in 0..<rowsShown {
      for c in 0..<columns {
        let index = (state.rowOffset + r) * columns + c
        guard index < itemCount, let rect = tileRect(index, in: area, state: state) else {
          continue
        }
        renderTile(index, rect, &buffer, index == state.selected)
      }
    }
  }
}
