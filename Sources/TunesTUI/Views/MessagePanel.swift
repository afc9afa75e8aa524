import TerminalUI

/// A short centred message: the loading, error, empty and welcome states of a screen or a
/// block. Each line is wrapped to at most 72 columns (`maximumWidth`) and centred.
package struct MessagePanel: Widget, Sendable {
  /// One line of the message and its style.
  package struct Line: Sendable, Hashable {
    /// The text (already sanitized).
    package var text: String
    /// Its style.
    package var style: Style
    /// Creates a line.
    package init(_ text: String, style: Style = .plain) {
      self.text = text
      self.style = style
    }
  }

  /// The lines, top to bottom; an empty text is a blank line.
  package var lines: [Line]
  /// Whether to centre vertically (full screens) or start at the top (blocks).
  package var centeredVertically: Bool
  /// The widest a line may be before it wraps (a block's one-line error uses the whole row).
  package var maximumWidth: Int

  /// Creates a panel.
  package init(_ lines: [Line], centeredVertically: Bool = true, maximumWidth: Int = 72) {
    self.lines = lines
    self.centeredVertically = centeredVertically
    self.maximumWidth = maximumWidth
  }

  /// The wrapped rows at a width.
  func rows(width: Int) -> [Line] {
    let wrapWidth = max(1, min(maximumWidth, width - 4))
    var rows: [Line] = []
    for line in lines {
      if line.text.isEmpty {
        rows.append(line)
        continue
      }
      // Centred lines are balanced (no orphan word); a block's lines start at the left and
      // fill the row before they wrap.
      let pieces =
        centeredVertically
        ? Self.balancedWrap(line.text, width: wrapWidth)
        : Paragraph.wrap(line.text, width: wrapWidth)
      for piece in pieces {
        rows.append(Line(piece, style: line.style))
      }
    }
    return rows
  }

  /// The text wrapped in as few lines as at `width`, but with the lines as even as possible,
  /// so a centred message never ends on one orphan word.
  static func balancedWrap(_ text: String, width: Int) -> [String] {
    let lines = Paragraph.wrap(text, width: width)
    guard lines.count > 1 else { return lines }
    var best = lines
    var narrower = width - 1
    while narrower > 0 {
      let candidate = Paragraph.wrap(text, width: narrower)
      guard candidate.count == lines.count else { break }
      best = candidate
      narrower -= 1
    }
    return best
  }

  /// Rows the panel needs at a width.
  package func height(width: Int) -> Int { rows(width: width).count }

  /// Draws the message into `area`.
  package func render(in area: Rect, buffer: inout Buffer) {
    let area = area.intersection(buffer.area)
    guard !area.isEmpty else { return }
    let rows = rows(width: area.width)
    let top = centeredVertically ? area.y + max(0, (area.height - rows.count) / 2) : area.y
    for (i, row) in rows.enumerated() where top + i < area.bottom {
      let x =
        centeredVertically
        ? area.x + max(0, (area.width - displayWidth(of: row.text)) / 2) : area.x
      buffer.set(
        string: row.text, at: Position(x: x, y: top + i), style: row.style, clippedTo: area)
    }
  }
}
