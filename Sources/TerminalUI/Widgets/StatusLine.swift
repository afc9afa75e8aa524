/// A one-row bar with left-aligned and right-aligned segments.
///
/// When both do not fit, the right segments keep their room (up to half the width) and the
/// left ones are truncated with an ellipsis.
public struct StatusLine: Widget, Sendable {
  /// Segments drawn from the left edge.
  public var left: [Span]
  /// Segments drawn flush with the right edge.
  public var right: [Span]
  /// Style of the whole bar.
  public var style: Style

  /// Creates a status line.
  public init(left: [Span] = [], right: [Span] = [], style: Style = .plain) {
    self.left = left
    self.right = right
    self.style = style
  }

  /// Draws the bar in the first row of `area`.
  public func render(in area: Rect, buffer: inout Buffer) {
    let row = area.intersection(buffer.area).row(0)
    guard !row.isEmpty else { return }
    buffer.clear(row, style: style)
    let rightWidth = min(
      right.reduce(0) { $0 + $1.width }, row.width / 2 > 0 ? row.width / 2 : row.width)
    let rightStart = row.right - rightWidth
    let leftRoom = max(0, rightStart - row.x - (rightWidth > 0 ? 1 : 0))
    var x = row.x
    var remaining = leftRoom
    for span in left where remaining > 0 {
      let text = truncate(span.text, toWidth: remaining)
      let end = buffer.set(
        string: text, at: Position(x: x, y: row.y), style: span.style.patched(onto: style),
        clippedTo: Rect(x: row.x, y: row.y, width: leftRoom, height: 1))
      remaining -= end - x
      x = end
    }
    x = rightStart
    let rightClip = Rect(x: rightStart, y: row.y, width: rightWidth, height: 1)
    var rightRemaining = rightWidth
    for span in right where rightRemaining > 0 {
      let text = truncate(span.text, toWidth: rightRemaining)
      let end = buffer.set(
        string: text, at: Position(x: x, y: row.y), style: span.style.patched(onto: style),
        clippedTo: rightClip)
      rightRemaining -= end - x
      x = end
    }
  }
}
