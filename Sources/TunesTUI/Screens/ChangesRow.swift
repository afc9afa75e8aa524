import TerminalUI
import TunesFeatures

/// The home screen's Changes row, above the charts: what the watch found (price drops, new
/// versions, new releases), newest first, or why there is nothing, and the check under way.
///
/// ```
/// Changes · 2 · last check 2026-12-02 09:40 UTC · C checks now ────────────────
/// ▼ Pocket Planner: price down 4.99 → 3.99 USD                  US · 2026-12-02 09:40
/// ```
enum ChangesRow {
  /// The most changes listed; the heading counts the rest.
  static let maximumLines = WatchState.listed

  /// Lines the row takes in `state` at `width` (0 when it is not drawn: no watch here).
  static func height(_ state: AppState, width: Int) -> Int {
    guard isShown(state.watch) else { return 0 }
    let entries = state.watch.entries.count
    let body = entries > 0 ? min(maximumLines, entries) : wrapped(state, width: width).count
    return 1 + max(1, body) + 1
  }

  /// The message lines wrapped to `width`, each at most two rows (the rest cut with …).
  static func wrapped(_ state: AppState, width: Int) -> [MessagePanel.Line] {
    messages(state).flatMap { line -> [MessagePanel.Line] in
      var rows = Paragraph.wrap(line.text, width: max(1, width))
      if rows.count > 2 {
        rows = [rows[0], truncate(rows[1] + " " + rows[2], toWidth: max(1, width))]
      }
      return rows.map { MessagePanel.Line($0, style: line.style) }
    }
  }

  /// Whether there is a row at all.
  static func isShown(_ watch: WatchState) -> Bool {
    if case .idle = watch.digest { return watch.isChecking || watch.checkError != nil }
    return true
  }

  /// Draws the row at the top of `area`; returns the lines used.
  static func render(
    _ state: AppState, in area: Rect, buffer: inout Buffer, hits: inout HitMap
  ) -> Int {
    let height = min(area.height, height(state, width: area.width))
    guard height > 0 else { return 0 }
    let watch = state.watch
    let entries = watch.entries
    var note: [String] = []
    if entries.count > maximumLines {
      note.append("\(maximumLines) of \(entries.count)")
    } else if !entries.isEmpty {
      note.append(String(entries.count))
    }
    if watch.isChecking {
      note.append("\(Spinner(tick: state.spinnerTick).frame) checking")
    } else if watch.checkError != nil, !entries.isEmpty {
      note.append("✗ the last check failed")
    } else if let last = watch.digest.value?.lastCheck {
      note.append("last check " + WatchText.time(last))
    }
    if !watch.isChecking { note.append("C checks now") }
    let focused = state.search.focus == .results && watch.selection != nil
    SectionHeading(focused ? "▸ Changes" : "Changes", note: note.joined(separator: " · "))
      .render(in: Rect(x: area.x, y: area.y, width: area.width, height: 1), buffer: &buffer)
    let body = Rect(x: area.x, y: area.y + 1, width: area.width, height: max(0, height - 2))
    if entries.isEmpty {
      for (index, line) in wrapped(state, width: body.width).enumerated()
      where index < body.height {
        buffer.set(
          string: line.text, at: Position(x: body.x, y: body.y + index), style: line.style,
          clippedTo: body.row(index))
      }
      return height
    }
    for (index, entry) in entries.prefix(maximumLines).enumerated() where index < body.height {
      let row = body.row(index)
      let trailing = entry.country.uppercased() + " · " + WatchText.shortTime(entry.at)
      let room = max(0, row.width - displayWidth(of: trailing) - 2)
      let picked = focused && watch.selection == index
      let style = picked ? Theme.selected : watch.digest.isLoading ? Theme.secondary : Theme.text
      if picked { buffer.clear(row, style: Theme.selected) }
      hits.add(row, .change(index))
      buffer.set(
        string: truncate(WatchText.line(entry), toWidth: room), at: Position(x: row.x, y: row.y),
        style: style, clippedTo: row)
      if room > 0 {
        buffer.set(
          string: trailing, at: Position(x: row.right - displayWidth(of: trailing), y: row.y),
          style: picked ? Theme.selected : Theme.secondary, clippedTo: row)
      }
    }
    return height
  }

  /// What to do after a failed check: `C` again, and what the error suggests (a sentence of
  /// the command's own carries no suggestion of its own).
  static func tryAgain(_ error: FeatureError) -> String {
    if case .other = error { return "C tries again." }
    return "C tries again. " + (DisplayText.clean(error.suggestion) ?? "")
  }

  /// The row's lines when it lists no change: loading, the failure and what to do, or why
  /// nothing is listed.
  static func messages(_ state: AppState) -> [MessagePanel.Line] {
    let watch = state.watch
    let spinner = Spinner(tick: state.spinnerTick).frame
    let store = state.storefrontCode
    if watch.isChecking {
      return [.init("\(spinner) Checking the watched items in \(store)…", style: Theme.secondary)]
    }
    if let error = watch.checkError {
      return [
        .init(
          "✗ The check failed: " + (DisplayText.clean(error.title) ?? "it failed."),
          style: Theme.errorTitle),
        .init(Self.tryAgain(error), style: Theme.secondary),
      ]
    }
    switch watch.digest {
    case .idle, .loading:
      return [.init("\(spinner) Reading what changed…", style: Theme.secondary)]
    case .failed(let error, _):
      return [
        .init(
          "✗ What changed could not be read: " + (DisplayText.clean(error.title) ?? "it failed."),
          style: Theme.errorTitle),
        .init(DisplayText.clean(error.suggestion) ?? "C checks again.", style: Theme.secondary),
      ]
    case .loaded(let digest):
      if state.favoriteIDs.isEmpty {
        return [
          .init(
            "No watched items: favourite something (*), then C checks its price and version.",
            style: Theme.secondary)
        ]
      }
      guard let last = digest.lastCheck else {
        let count = state.favoriteIDs.count
        return [
          .init(
            "Not checked yet: C checks your \(count == 1 ? "favourite" : "\(count) favourites") in \(store) now.",
            style: Theme.secondary)
        ]
      }
      return [
        .init(
          "Nothing changed since \(WatchText.day(digest.since)) (last check \(WatchText.time(last))).",
          style: Theme.secondary)
      ]
    }
  }
}

extension AppState {
  /// The storefront in force, upper case (`US`).
  var storefrontCode: String { (filters.country ?? "us").uppercased() }
}
