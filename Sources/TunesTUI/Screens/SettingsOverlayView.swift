import TerminalUI
import TunesFeatures

/// The settings panel (`S`): the country (typed, or ←/→ through a list), then the images,
/// video, history, columns and notifications (←/→ step them), each with the config key it is
/// saved as; Enter applies, Esc cancels.
enum SettingsOverlayView {
  /// One field's label, value and note.
  static func row(_ field: SettingsState.Field, _ panel: SettingsState) -> (
    label: String, value: String, note: String
  ) {
    let preferences = panel.preferences
    switch field {
    case .country:
      return (
        "Country", SettingsEditing.value(panel.country),
        "charts, searches, lookups · \"country\""
      )
    case .images:
      let now = DisplayText.clean(panel.images).map { " (now \($0))" } ?? ""
      return ("Images", preferences.images, "\"images\"\(now)")
    case .video:
      let now = DisplayText.clean(panel.video).map { " (now \($0))" } ?? ""
      return ("Video", preferences.video, "\"video\"\(now)")
    case .history:
      return ("History", preferences.history ? "recorded" : "not recorded", "\"history\"")
    case .columns:
      return (
        "Columns", preferences.columns.map { "\($0) a row" } ?? "by the width", "\"columns\""
      )
    case .notifications:
      return ("Notices", preferences.notifications, "\"notifications\"")
    }
  }

  /// Draws the panel centred on the screen.
  static func render(_ panel: SettingsState, in screen: Rect, buffer: inout Buffer) {
    let fields = SettingsState.Field.allCases
    var notes: [String] = []
    if panel.confirmingHistoryClear {
      notes.append("Press Delete again to forget every recent search; Esc keeps them.")
    } else if panel.historyCount > 0 {
      let count =
        panel.historyCount == 1 ? "1 recent search" : "\(panel.historyCount) recent searches"
      notes.append("\(count) · Delete forgets them")
    }
    if panel.preferences.needsRestart(from: panel.savedPreferences) {
      notes.append("Images, video and notices change at the next start.")
    }
    let errorLines = DisplayText.clean(panel.error).map {
      Array(Paragraph.wrap("✗ " + $0, width: 62).prefix(3))
    }
    let height =
      fields.count + 6 + (notes.isEmpty ? 0 : notes.count + 1)
      + (errorLines.map { $0.count + 1 } ?? 0)
    var overlay = Overlay(title: "Settings", width: 68, height: height, style: Theme.text)
    overlay.block.borderStyle = Theme.focusedBorder
    overlay.block.titleStyle = Theme.heading
    let inner = overlay.render(in: screen, buffer: &buffer).inset(horizontal: 2, vertical: 1)
    guard !inner.isEmpty else { return }
    for (index, field) in fields.enumerated() where index < inner.height {
      let line = inner.row(index)
      let focused = panel.field == field
      let base = focused ? Theme.selected : Style.plain
      buffer.clear(line, style: base)
      buffer.set(
        string: focused ? "›" : " ", at: Position(x: line.x, y: line.y),
        style: base.fg(Theme.accent).bold, clippedTo: line)
      let (label, value, note) = row(field, panel)
      buffer.set(
        string: label, at: Position(x: line.x + 2, y: line.y),
        style: Theme.label.patched(onto: base), clippedTo: line)
      let room = max(0, line.right - (line.x + 13) - 4)
      let shown =
        focused ? "‹ \(truncate(value, toWidth: room)) ›" : "  \(truncate(value, toWidth: room))"
      let x = buffer.set(
        string: shown, at: Position(x: line.x + 13, y: line.y),
        style: (focused ? Theme.title : Theme.text).patched(onto: base), clippedTo: line)
      buffer.set(
        string: "  " + note, at: Position(x: x, y: line.y),
        style: Theme.secondary.patched(onto: base), clippedTo: line)
    }
    var y = inner.y + fields.count + 1
    for note in notes {
      buffer.set(
        string: truncate(note, toWidth: inner.width), at: Position(x: inner.x + 2, y: y),
        style: Theme.secondary, clippedTo: inner)
      y += 1
    }
    if !notes.isEmpty { y += 1 }
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
        Span("↑↓", style: Theme.key), Span(" setting  ", style: Theme.secondary),
        Span("A-Z ←→", style: Theme.key), Span(" change  ", style: Theme.secondary),
        Span("Enter", style: Theme.key), Span(" apply  ", style: Theme.secondary),
        Span("Esc", style: Theme.key), Span(" cancel", style: Theme.secondary),
      ], at: Position(x: inner.x, y: y), clippedTo: inner)
  }
}
