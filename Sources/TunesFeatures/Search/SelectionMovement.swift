import ITunesCatalog

/// Moving a selection through rows of tiles, shared by the grid, the grouped view and lists.
///
/// A layout is a list of visual rows, each holding item indices left to right. Up/down keep the
/// column (clamped to a shorter row); left/right step through the visual order; page moves jump
/// `pageRows` rows; first/last go to the ends.
public enum SelectionMovement {
  /// The rows of a grid of `count` items in `columns` columns, in item order.
  public static func gridRows(count: Int, columns: Int) -> [[Int]] {
    let width = max(1, columns)
    return stride(from: 0, to: max(0, count), by: width).map { start in
      Array(start..<min(start + width, count))
    }
  }

  /// The rows of the grouped view: each section of `groupedSections(items)` laid out as its own grid.
  public static func groupedRows(_ items: [CatalogItem], columns: Int) -> [[Int]] {
    groupedSections(items).flatMap { section in
      gridRows(count: section.items.count, columns: columns).map { row in
        row.map { section.items[$0].index }
      }
    }
  }

  /// The rows the search screen draws: grouped or plain grid, `columns` tiles a row.
  public static func rows(for items: [CatalogItem], grouped: Bool, columns: Int) -> [[Int]] {
    grouped ? groupedRows(items, columns: columns) : gridRows(count: items.count, columns: columns)
  }

  /// The selection after moving `direction` from `selection` through `rows`.
  ///
  /// - Parameters:
  ///   - selection: the current item index; one not in `rows` moves to the first item.
  ///   - pageRows: rows per page for PgUp/PgDn (at least 1).
  /// - Returns: the new item index; `selection` unchanged when `rows` is empty.
  public static func move(
    _ selection: Int, _ direction: MoveDirection, rows: [[Int]], pageRows: Int
  ) -> Int {
    guard let firstRow = rows.first, let first = firstRow.first,
      let last = rows.last?.last
    else { return selection }
    guard let rowIndex = rows.firstIndex(where: { $0.contains(selection) }),
      let column = rows[rowIndex].firstIndex(of: selection)
    else { return first }
    func at(row: Int) -> Int {
      let target = rows[min(max(0, row), rows.count - 1)]
      return target[min(column, target.count - 1)]
    }
    let order = rows.flatMap { $0 }
    let position = order.firstIndex(of: selection) ?? 0
    switch direction {
    case .up: return at(row: rowIndex - 1)
    case .down: return at(row: rowIndex + 1)
    case .left: return order[max(0, position - 1)]
    case .right: return order[min(order.count - 1, position + 1)]
    case .pageUp: return at(row: rowIndex - max(1, pageRows))
    case .pageDown: return at(row: rowIndex + max(1, pageRows))
    case .first: return first
    case .last: return last
    }
  }
}
