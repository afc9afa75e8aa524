import TerminalUI

/// Lays out a table of already sanitized cells: columns empty in every row are dropped, each
/// column is as wide as its widest cell (in display cells), a terminal's width shrinks and then
/// drops columns, cells are joined by two spaces and lines lose their trailing spaces.
///
/// Every cell's width is measured once and lines are written as UTF-8 bytes straight into the
/// output: for 10,000 favourites the layout, not the data, was most of the cost.
struct TableText {
  struct Column {
    var title: String
    var flexible: Bool
    var rightAligned: Bool
  }

  var columns: [Column]
  /// Columns given up, in this order, when shrinking is not enough.
  var dropOrder: [String]
  /// The width to fit, `nil` for none.
  var width: Int?
  /// Whether the header is bold.
  var color: Bool

  /// The table of `rows` (one cell per column, in `columns` order).
  func render(_ rows: [[String]]) -> [UInt8] {
    render(cells: rows.flatMap { $0 })
  }

  /// The table of `cells`: row after row, one cell per column in `columns` order.
  func render(cells: [String]) -> [UInt8] {
    guard !columns.isEmpty else { return [] }
    var widest = [Int](repeating: -1, count: columns.count)
    let cellWidths = measure(cells: cells, into: &widest)
    let layout = self.layout(widest: widest)
    var out: [UInt8] = []
    out.reserveCapacity((layout.lineWidth + 1) * (cells.count / columns.count + 1))
    out += header(layout)
    lines(cells: cells, cellWidths: cellWidths, layout, into: &out)
    return out
  }

  /// The columns' layout, from each column's widest cell (-1: empty in every row).
  struct Layout {
    fileprivate var placements: [Placement]
    /// The widest a line is before any cut.
    var lineWidth: Int
    fileprivate var mayOverflow: Bool
  }

  /// Measures every cell of `cells` (rows of `columns.count`), widening `widest`; returns the
  /// cells' widths. For a table written in batches: measure every batch, then lay out once.
  @discardableResult
  func measure(cells: [String], into widest: inout [Int]) -> [Int] {
    let count = columns.count
    let rowCount = cells.count / count
    // One pass: every cell's width, and each column's widest cell (-1: empty in every row).
    var cellWidths = [Int](repeating: 0, count: rowCount * count)
    cells.withUnsafeBufferPointer { cells in
      cellWidths.withUnsafeMutableBufferPointer { cellWidths in
        widest.withUnsafeMutableBufferPointer { widest in
          var column = 0
          for index in 0..<rowCount * count {
            if !cells[index].isEmpty {
              let width = displayWidth(of: cells[index])
              cellWidths[index] = width
              if width > widest[column] { widest[column] = width }
            }
            column = column + 1 == count ? 0 : column + 1
          }
        }
      }
    }
    return cellWidths
  }

  /// Which columns are kept, how wide, from each column's widest cell.
  func layout(widest: [Int]) -> Layout {
    var kept: [Int] = []
    var widths: [Int] = []
    for column in columns.indices where widest[column] >= 0 {
      kept.append(column)
      widths.append(max(widest[column], displayWidth(of: columns[column].title)))
    }
    if let width { fit(&widths, kept: &kept, into: width) }
    // A line is never wider than this; only when it could be wider than the terminal (nothing
    // left to drop) is each line measured and cut.
    let lineWidth = widths.reduce(0, +) + 2 * max(0, widths.count - 1)
    let mayOverflow = width.map { lineWidth > $0 } ?? false
    let placements = zip(kept, widths).map { column, width in
      Placement(column: column, width: width, right: columns[column].rightAligned)
    }
    return Layout(placements: placements, lineWidth: lineWidth, mayOverflow: mayOverflow)
  }

  /// The header line (bold on a terminal).
  func header(_ layout: Layout) -> [UInt8] {
    var out: [UInt8] = []
    let titles = columns.map(\.title)
    if color { out += Array("\u{1B}[1m".utf8) }
    titles.withUnsafeBufferPointer { titles in
      let titleWidths = titles.map { displayWidth(of: $0) }
      titleWidths.withUnsafeBufferPointer { titleWidths in
        line(titles, titleWidths, layout.placements, cut: layout.mayOverflow, into: &out)
      }
    }
    if color { out += Array("\u{1B}[0m".utf8) }
    out.append(0x0A)
    return out
  }

