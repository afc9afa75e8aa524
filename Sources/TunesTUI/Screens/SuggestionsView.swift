import TerminalUI
import TunesFeatures

/// Recent searches under the query box, the typed part highlighted; drawn over the results.
enum SuggestionsView {
  /// Draws the list joined to the bottom of the query box `box`, no lower than `limit`.
  static func render(
    _ search: SearchState, below box: Rect, limit: Rect, buffer: inout Buffer, hits: inout HitMap
  ) {
    let count = search.suggestions.count
    let outer = Rect(
      x: box.x, y: box.bottom - 1, width: box.width,
      height: min(count + 2, limit.bottom - box.bottom + 1))
    guard outer.height > 2 else { return }
    buffer.removeImages(intersecting: outer)
    let block = Block(borderType: .rounded, borderStyle: Theme.focusedBorder)
    block.render(in: outer, buffer: &buffer)
    buffer.set(Cell("├", style: Theme.focusedBorder, width: 1), x: outer.x, y: outer.y)
    buffer.set(Cell("┤", style: Theme.focusedBorder, width: 1), x: outer.right - 1, y: outer.y)
    let title = " Recent searches "
    buffer.set(
      string: title, at: Position(x: outer.x + 2, y: outer.y), style: Theme.secondary,
      clippedTo: outer)
    let inner = block.inner(outer).inset(horizontal: 1, vertical: 0)
    let items = search.suggestions.map { ListItem.matching($0, query: search.query) }
    var list = ListState(selected: search.highlightedSuggestion)
    ListView(
      items: items, style: Theme.text,
      selectedStyle: Theme.selected.bold,
      highlightStyle: Style.plain.fg(Theme.accent).underline, selectionSymbol: "  "
    ).render(in: inner, buffer: &buffer, state: &list)
    if let selected = search.highlightedSuggestion, selected < inner.height {
      buffer.set(
        Cell("›", style: Theme.selected.fg(Theme.accent).bold),
        x: inner.x, y: inner.y + selected)
    }
    for i in 0..<min(count, inner.height) {
      hits.add(inner.row(i), .suggestion(i))
    }
  }
}
