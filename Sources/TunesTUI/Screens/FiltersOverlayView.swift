import TerminalUI
import TunesFeatures

/// The filters panel (`f`): one row per field, ←/→ change the focused one, Enter applies.
enum FiltersOverlayView {
  /// Draws the panel centred on the screen.
  static func render(
    _ panel: FiltersState, in screen: Rect, buffer: inout Buffer, hits: inout HitMap
  ) {
    let fields = FiltersState.Field.allCases
    let height = fields.count + 6 + (panel.error == nil ? 0 : 2)
    var overlay = Overlay(title: "Filters", width: 56, height: height, style: Theme.text)
    overlay.block.borderStyle = Theme.focusedBorder
    overlay.block.titleStyle = Theme.heading
    let inner = overlay.render(in: screen, buffer: &buffer).inset(horizontal: 2, vertical: 1)
    for (i, field) in fields.enumerated() where i < inner.height {
      let line = inner.row(i)
      let focused = panel.focusedField == field
      let base = focused ? Theme.selected : Style.plain
      buffer.clear(line, style: base)
      buffer.set(
        string: focused ? "›" : " ", at: Position(x: line.x, y: line.y),
        style: base.fg(Theme.accent).bold, clippedTo: line)
      buffer.set(
        string: FiltersEditing.label(of: field), at: Position(x: line.x + 2, y: line.y),
        style: Theme.label.patched(onto: base), clippedTo: line)
      let value = FiltersEditing.value(
        of: field, in: panel.draft, typing: field == .limit ? panel.limitDigits : nil)
      let room = max(0, line.right - (line.x + 13) - (focused ? 4 : 2))
      let cut = truncate(value, toWidth: room)
      let shown = focused ? "‹ \(cut) ›" : "  \(cut)"
      buffer.set(
        string: shown, at: Position(x: line.x + 13, y: line.y),
        style: (focused ? Theme.title : Theme.text).patched(onto: base), clippedTo: line)
      hits.add(line, .filtersField(i))
    }
    var y = inner.y + fields.count + 1
    if let error = DisplayText.clean(panel.error) {
      buffer.set(
        string: truncate("✗ " + error, toWidth: inner.width), at: Position(x: inner.x, y: y),
        style: Theme.errorTitle, clippedTo: inner)
      y += 2
    }
    buffer.set(
      spans: [
        Span("↑↓", style: Theme.key), Span(" field  ", style: Theme.secondary),
        Span("←→", style: Theme.key),
        Span(" change  ", style: Theme.secondary),
        Span("Enter", style: Theme.key), Span(" apply  ", style: Theme.secondary),
        Span("Esc", style: Theme.key), Span(" cancel", style: Theme.secondary),
      ], at: Position(x: inner.x, y: y), clippedTo: inner)
  }
}
