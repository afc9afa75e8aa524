import ITunesCatalog
import TerminalUI

/// The text of a full result tile laid out for one text area size: the badge, the wrapped
/// and truncated title lines and the fact lines, sanitized.
///
/// Laying it out sanitizes, wraps and measures strings, which costs more than drawing them,
/// so `TileTextCache` keeps it between frames while the selection scrolls.
struct TileText: Sendable, Equatable {
  /// The kind badge truncated to the text width.
  var badge: String
  /// The kind badge truncated to leave room for the favourite ★ (two columns narrower).
  var favoriteBadge: String
  /// The title lines, wrapped and truncated (the last one ends in " …" when cut short).
  var titleLines: [String]
  /// The first fact on a line of its own, when there is one.
  var firstFact: String?
  /// The other facts joined with " · " (empty when there are none).
  var otherFacts: String

  /// Lays out `item` for a text area `width` columns wide and `height` rows high.
  init(item: CatalogItem, width: Int, height: Int) {
    // Explicit items say so next to their kind, as the store's "E" mark does.
    let kind = item.kind.displayName + (item.isExplicit == true ? " · Explicit" : "")
    badge = truncate(kind, toWidth: width)
    favoriteBadge = truncate(kind, toWidth: width - 2)
    let title = DisplayText.clean(item.title) ?? "Untitled"
    let facts = ItemFacts.tile(item)
    let factRows = facts.count > 1 ? 2 : facts.count
    let wrapped = Paragraph.wrap(title, width: width)
    let titleRows = max(1, min(wrapped.count, height - 1 - factRows))
    var lines: [String] = []
    lines.reserveCapacity(titleRows)
    for i in 0..<titleRows {
      var line = i < wrapped.count ? wrapped[i] : ""
      if i == titleRows - 1 && wrapped.count > titleRows {
        line = truncate(line + " …", toWidth: width)
      }
      lines.append(truncate(line, toWidth: width))
    }
    titleLines = lines
    firstFact = facts.first.map { truncate($0, toWidth: width) }
    otherFacts = truncate(facts.dropFirst().joined(separator: " · "), toWidth: width)
  }
}
