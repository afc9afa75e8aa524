import ITunesCatalog
import TerminalUI
import TunesFeatures

/// One result tile: a selection bar, the artwork placeholder, the kind badge (a ▷ when the item
/// has a preview, a ★ for a favourite), the title, and two or three facts that suit the kind.
///
/// ```
/// ▌▒▒▒▒▒▒▒▒▒ Song                       ▷ ★
/// ▌▒▒▒▒▒▒▒▒▒ Better Together
/// ▌▒▒▒▒♪▒▒▒▒ Jack Johnson
/// ▌▒▒▒▒▒▒▒▒▒ 3:27 · $1.29
/// ▌▒▒▒▒▒▒▒▒▒
/// ```
package struct TileView: Widget, Sendable {
  /// Rows a full tile takes (the grid leaves one empty row below each): SearchLayout's number.
  package static let height = SearchLayout.tileLines
  /// The mark on the badge row of a tile whose item has a preview to play.
  package static let playMark = "▷"
  /// The narrowest text area that shows the play mark (beside the badge and the ★).
  static let playMarkMinimumWidth = 14
  /// Rows a compact tile takes.
  package static let compactHeight = 3
  /// The item (its strings are sanitized here).
  package var item: CatalogItem
  /// Whether the tile is selected (a bar and a tinted background).
  package var isSelected: Bool
  /// Whether the item is a favourite (a ★).
  package var isFavorite: Bool
  /// Whether to draw it faded (old results under a spinner).
  package var isDimmed: Bool
  /// The compact form used for the author's other works: no badge row, the kind and year
  /// below the title.
  package var isCompact: Bool
  /// The artwork to place over the placeholder (its key, once it is ready), if any.
  package var artwork: String?
  /// `▶` (or `⏸`) when the item is the one that plays, drawn where the play mark goes.
  package var playing: String?

  /// Creates a tile.
  package init(
    item: CatalogItem, isSelected: Bool = false, isFavorite: Bool = false,
    isDimmed: Bool = false, isCompact: Bool = false, artwork: String? = nil,
    playing: String? = nil
  ) {
    self.artwork = artwork
    self.playing = playing
    self.item = item
    self.isSelected = isSelected
    self.isFavorite = isFavorite
    self.isDimmed = isDimmed
    self.isCompact = isCompact
  }

  /// Draws the tile into `area`.
  package func render(in area: Rect, buffer: inout Buffer) {
    let area = area.intersection(buffer.area)
    guard !area.isEmpty else { return }
    let base = isSelected ? Theme.selected : Style.plain
    buffer.clear(area, style: base)
    let bar = Rect(x: area.x, y: area.y, width: 1, height: area.height)
    if isSelected {
      for y in bar.y..<bar.bottom {
        buffer.set(Cell("▌", style: base.fg(Theme.accent), width: 1), x: bar.x, y: y)
      }
    }
    let art = Self.artworkArea(in: area, compact: isCompact)
    let artWidth = art.width
    ArtworkPlaceholder(id: item.id, kind: item.kind).render(in: art, buffer: &buffer)
    if let artwork { buffer.placeImage(artwork, in: art) }
    let text = area.inset(right: 1, left: artWidth > 0 ? 2 + artWidth : 1)
    if isCompact {
      renderCompact(in: text, base: base, buffer: &buffer)
    } else {
      renderFull(in: text, base: base, buffer: &buffer)
    }
    if isDimmed { buffer.apply(Style.plain.dim, to: area) }
  }

  /// Where a tile in `area` draws its artwork: right of the selection bar, as tall as the
  /// tile, a quarter of its width (ten columns at most; four in the compact form).
  package static func artworkArea(in area: Rect, compact: Bool = false) -> Rect {
    let width = compact ? min(4, area.width / 4) : min(10, area.width / 4)
    return Rect(x: area.x + 1, y: area.y, width: width, height: area.height)
  }

  private func renderFull(in text: Rect, base: Style, buffer: inout Buffer) {
    guard !text.isEmpty else { return }
    let layout = TileTextCache.text(for: item, width: text.width, height: text.height)
    buffer.set(
      string: isFavorite ? layout.favoriteBadge : layout.badge,
      at: Position(x: text.x, y: text.y), style: Theme.badge(for: item.kind).patched(onto: base),
      clippedTo: text.row(0))
    if isFavorite {
      buffer.set(
        string: "★", at: Position(x: text.right - 1, y: text.y),
        style: base.fg(Theme.star), clippedTo: text.row(0))
    }
    if playing != nil || item.previewURLText != nil, text.width >= Self.playMarkMinimumWidth {
      buffer.set(
        string: playing ?? Self.playMark,
        at: Position(x: text.right - (isFavorite ? 3 : 1), y: text.y),
        style: base.fg(Theme.accent), clippedTo: text.row(0))
    }
    var y = text.y + 1
    let titleStyle = Theme.title.patched(onto: base)
    for line in layout.titleLines {
      buffer.set(string: line, at: Position(x: text.x, y: y), style: titleStyle, clippedTo: text)
      y += 1
    }
    if let first = layout.firstFact {
      buffer.set(
        string: first, at: Position(x: text.x, y: y), style: Theme.text.patched(onto: base),
        clippedTo: text)
      y += 1
    }
    buffer.set(
      string: layout.otherFacts, at: Position(x: text.x, y: y),
      style: Theme.secondary.patched(onto: base), clippedTo: text)
  }

  private func renderCompact(in text: Rect, base: Style, buffer: inout Buffer) {
    guard !text.isEmpty else { return }
    let title = DisplayText.clean(item.title) ?? "Untitled"
    let lines = Paragraph.wrap(title, width: text.width)
    let titleLines = Array(lines.prefix(2))
    for (i, line) in titleLines.enumerated() {
      let shown = i == 1 && lines.count > 2 ? truncate(line + " …", toWidth: text.width) : line
      buffer.set(
        string: truncate(shown, toWidth: text.width), at: Position(x: text.x, y: text.y + i),
        style: Theme.title.patched(onto: base), clippedTo: text.row(i))
    }
    var fact = item.releaseYear.map(String.init) ?? item.kind.displayName
    if let playing { fact = playing + " " + fact }
    buffer.set(
      string: truncate(fact, toWidth: text.width),
      at: Position(x: text.x, y: text.y + max(1, titleLines.count)),
      style: Theme.secondary.patched(onto: base), clippedTo: text.row(max(1, titleLines.count)))
  }
}
