import ITunesCatalog

/// Where each result tile and section heading goes, in lines from the top of the results
/// (before scrolling): the grid, or the same grid per kind under headings. The reducer keeps
/// the selection in view with it; the screen draws with it.
public struct ResultsLayout: Equatable, Sendable {
  /// A heading or a row of tiles.
  public enum Entry: Equatable, Sendable {
    /// A section heading of the grouped view.
    case heading(title: String, count: Int)
    /// A row of tiles, by item index.
    case tiles([Int])
  }

  /// The entries with their first line.
  public var entries: [(line: Int, entry: Entry)]
  /// The total number of lines.
  public var height: Int

  /// Whether two layouts place the same entries on the same lines.
  public static func == (lhs: ResultsLayout, rhs: ResultsLayout) -> Bool {
    lhs.height == rhs.height
      && lhs.entries.elementsEqual(rhs.entries) { $0.line == $1.line && $0.entry == $1.entry }
  }

  /// Lines below the last row for a footer line (a blank line and the text), or 0.
  public var footerLines: Int = 0

  /// Lays out `items` in rows of `columns` tiles, grouped by kind or not, with room for a
  /// footer line below the last row when `footer` is set.
  public init(items: [CatalogItem], grouped: Bool, columns: Int, footer: Bool = false) {
    let columns = max(1, columns)
    var entries: [(line: Int, entry: Entry)] = []
    var line = 0
    if grouped {
      for section in groupedSections(items) {
        entries.append((line, .heading(title: section.title, count: section.items.count)))
        line += 2
        let indices = section.items.map(\.index)
        for start in stride(from: 0, to: indices.count, by: columns) {
          let row = Array(indices[start..<min(start + columns, indices.count)])
          entries.append((line, .tiles(row)))
          line += SearchLayout.tileStep
        }
      }
    } else {
      for start in stride(from: 0, to: items.count, by: columns) {
        entries.append(
          (line, .tiles(Array(start..<min(start + columns, items.count)))))
        line += SearchLayout.tileStep
      }
    }
    self.entries = entries
    self.height = max(0, line - 1)
    if footer, !entries.isEmpty {
      footerLines = 2
      height += 2
    }
  }

  /// The lines (top, bottom exclusive) of the row holding item `index`, including the heading
  /// just above when the row is the first of its section.
  public func span(of index: Int) -> (top: Int, bottom: Int)? {
    for (position, entry) in entries.enumerated() {
      guard case .tiles(let row) = entry.entry, row.contains(index) else { continue }
      var top = entry.line
      if position > 0, case .heading = entries[position - 1].entry {
        top = entries[position - 1].line
      }
      let isLast = position == entries.count - 1
      return (top, isLast ? height : entry.line + SearchLayout.tileLines)
    }
    return nil
  }

  /// The offset that shows the selection, moving as little as possible from `offset`.
  public func offset(keeping selection: Int, visible: Int, from offset: Int) -> Int {
    var result = offset
    if let span = span(of: selection) {
      if span.top < result { result = span.top }
      if span.bottom > result + visible { result = span.bottom - visible }
    }
    return max(0, min(result, max(0, height - max(0, visible))))
  }
}
