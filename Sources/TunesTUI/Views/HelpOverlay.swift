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

  /// Every key of the app, by section (the README's key table is the same list).
  package static let sections: [Section] = [
    Section(
      title: "Search box",
      entries: [
        Entry(keys: "type", action: "edit the query"),
        Entry(keys: "Enter", action: "run the search"),
        Entry(keys: "↑ ↓", action: "pick a recent search"),
        Entry(keys: "← → Home End", action: "move the cursor"),
        Entry(keys: "^A ^E", action: "to start, to end"),
        Entry(keys: "^W ^U ^K", action: "delete word/start/end"),
        Entry(keys: "Tab", action: "go to the results"),
      ]),
    Section(
      title: "Results",
      entries: [
        Entry(keys: "←↓↑→ hjkl", action: "move between tiles"),
        Entry(keys: "PgUp PgDn g G", action: "page, first, last"),
        Entry(keys: "Enter", action: "open the tile"),
        Entry(keys: "Tab /", action: "to the search box"),
        Entry(keys: "v", action: "group by kind on/off"),
        Entry(keys: "f", action: "filters"),
        Entry(keys: "r", action: "retry"),
        Entry(keys: "*", action: "favourite on/off"),
        Entry(keys: "F", action: "favourites"),
      ]),
    Section(
      title: "Detail",
      entries: [
        Entry(keys: "↑↓ jk PgUp/Dn", action: "scroll"),
        Entry(keys: "p Space", action: "play/pause preview"),
        Entry(keys: "s", action: "stop the preview"),
        Entry(keys: ", . ← →", action: "seek ±5 s (playing)"),
        Entry(keys: "←→ hl", action: "pick a work by author"),
        Entry(keys: "Enter", action: "open the picked work"),
        Entry(keys: "o", action: "open in Apple's store"),
        Entry(keys: "a", action: "author's store page"),
        Entry(keys: "A c", action: "artist, album page"),
        Entry(keys: "m", action: "an app's notes: more"),
        Entry(keys: "r", action: "retry a failed block"),
        Entry(keys: "*", action: "favourite on/off"),
      ]),
    Section(
      title: "Anywhere",
      entries: [
        Entry(keys: "Esc", action: "close or go back"),
        Entry(keys: "?", action: "this help"),
        Entry(keys: "S", action: "settings: country"),
        Entry(keys: "q", action: "quit (not in search)"),
        Entry(keys: "Ctrl-C", action: "quit"),
        Entry(keys: "Ctrl-Z", action: "suspend (fg returns)"),
        Entry(keys: "click", action: "select, again: open"),
        Entry(keys: "click ♪ tunes", action: "home"),
        Entry(keys: "wheel", action: "scroll"),
      ]),
  ]

  /// Lines scrolled off the top (when the screen is too small for every key).
  package var scroll: Int

  /// Creates the overlay.
  package init(scroll: Int = 0) {
    self.scroll = scroll
  }

  /// The lines of the help text, as spans, at a key-column width.
  static func lines(keyWidth: Int) -> [[Span]] {
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
    let keyWidth = 13
    let columnWidth = keyWidth + 2 + 21
    let twoColumns = screen.width >= 2 * columnWidth + 7
    let all = Self.lines(keyWidth: keyWidth)
    let split = Self.sections.prefix(2).reduce(0) { $0 + $1.entries.count + 2 } - 1
    let left = twoColumns ? Array(all.prefix(split)) : all
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
