import TerminalUI

/// The top row of every screen: the app's name, where you are, and the keys that matter most
/// here (right-aligned, dropped first when the row is narrow).
public struct HeaderBar: Widget, Sendable {
  /// Where you are: `["Detail", "Better Together"]`.
  public var crumbs: [String]
  /// Short key hints: `[("Enter", "search"), ("?", "keys")]`.
  public var hints: [(key: String, action: String)]

  /// Creates a header.
  public init(crumbs: [String] = [], hints: [(key: String, action: String)] = []) {
    self.crumbs = crumbs
    self.hints = hints
  }

  /// Draws the header in the first row of `area`.
  public func render(in area: Rect, buffer: inout Buffer) {
    let row = area.intersection(buffer.area).row(0)
    guard !row.isEmpty else { return }
    buffer.clear(row)
    var right: [Span] = []
    for (i, hint) in hints.enumerated() {
      if i > 0 { right.append(Span("  ", style: Theme.secondary)) }
      right.append(Span(hint.key, style: Theme.key))
      right.append(Span(" " + hint.action, style: Theme.secondary))
    }
    right.append(Span(" "))
    var left: [Span] = [Span(" ♪ tunes", style: Theme.heading)]
    for crumb in crumbs {
      left.append(Span("  ›  ", style: Theme.secondary))
      left.append(Span(DisplayText.clean(crumb) ?? "", style: Theme.text))
    }
    let leftWidth = left.reduce(0) { $0 + $1.width }
    let rightWidth = right.reduce(0) { $0 + $1.width }
    if leftWidth + 2 + rightWidth > row.width {
      right = []
    }
    StatusLine(left: left, right: right).render(in: row, buffer: &buffer)
  }
}