  /// Appends the lines of `cells` (rows of `columns.count`) laid out as `layout`; `cellWidths`
  /// from ``measure(cells:into:)``, measured again when `nil`.
  func lines(cells: [String], cellWidths: [Int]? = nil, _ layout: Layout, into out: inout [UInt8]) {
    let count = columns.count
    let rowCount = cells.count / count
    var scratch = [Int](repeating: -1, count: count)
    let cellWidths = cellWidths ?? measure(cells: cells, into: &scratch)
    cells.withUnsafeBufferPointer { cells in
      cellWidths.withUnsafeBufferPointer { cellWidths in
        for row in 0..<rowCount {
          let range = row * count..<(row + 1) * count
          line(
            UnsafeBufferPointer(rebasing: cells[range]),
            UnsafeBufferPointer(rebasing: cellWidths[range]), layout.placements,
            cut: layout.mayOverflow, into: &out)
          out.append(0x0A)
        }
      }
    }
  }

  /// Where a kept column goes: its index in the row, its width, its alignment.
  fileprivate struct Placement {
    var column: Int
    var width: Int
    var right: Bool
  }

  /// Appends one line: cells padded to their column, two spaces apart, no trailing spaces.
  private func line(
    _ cells: UnsafeBufferPointer<String>, _ cellWidths: UnsafeBufferPointer<Int>,
    _ layout: [Placement], cut: Bool, into out: inout [UInt8]
  ) {
    let start = out.count
    var pending = 0
    for (position, place) in layout.enumerated() {
      if position > 0 { pending += 2 }
      var used = cellWidths[place.column]
      let gap: Int
      if used > place.width {
        let text = truncate(cells[place.column], toWidth: place.width)
        used = displayWidth(of: text)
        gap = max(0, place.width - used)
        if place.right { pending += gap }
        append(text, pending: &pending, to: &out)
      } else {
        gap = place.width - used
        if place.right { pending += gap }
        append(cells[place.column], pending: &pending, to: &out)
      }
      if !place.right { pending += gap }
    }
    if cut, let width {
      // Measured with its padding, as a whole line is cut.
      Self.appendSpaces(pending, to: &out)
      let text = String(decoding: out[start...], as: UTF8.self)
      if displayWidth(of: text) > width {
        out.removeSubrange(start...)
        out.append(contentsOf: truncate(text, toWidth: width).utf8)
      }
    }
    while out.count > start, out.last == UInt8(ascii: " ") { out.removeLast() }
  }

  /// Appends the spaces owed and `text`, unless it is empty (spaces before nothing are not
  /// written: lines end without them).
  private func append(_ text: String, pending: inout Int, to out: inout [UInt8]) {
    guard !text.isEmpty else { return }
    Self.appendSpaces(pending, to: &out)
    pending = 0
    if text.utf8.withContiguousStorageIfAvailable({ out.append(contentsOf: $0) }) == nil {
      out.append(contentsOf: text.utf8)
    }
  }

  /// Appends `count` spaces (few: one append each is cheaper than copying from a buffer).
  private static func appendSpaces(_ count: Int, to out: inout [UInt8]) {
    for _ in 0..<max(0, count) { out.append(UInt8(ascii: " ")) }
  }

  private func fit(_ widths: inout [Int], kept: inout [Int], into total: Int) {
    func excess() -> Int { widths.reduce(0, +) + 2 * max(0, widths.count - 1) - total }
    // Shrink the widest flexible column first, one cell at a time, down to 8 cells.
    while excess() > 0 {
      let flexible = widths.indices.filter { columns[kept[$0]].flexible && widths[$0] > 8 }
      guard let widest = flexible.max(by: { widths[$0] < widths[$1] }) else { break }
      widths[widest] -= 1
    }
    // Then drop the least needed columns whole.
    for title in dropOrder where excess() > 0 {
      guard let position = kept.firstIndex(where: { columns[$0].title == title }) else {
        continue
      }
      kept.remove(at: position)
      widths.remove(at: position)
    }
    // Last, the title gives way down to 4 cells.
    if let title = kept.firstIndex(where: { columns[$0].title == "TITLE" }) {
      widths[title] = max(4, widths[title] - max(0, excess()))
    }
  }
}
