import ITunesCatalog
import TerminalUI
import TunesFeatures

/// Where each result tile and section heading goes, in lines from the top of the results
/// (before scrolling): the two-column grid, or the same grid per kind under headings.
struct ResultsLayout: Equatable {
  /// A heading or a row of tiles.
  enum Entry: Equatable {
    case heading(title: String, count: Int)
    case tiles([Int])
  }

  /// Lines a tile row takes, with the gap below it.
  static let tileStep = TileView.height + 1
  /// Columns between the two tiles of a row.
  static let columnGap = 2

  /// The entries with their first line.
  var entries: [(line: Int, entry: Entry)]
  /// The total number of lines.
  var height: Int

  static func == (lhs: ResultsLayout, rhs: ResultsLayout) -> Bool {
    lhs.height == rhs.height
      && lhs.entries.elementsEqual(rhs.entries) { $0.line == $1.line && $0.entry == $1.entry }
  }

  /// Lays out `items`, grouped by kind or not.
  init(items: [CatalogItem], grouped: Bool) {
    var entries: [(line: Int, entry: Entry)] = []
    var line = 0
    if grouped {
      for section in groupedSections(items) {
        entries.append((line, .heading(title: section.title, count: section.items.count)))
        line += 2
        let indices = section.items.map(\.index)
        for start in stride(from: 0, to: indices.count, by: SearchLayout.columns) {
          let row = Array(indices[start..<min(start + SearchLayout.columns, indices.count)])
          entries.append((line, .tiles(row)))
          line += Self.tileStep
        }
      }
    } else {
      for start in stride(from: 0, to: items.count, by: SearchLayout.columns) {
        entries.append(
          (line, .tiles(Array(start..<min(start + SearchLayout.columns, items.count)))))
        line += Self.tileStep
      }
    }
    self.entries = entries
    self.height = max(0, line - 1)
  }

  /// The lines (top, bottom exclusive) of the row holding item `index`, including the heading
  /// just above when the row is the first of its section.
  func span(of index: Int) -> (top: Int, bottom: Int)? {
    for (position, entry) in entries.enumerated() {
      guard case .tiles(let row) = entry.entry, row.contains(index) else { continue }
      var top = entry.line
      if position > 0, case .heading = entries[position - 1].entry {
        top = entries[position - 1].line
      }
      return (top, entry.line + TileView.height)
    }
    return nil
  }

  /// The offset that shows the selection, moving as little as possible from `offset`.
  func offset(keeping selection: Int, visible: Int, from offset: Int) -> Int {
    var result = offset
    if let span = span(of: selection) {
      if span.top < result { result = span.top }
      if span.bottom > result + visible { result = span.bottom - visible }
    }
    return ScrollState.clampedOffset(result, content: height, viewport: visible)
  }

  /// The rectangle of each tile of a row, side by side in `area`.
  static func columns(in area: Rect) -> [Rect] {
    Layout.horizontal(
      Array(repeating: Constraint.fill(1), count: SearchLayout.columns), spacing: columnGap
    ).split(area)
  }
}
