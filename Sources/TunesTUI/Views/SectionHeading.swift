import TerminalUI

/// A block heading: the title in the accent colour, an optional note, and a rule to the
/// right edge: `Tracks · 12 ──────────────`.
package struct SectionHeading: Widget, Sendable {
  /// The title.
  package var title: String
  /// A note after the title (a count, a spinner), in the secondary style.
  package var note: String?

  /// Creates a heading.
  package init(_ title: String, note: String? = nil) {
    self.title = title
    self.note = note
  }

  /// Draws the heading in the first row of `area`.
  package func render(in area: Rect, buffer: inout Buffer) {
    let row = area.intersection(buffer.area).row(0)
    guard !row.isEmpty else { return }
    var x = buffer.set(
      string: truncate(title, toWidth: row.width), at: Position(x: row.x, y: row.y),
      style: Theme.heading, clippedTo: row)
    if let note, x + 3 < row.right {
      x = buffer.set(
        string: " · " + note, at: Position(x: x, y: row.y), style: Theme.secondary, clippedTo: row)
    }
    x += 1
    while x < row.right {
      buffer.set(Cell("─", style: Theme.border, width: 1), x: x, y: row.y)
      x += 1
    }
  }
}
