/// A vertical list of one-row items with a selection that stays in view.
public struct ListView: Sendable {
  /// The rows.
  public var items: [ListItem]
  /// Style of the list area.
  public var style: Style
  /// Laid over the selected row.
  public var selectedStyle: Style
  /// Laid over the highlighted part of each item.
  public var highlightStyle: Style
  /// Drawn before the selected row (other rows get the same width of spaces).
  public var selectionSymbol: String

  /// Creates a list view.
  public init(
    items: [ListItem], style: Style = .plain, selectedStyle: Style = .plain.reversed,
    highlightStyle: Style = .plain.bold.underline, selectionSymbol: String = "› "
  ) {
    self.items = items
    self.style = style
    self.selectedStyle = selectedStyle
    self.highlightStyle = highlightStyle
    self.selectionSymbol = selectionSymbol
  }

  /// The item under a cell (for mouse clicks) when the list was drawn in `area` with
  /// `state`, or `nil` outside the rows.
  public func itemIndex(at point: Position, in area: Rect, state: ListState) -> Int? {
    guard area.contains(column: point.x, row: point.y) else { return nil }
    let index = state.offset + point.y - area.y
    return index < items.count ? index : nil
  }

  /// Draws the visible rows, first scrolling `state` so the selection is visible.
  public func render(in area: Rect, buffer: inout Buffer, state: inout ListState) {
    let area = area.intersection(buffer.area)
    state.keepSelectionVisible(count: items.count, height: area.height)
    guard !area.isEmpty else { return }
    buffer.clear(area, style: style)
    let symbolWidth = min(displayWidth(of: selectionSymbol), area.width)
    for row in 0..<area.height {
      let index = state.offset + row
      guard index < items.count else { break }
      let line = area.row(row)
      let isSelected = state.selected == index
      if isSelected {
        buffer.set(
          string: selectionSymbol, at: Position(x: line.x, y: line.y), style: style,
          clippedTo: Rect(x: line.x, y: line.y, width: symbolWidth, height: 1))
      }
      let textArea = line.inset(left: symbolWidth)
      let item = items[index]
      buffer.set(
        spans: item.spans(highlightStyle: highlightStyle),
        at: Position(x: textArea.x, y: textArea.y), clippedTo: textArea)
      if displayWidth(of: item.text) > textArea.width, textArea.width > 0 {
        buffer.set(
          Cell(symbol: "…", style: item.style, rawWidth: 1), x: textArea.right - 1, y: line.y)
      }
      if isSelected { buffer.apply(selectedStyle, to: line) }
    }
  }
}
