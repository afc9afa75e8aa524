import ITunesCatalog
import TerminalUI
import TunesFeatures

/// The home screen's last row: the media whose genres can be browsed, each a link to its
/// genres (a click opens them; in the rows ↓ reaches it, ←/→ pick, Enter opens; `g` anywhere
/// opens the media list).
///
/// ```
///  Genres · g ────────────────────────────────────────────────────────────
///  ▌Music▐  Podcasts  Apps  Books  Movies  TV  Music Videos  Audiobooks  ›
/// ```
enum GenresRow {
  /// Lines it takes: the heading and the media.
  static let height = 2

  /// Draws the row at the top of `area`.
  static func render(
    selection: Int, focused: Bool, in area: Rect, buffer: inout Buffer, hits: inout HitMap
  ) {
    guard !area.isEmpty else { return }
    SectionHeading(focused ? "▸ Genres" : "Genres", note: "g")
      .render(in: area.row(0), buffer: &buffer)
    guard area.height > 1 else { return }
    let line = area.row(1)
    var x = line.x + 1
    for (index, medium) in GenreMedium.all.enumerated() {
      let text = " \(medium.title) "
      let width = displayWidth(of: text)
      guard x + width <= line.right else { break }
      let selected = focused && index == selection
      let style = selected ? Theme.selected.bold : Style.plain.fg(Theme.link)
      buffer.set(string: text, at: Position(x: x, y: line.y), style: style, clippedTo: line)
      hits.add(Rect(x: x, y: line.y, width: width, height: 1), .homeGenre(index))
      x += width + 1
    }
  }
}
