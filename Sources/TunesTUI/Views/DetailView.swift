import ITunesCatalog
import TerminalUI
import TunesFeatures

/// The detail screen's scrolling document: header (artwork, title, author, kind, store
/// link), facts, description, tracks or episodes, and the author block with five small
/// tiles. Each block draws its own loading and error state and is left out when its data
/// is missing.
package struct DetailView: Sendable {
  /// What to draw.
  package var model: DetailViewModel

  /// Creates the view.
  package init(model: DetailViewModel) {
    self.model = model
  }

  /// A drawn document: the cells, and where each of the author's works landed.
  package struct Document: Sendable {
    /// The whole document, as tall as its content.
    package var buffer: Buffer
    /// The rectangles of the author's works, in document coordinates, by index.
    package var workRects: [Int: Rect]
    /// The header's artwork, if the item has one and artwork is on.
    package var artwork: ArtworkNeed?
    /// The rows of the tracks or episodes, in document coordinates, in order.
    package var trackRects: [Rect] = []
    /// The artwork of the author's works' small tiles, by index.
    package var workArtwork: [Int: ArtworkNeed] = [:]
    /// An app's screenshot strip, in document coordinates, when it is drawn.
    package var screenshotRect: Rect?
    /// The artwork of the screenshots shown, in order.
    package var screenshotArtwork: [ArtworkNeed] = []
    /// The artwork of the strip's next page.
    package var nextScreenshotArtwork: [ArtworkNeed] = []
    /// How many screenshots the strip shows at once (0: no strip).
    package var screenshotsShown = 0
  }

  /// Where pieces note the rectangles of what can be picked: the author's works under their
  /// index, the tracks under ``trackKey(_:)``.
  static func trackKey(_ index: Int) -> Int { -1 - index }

  struct Piece {
    var height: Int
    var draw: (Rect, inout Buffer, inout [Int: Rect]) -> Void
  }

  /// Lays the document out at `width` columns and draws it.
  package func document(width: Int) -> Document {
    // The strip is laid out once: its pieces draw it, the document reports its artwork.
    let strip = screenshotStrip(width: width)
    let pieces = self.pieces(width: width, strip: strip)
    let height = pieces.reduce(0) { $0 + $1.height }
    var buffer = Buffer(width: width, height: height)
    var rects: [Int: Rect] = [:]
    var y = 0
    for piece in pieces {
      piece.draw(Rect(x: 0, y: y, width: width, height: piece.height), &buffer, &rects)
      y += piece.height
    }
    let art = Self.artworkArea(
      width: width, cellWidth: model.artwork.cellWidth, cellHeight: model.artwork.cellHeight,
      viewportRows: model.viewportRows)
    let need = art.flatMap {
      model.artwork.need(
        url: model.shownItem.artworkText, columns: $0.rect.width, rows: $0.rect.height)
    }
    let works = rects.filter { $0.key >= 0 }
    let tracks = rects.filter { $0.key < 0 && $0.key != Self.screenshotsKey }
      .sorted { $0.key > $1.key }.map(\.value)
    var document = Document(buffer: buffer, workRects: works, artwork: need, trackRects: tracks)
    if let strip, let rect = rects[Self.screenshotsKey] {
      document.screenshotRect = rect
      document.screenshotArtwork = strip.needs.compactMap { $0 }
      document.nextScreenshotArtwork = strip.nextNeeds
      document.screenshotsShown = strip.shown
    }
    let items = shownWorks
    for (index, rect) in works where index < items.count {
      let art = TileView.artworkArea(in: rect, compact: true)
      document.workArtwork[index] = model.artwork.need(
        url: items[index].artworkText, columns: art.width, rows: art.height)
    }
    return document
  }

  private func pieces(width: Int, strip: ScreenshotStrip?) -> [Piece] {
    var pieces: [Piece] = [header(width: width)]
    if let playback = model.playback { pieces.append(Self.progress(playback, width: width)) }
    if let error = model.playbackError { pieces.append(Self.previewFailure(error, width: width)) }
    pieces.append(contentsOf: facts(width: width))
    pieces.append(contentsOf: watchBlocks(width: width))
    pieces.append(contentsOf: versionNotes(width: width))
    if let strip { pieces.append(contentsOf: screenshots(strip)) }
    pieces.append(contentsOf: description(width: width))
    pieces.append(contentsOf: tracks(width: width))
    pieces.append(contentsOf: authorBlock(width: width))
    return pieces
  }

  static func gap() -> Piece { Piece(height: 1) { _, _, _ in } }

  static func heading(_ title: String, note: String? = nil) -> Piece {
    Piece(height: 1) { rect, buffer, _ in
      SectionHeading(title, note: note).render(in: rect, buffer: &buffer)
    }
  }

  /// A block's loading line, or its failure: which block failed, why, and that `r` retries it.
  func status<V>(_ content: Loadable<V>, loading: String, block: String) -> [Piece] {
    switch content {
    case .loading:
      let line = "\(model.spinner) \(loading)"
      return [
        Piece(height: 1) { rect, buffer, _ in
          buffer.set(
            string: line, at: Position(x: rect.x, y: rect.y), style: Theme.secondary,
            clippedTo: rect)
        }
      ]
    case .failed(let error, _):
      let panel = MessagePanel(
        [
          .init(
            "✗ \(block) could not be loaded: " + (DisplayText.clean(error.title) ?? "it failed."),
            style: Theme.errorTitle),
          .init("r retries every block that failed", style: Theme.secondary),
        ], centeredVertically: false)
      let height = panel.height(width: 80)
      return [Piece(height: height) { rect, buffer, _ in panel.render(in: rect, buffer: &buffer) }]
    case .loaded, .idle:
      return []
    }
  }

  // MARK: Header

  /// Where the header's artwork goes in a document `width` wide: beside the title block from
  /// 60 columns on (a quarter of the width, 8 to 40 columns), under it when narrower — text
  /// first — and only when the screen has room for it below the title block and a few facts
  /// (`viewportRows`, 0 when unknown, is the document's visible height); square in pixels for
  /// cells of `cellWidth`×`cellHeight`. `nil`: no artwork (at 40×12 the page is text).
  static func artworkArea(
    width: Int, cellWidth: Int, cellHeight: Int, viewportRows: Int = 0
  ) -> (rect: Rect, beside: Bool)? {
    let ratio = Double(max(1, cellWidth)) / Double(max(1, cellHeight))
    if width >= 60 {
      let columns = max(8, min(40, width / 4))
      let rows = max(4, Int((Double(columns) * ratio).rounded()))
      return (Rect(x: 0, y: 0, width: columns, height: rows), true)
    }
    let rows = max(3, min(10, width / 4))
    let columns = max(1, min(width, Int((Double(rows) / ratio).rounded())))
    // Under the title block (its height with a blank line), leaving four lines for facts.
    let top = headerTextHeight + 1
    guard viewportRows == 0 || viewportRows >= top + rows + 4 else { return nil }
    return (Rect(x: 0, y: top, width: columns, height: rows), false)
  }

  /// Lines of the header's text: the badge, two title lines, author, kind, a blank, the link.
  static let headerTextHeight = 7

  private func header(width: Int) -> Piece {
    let item = model.shownItem
    let art = Self.artworkArea(
      width: width, cellWidth: model.artwork.cellWidth, cellHeight: model.artwork.cellHeight,
      viewportRows: model.viewportRows)
    let beside = art?.beside ?? false
    let artRect = art?.rect
    let textWidth = beside ? max(1, width - (artRect?.width ?? 0) - 3) : max(1, width)
    let title = Paragraph.wrap(DisplayText.clean(item.title) ?? "Untitled", width: textWidth)
    let titleLines = Array(title.prefix(2))
    let textHeight = titleLines.count + 5
    let height =
      beside
      ? max(artRect?.height ?? 0, textHeight)
      : textHeight + (artRect.map { Self.headerTextHeight + 1 - textHeight + $0.height } ?? 0)
    let isFavorite = model.isFavorite
    let badge = model.badge
    let kindLine = Self.kindLine(item, badge: item.kind == .artist ? badge : nil)
    let artworkKey = artRect.flatMap {
      model.artwork.readyKey(
        model.artwork.need(url: item.artworkText, columns: $0.width, rows: $0.height))
    }
    return Piece(height: height + 1) { rect, buffer, _ in
      if let artRect {
        let placed = Rect(
          x: rect.x + artRect.x, y: rect.y + artRect.y, width: artRect.width,
          height: artRect.height)
        ArtworkPlaceholder(id: item.id, kind: item.kind).render(in: placed, buffer: &buffer)
        if let artworkKey { buffer.placeImage(artworkKey, in: placed) }
      }
      let text =
        beside
        ? Rect(
          x: rect.x + (artRect?.width ?? 0) + 3, y: rect.y, width: textWidth, height: height)
        : Rect(x: rect.x, y: rect.y, width: textWidth, height: textHeight)
      var y = text.y
      var x = buffer.set(
        string: badge, at: Position(x: text.x, y: y),
        style: Theme.badge(for: item.kind), clippedTo: text)
      if item.isExplicit == true {
        x = buffer.set(
          string: "  Explicit", at: Position(x: x, y: y), style: Theme.secondary, clippedTo: text)
      }
      if isFavorite {
        buffer.set(
          string: "  ★ Favourite", at: Position(x: x, y: y), style: .plain.fg(Theme.star),
          clippedTo: text)
      }
      y += 1
      for (i, line) in titleLines.enumerated() {
        let shown = i == 1 && title.count > 2 ? truncate(line + " …", toWidth: textWidth) : line
        buffer.set(
          string: shown, at: Position(x: text.x, y: y), style: Theme.title.adding(.bold),
          clippedTo: text)
        y += 1
      }
      if let author = DisplayText.clean(item.author) {
        buffer.set(
          string: truncate(author, toWidth: textWidth), at: Position(x: text.x, y: y),
          style: Theme.text, clippedTo: text)
      }
      y += 1
      buffer.set(
        string: truncate(kindLine, toWidth: textWidth), at: Position(x: text.x, y: y),
        style: Theme.secondary, clippedTo: text)
      y += 2
      if let url = DisplayText.clean(item.storeURLText) {
        let end = buffer.set(
          string: truncate("↗ " + url, toWidth: max(1, textWidth - 4)),
          at: Position(x: text.x, y: y), style: Theme.link(url), clippedTo: text)
        buffer.set(
          string: "  o", at: Position(x: end, y: y), style: Theme.secondary, clippedTo: text)
      }
    }
  }

  /// The preview's progress under the title block, `▶ ━━━━━━──────  0:12  -0:18  ← → seek`
  /// (`paused` while paused), then a gap.
  static func progress(_ playback: PlaybackState, width: Int) -> Piece {
    let mark = playback.isPaused ? "⏸" : "▶"
    let times =
      playback.isLoading ? "loading…" : "\(playback.elapsedText)  \(playback.remainingText)"
    let label = playback.isPaused ? "paused" : "← → seek"
    return Piece(height: 2) { rect, buffer, _ in
      let row = rect.row(0)
      var x = buffer.set(
        string: mark + " ", at: Position(x: row.x, y: row.y), style: Theme.heading, clippedTo: row)
      let tail = "  " + times + "  " + label
      let barWidth = max(0, row.right - x - displayWidth(of: tail))
      let filled = Int((Double(barWidth) * (playback.fraction ?? 0)).rounded(.down))
      x = buffer.set(
        string: String(repeating: "━", count: filled), at: Position(x: x, y: row.y),
        style: .plain.fg(Theme.accent), clippedTo: row)
      x = buffer.set(
        string: String(repeating: "─", count: barWidth - filled), at: Position(x: x, y: row.y),
        style: Theme.border, clippedTo: row)
      x = buffer.set(
        string: "  " + times, at: Position(x: x, y: row.y), style: Theme.text, clippedTo: row)
      buffer.set(
        string: "  " + label, at: Position(x: x, y: row.y), style: Theme.secondary,
        clippedTo: row)
    }
  }

  /// Why the preview failed, where its progress bar was: `✗ message` (wrapped to two lines at
  /// most) and `p tries again`, then a gap.
  static func previewFailure(_ message: String, width: Int) -> Piece {
    let text = "✗ Preview: " + (DisplayText.clean(message) ?? "it failed.")
    let lines = Array(Paragraph.wrap(text, width: max(1, width)).prefix(2))
    return Piece(height: lines.count + 2) { rect, buffer, _ in
      for (i, line) in lines.enumerated() {
        buffer.set(
          string: line, at: Position(x: rect.x, y: rect.y + i), style: Theme.errorTitle,
          clippedTo: rect)
      }
      buffer.set(
        string: "p tries again", at: Position(x: rect.x, y: rect.y + lines.count),
        style: Theme.secondary, clippedTo: rect)
    }
  }

  /// "A song · In Between Dreams · 2005": the kind in words (a creator page's role, `badge`,
  /// when given: "An author"), the collection and the year.
  static func kindLine(_ item: CatalogItem, badge: String? = nil) -> String {
    let words = badge.map(Self.withArticle) ?? item.kind.descriptiveName
    var parts = [words.prefix(1).uppercased() + words.dropFirst()]
    if let collection = DisplayText.clean(item.collection), collection != item.title {
      parts.append(collection)
    }
    if let year = item.releaseYear { parts.append(String(year)) }
    if let genre = DisplayText.clean(item.genre) { parts.append(genre) }
    return parts.joined(separator: " · ")
  }

  /// "an author", "a show".
  static func withArticle(_ name: String) -> String {
    let lower = name.lowercased()
    return ("aeiou".contains(lower.prefix(1)) ? "an " : "a ") + lower
  }

  // MARK: Facts and description

  private func facts(width: Int) -> [Piece] {
    let rows = ItemFacts.detail(model.shownItem)
    var pieces: [Piece] = []
    let loading =
      model.details.map { status($0, loading: "Loading details…", block: "The details") } ?? []
    guard !rows.isEmpty || !loading.isEmpty else { return [] }
    pieces.append(Self.heading("Details"))
    let labelWidth = (rows.map { displayWidth(of: $0.label) }.max() ?? 0) + 2
    for row in rows {
      // A long value (a copyright line) wraps instead of being cut; links stay on one line.
      let valueWidth = max(1, width - labelWidth)
      let lines =
        row.link == nil ? Paragraph.wrap(row.value, width: valueWidth) : [row.value]
      pieces.append(
        Piece(height: max(1, lines.count)) { rect, buffer, _ in
          buffer.set(
            string: row.label, at: Position(x: rect.x, y: rect.y), style: Theme.label,
            clippedTo: rect)
          let valueRect = rect.inset(left: labelWidth)
          let style = row.link.map { Theme.link($0) } ?? Theme.text
          for (i, line) in lines.enumerated() {
            buffer.set(
              string: truncate(line, toWidth: valueRect.width),
              at: Position(x: valueRect.x, y: rect.y + i), style: style, clippedTo: valueRect)
          }
        })
    }
    pieces.append(contentsOf: loading)
    pieces.append(Self.gap())
    return pieces
  }

  /// Lines of an app's version notes shown before `m more`.
  static let notesLines = 6

  /// An app's version notes ("What's new"): sanitized, wrapped, cut after `notesLines` lines
  /// with `… m more` (all of them once `m` was pressed, then `m less`).
  private func versionNotes(width: Int) -> [Piece] {
    guard model.isApp, let text = DisplayText.paragraph(model.shownItem.app?.releaseNotes) else {
      return []
    }
    let all = Paragraph.wrap(text, width: max(1, width))
    let isCut = all.count > Self.notesLines && !model.notesExpanded
    let lines = isCut ? Array(all.prefix(Self.notesLines)) : all
    let version = DisplayText.clean(model.shownItem.app?.version)
    var hint: String?
    if isCut {
      hint = "… m more (\(all.count - Self.notesLines) lines)"
    } else if all.count > Self.notesLines {
      hint = "m less"
    }
    return [
      Self.heading("What's new", note: version.map { "version " + $0 }),
      Piece(height: lines.count + (hint == nil ? 0 : 1)) { rect, buffer, _ in
        for (i, line) in lines.enumerated() {
          buffer.set(
            string: line, at: Position(x: rect.x, y: rect.y + i), style: Theme.text,
            clippedTo: rect)
        }
        if let hint {
          buffer.set(
            string: hint, at: Position(x: rect.x, y: rect.y + lines.count),
            style: Theme.secondary, clippedTo: rect)
        }
      },
      Self.gap(),
    ]
  }

  private func description(width: Int) -> [Piece] {
    guard let text = DisplayText.paragraph(model.shownItem.description) else { return [] }
    let lines = Paragraph.wrap(text, width: max(1, width))
    return [
      Self.heading("Description"),
      Piece(height: lines.count) { rect, buffer, _ in
        for (i, line) in lines.enumerated() {
          buffer.set(
            string: line, at: Position(x: rect.x, y: rect.y + i), style: Theme.text,
            clippedTo: rect)
        }
      },
      Self.gap(),
    ]
  }
}
