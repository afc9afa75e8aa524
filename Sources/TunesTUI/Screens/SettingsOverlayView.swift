import TerminalUI
import TunesFeatures

/// The settings panel (`S`): the country (typed, or ←/→ through a list; Enter applies), then
/// the image and video modes, read-only, with the config keys and options that change them.
enum SettingsOverlayView {
  /// Draws the panel centred on the screen.
  static func render(_ panel: SettingsState, in screen: Rect, buffer: inout Buffer) {
    var rows: [(label: String, value: String, note: String)] = []
    if let images = DisplayText.clean(panel.images) {
      rows.append(("Images", images, "config \"images\", --images"))
    }
    if let video = DisplayText.clean(panel.video) {
      rows.append(("Video", video, "config \"video\", --video"))
    }
    if panel.confirmingHistoryClear {
      rows.append(("History", "press Delete again to forget them all", "Esc keeps them"))
    } else if panel.historyCount > 0 {
      let count =
        panel.historyCount == 1 ? "1 recent search" : "\(panel.historyCount) recent searches"
      rows.append(("History", count, "Delete forgets them"))
    }
    let errorLines = DisplayText.clean(panel.error).map {
      Array(Paragraph.wrap("✗ " + $0, width: 58).prefix(3))
    }
    let height = 8 + rows.count + (rows.isEmpty ? 0 : 1) + (errorLines.map { $0.count + 1 } ?? 0)
    var overlay = Overlay(title: "Settings", width: 64, height: height, style: Theme.text)
    overlay.block.borderStyle = Theme.focusedBorder
    overlay.block.titleStyle = Theme.heading
    let inner = overlay.render(in: screen, buffer: &buffer).inset(horizontal: 2, vertical: 1)
    guard !inner.isEmpty else { return }
    let line = inner.row(0)
    buffer.clear(line, style: Theme.selected)
    buffer.set(
      string: "›", at: Position(x: line.x, y: line.y),
      style: Theme.selected.fg(Theme.accent).bold, clippedTo: line)
    buffer.set(
      string: "Country", at: Position(x: line.x + 2, y: line.y),
      style: Theme.label.patched(onto: Theme.selected), clippedTo: line)
    let room = max(0, line.right - (line.x + 13) - 4)
    buffer.set(
      string: "‹ \(truncate(SettingsEditing.value(panel.country), toWidth: room)) ›",
      at: Position(x: line.x + 13, y: line.y), style: Theme.title.patched(onto: Theme.selected),
      clippedTo: line)
    buffer.set(
      string: truncate(
        "Used by charts, searches and lookups · config \"country\"",
        toWidth: inner.width),
      at: Position(x: inner.x + 2, y: inner.y + 1), style: Theme.secondary, clippedTo: inner)
    var y = inner.y + 3
    for row in rows {
      let text = row.label.padding(toLength: 11, withPad: " ", startingAt: 0)
      var x = buffer.set(
        string: text, at: Position(x: inner.x + 2, y: y), style: Theme.label, clippedTo: inner)
      x = buffer.set(
        string: row.value, at: Position(x: x, y: y), style: Theme.text, clippedTo: inner)
      buffer.set(
        string: "  " + row.note, at: Position(x: x, y: y), style: Theme.secondary,
        clippedTo: inner)
      y += 1
    }
    if !rows.isEmpty { y += 1 }
    if let errorLines {
      for line in errorLines {
        buffer.set(
          string: line, at: Position(x: inner.x, y: y), style: Theme.errorTitle, clippedTo: inner)
        y += 1
      }
      y += 1
    }
    buffer.set(
      spans: [
        Span("A-Z ←→", style: Theme.key), Span(" country  ", style: Theme.secondary),
        Span("Enter", style: Theme.key), Span(" apply  ", style: Theme.secondary),
        Span("Esc", style: Theme.key), Span(" cancel", style: Theme.secondary),
      ], at: Position(x: inner.x, y: y), clippedTo: inner)
  }
}
