import ITunesCatalog
import TerminalUI
import TunesFeatures

/// An app's screenshots: a strip of two or three at a time, at their shape, paged with `[` `]`.
/// Drawn only where artwork is drawn (pixels, or symbols where the terminal has no pixels);
/// with artwork off the Details block's count line stays the only mention.
extension DetailView {
  /// Where the strip's screenshots go: the page shown, each one's cells and artwork.
  struct ScreenshotStrip {
    /// The screenshots and their device.
    var shots: Screenshots
    /// The first one shown.
    var start: Int
    /// How many are shown at once (a page).
    var shown: Int
    /// One screenshot's cells.
    var columns: Int
    /// The strip's rows.
    var rows: Int
    /// The artwork of the ones shown, in order.
    var needs: [ArtworkNeed?]
    /// The artwork of the next page (fetched after the screen's own).
    var nextNeeds: [ArtworkNeed]
  }

  /// The key under which the strip's rectangle is noted among the pieces' rectangles.
  static let screenshotsKey = Int.min

  /// Columns between two screenshots.
  static let screenshotGap = 2

  /// The most screenshots shown at once.
  static let screenshotsPerPage = 3

  /// The strip at `width` columns: `nil` when the item has no screenshot URLs or artwork is
  /// off. Rows: half the visible document (8 to 16; 12 when unknown); each screenshot as wide
  /// as its shape asks at the cell size, as many as fit (one to three).
  func screenshotStrip(width: Int) -> ScreenshotStrip? {
    guard model.isApp, model.artwork.enabled, let shots = Screenshots(model.shownItem) else {
      return nil
    }
    let rows = model.viewportRows > 0 ? max(8, min(16, model.viewportRows / 2)) : 12
    let cellRatio =
      Double(max(1, model.artwork.cellHeight)) / Double(max(1, model.artwork.cellWidth))
    let columns = max(4, min(width, Int((Double(rows) * cellRatio * shots.aspect).rounded())))
    let fitting = max(1, (width + Self.screenshotGap) / (columns + Self.screenshotGap))
    let shown = min(Self.screenshotsPerPage, fitting, shots.urls.count)
    let start = max(0, min(model.screenshotStart, shots.urls.count - shown))
    let needs = shots.urls[start..<(start + shown)].map {
      model.artwork.need(url: $0, columns: columns, rows: rows)
    }
    let end = shots.urls.count
    let next = shots.urls[min(end, start + shown)..<min(end, start + 2 * shown)]
    let nextNeeds = next.compactMap { model.artwork.need(url: $0, columns: columns, rows: rows) }
    return ScreenshotStrip(
      shots: shots, start: start, shown: shown, columns: columns, rows: rows, needs: needs,
      nextNeeds: nextNeeds)
  }

  /// The strip's block: `Screenshots  iPhone · 1–3 of 5 · [ ] more`, then the screenshots
  /// side by side; each is its placeholder while it loads (a spinner in it), the picture once
  /// ready, or the placeholder saying it could not be loaded.
  func screenshots(_ strip: ScreenshotStrip) -> [Piece] {
    let count = strip.shots.urls.count
    let range =
      strip.shown == 1
      ? "\(strip.start + 1) of \(count)"
      : "\(strip.start + 1)–\(strip.start + strip.shown) of \(count)"
    let note =
      strip.shots.device + " · " + range + (count > strip.shown ? " · [ ] more" : "")
    let id = model.shownItem.id
    let statuses = strip.needs.map { need in need.flatMap { model.artwork.statuses[$0.key] } }
    let spinner = model.spinner
    return [
      Self.heading("Screenshots", note: note),
      Piece(height: strip.rows) { rect, buffer, rects in
        rects[Self.screenshotsKey] = rect
        for (offset, need) in strip.needs.enumerated() {
          let cell = Rect(
            x: rect.x + offset * (strip.columns + Self.screenshotGap), y: rect.y,
            width: strip.columns, height: strip.rows)
          let status = statuses[offset]
          ArtworkPlaceholder(
            id: id &+ Int64(strip.start + offset), kind: .software, dimmed: status != .ready
          ).render(in: cell, buffer: &buffer)
          switch status {
          case .ready:
            if let need { buffer.placeImage(need.key, in: cell) }
          case .failed:
            Self.caption("✗ not loaded", in: cell, buffer: &buffer)
          case .loading, nil:
            Self.caption(spinner, in: cell, buffer: &buffer)
          }
        }
      },
      Self.gap(),
    ]
  }

  /// A short line centred on the placeholder's last row but one.
  private static func caption(_ text: String, in cell: Rect, buffer: inout Buffer) {
    let shown = truncate(text, toWidth: cell.width)
    let x = cell.x + max(0, (cell.width - displayWidth(of: shown)) / 2)
    buffer.set(
      string: shown, at: Position(x: x, y: cell.y + max(0, cell.height - 2)),
      style: Theme.secondary, clippedTo: cell)
  }
}
