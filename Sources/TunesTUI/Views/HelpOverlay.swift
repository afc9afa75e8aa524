import TerminalUI

/// The help overlay (`?`): every key, grouped by where it works.
package struct HelpOverlay: Sendable {
  /// One key and what it does.
  package struct Entry: Sendable, Hashable {
    /// The keys, as shown: `↑ ↓ k j`.
    package var keys: String
    /// What they do.
    package var action: String
  }

  /// A titled group of keys.
  package struct Section: Sendable, Hashable {
    /// The heading.
    package var title: String
    /// The keys.
    package var entries: [Entry]
  }

  /// Every key of the app by section, from the key table: the section of `focus` first (the
  /// keys of the screen the help was opened on), then "Anywhere", then every other screen and
  /// panel.
  package static func sections(focus: KeyFocus = .anywhere) -> [Section] {
    let all = KeyTable.sections.map { section in
      Section(
        title: section.title,
        entries: section.rows.map { Entry(keys: $0.label, action: $0.help) })
    }
    let first = focus == .anywhere ? [focus.title] : [focus.title, KeyFocus.anywhere.title]
    return first.compactMap { title in all.first { $0.title == title } }
      + all.filter { !first.contains($0.title) }
  }

  /// Lines scrolled off the top (when the screen is too small for every key).
  package var scroll: Int
  /// The focus the help was opened from: its keys come first.
  package var focus: KeyFocus

  /// Creates the overlay.
  package init(scroll: Int = 0, focus: KeyFocus = .anywhere) {
    self.scroll = scroll
    self.focus = focus
  }

  /// The lines of the help text, as spans, at a key-column width.
  static func lines(_ sections: [Section], keyWidth: Int) -> [[Span]] {
    var lines: [[Span]] = []
    for (i, section) in sections.enumerated() {
      if i > 0 { lines.append([]) }
      lines.append([Span(section.title, style: Theme.heading)])
      for entry in section.entries {
        lines.append([
          Span(pad(entry.keys, toWidth: keyWidth), style: Theme.key),
          Span("  " + entry.action, style: Theme.text),
        ])
      }
    }
    return lines
  }

  /// Draws the overlay centred on `screen`, in two columns when it is wide enough, from line
  /// `scroll`; returns how far it can scroll (0 when every line fits).
  @discardableResult
  package func render(in screen: Rect, buffer: inout Buffer) -> Int {
    let keyWidth = 16
    let columnWidth = keyWidth + 2 + 40
    let twoColumns = screen.width >= 2 * columnWidth + 7
    let sections = Self.sections(focus: focus)
    let all = Self.lines(sections, keyWidth: keyWidth)
    // Two columns split between sections, as near the middle as a section allows.
    var split = all.count
    if twoColumns {
      var line = 0
      var best = all.count
      for section in sections.dropLast() {
        line += section.entries.count + 1
        if abs(all.count - 2 * line) < abs(all.count - 2 * best) { best = line }
        line += 1
      }
      split = best
    }
    let left = Array(all.prefix(split))
    let right = twoColumns ? Array(all.dropFirst(split + 1)) : []
    let contentHeight = max(left.count, right.count)
    let width = twoColumns ? 2 * columnWidth + 7 : columnWidth + 4
    let overlay = Overlay(
      title: "Keys", width: width, height: contentHeight + 4, style: Theme.text)
    var box = overlay
    box.block.borderStyle = Theme.focusedBorder
    box.block.titleStyle = Theme.heading
    let inner = box.render(in: screen, buffer: &buffer).inset(horizontal: 1, vertical: 1)
    let columns =
      twoColumns
      ? Layout.horizontal([.fill(1), .fill(1)], spacing: 3).split(inner) : [inner]
    let maximum = max(0, contentHeight - inner.height)
    let offset = max(0, min(scroll, maximum))
    for (column, lines) in zip(columns, [left, right]) {
      for (row, spans) in lines.dropFirst(offset).enumerated() where row < column.height {
        buffer.set(spans: spans, at: Position(x: column.x, y: column.y + row), clippedTo: column)
      }
    }
    let hint =
      maximum == 0
      ? "Esc or ? closes" : offset < maximum ? "↓ more · Esc closes" : "↑ back · Esc closes"
    let outer = box.area(in: screen)
    if outer.height >= 2, outer.width > displayWidth(of: hint) + 4 {
      buffer.set(
        string: " \(hint) ",
        at: Position(x: outer.right - displayWidth(of: hint) - 4, y: outer.bottom - 1),
        style: Theme.secondary, clippedTo: outer)
    }
    return maximum
  }
}
