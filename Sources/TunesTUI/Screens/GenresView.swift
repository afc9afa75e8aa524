import ITunesCatalog
import TerminalUI
import TunesFeatures

/// The genres screen: the media list, a genre's subgenres (the first row opens its charts), or
/// a genre's charts as rows of tiles (the home screen's rows). Breadcrumbs in the header name
/// every level; each level draws its loading and error states.
///
/// ```
///  ♪ tunes  ›  Genres  ›  Music                          Enter open  Esc back  ? keys
///
///  Music · 44 genres · US ──────────────────────────────────────────────────────
///  ▌ ★ Top charts of Music                             Top Songs · Top Albums  ›
///    Blues                                                         7 genres  ›
/// ```
enum GenresView {
  /// Draws the screen into `frame`.
  static func render(_ genres: GenresState, state: AppState, into frame: inout Frame) {
    let area = frame.buffer.area
    let rows = Layout.vertical([.length(1), .length(1), .fill(1), .length(1)]).split(area)
    HeaderBar(state, crumbs: state.crumbs, hints: KeyTable.hints(.header, state: state))
      .render(in: rows[0], buffer: &frame.buffer)
    let content = rows[2].inset(right: 1, left: 1)
    var right: [Span] = []
    switch genres.top {
    case .media(let media):
      SectionHeading("Browse by genre", note: genres.country.uppercased())
        .render(in: content.row(0), buffer: &frame.buffer)
      list(
        media.media.map { medium in
          Row(
            title: medium.title,
            note: medium.charts.map(\.title).joined(separator: " · "), opens: true)
        }, selection: media.selection, in: content.inset(top: 1), frame: &frame)
    case .tree(let level):
      tree(level, genres: genres, state: state, in: content, frame: &frame)
      if let count = level.genre.loadedValue?.subgenres.count {
        right = [Span(FactText.count(count, "genre") + " ", style: Theme.bar)]
      }
    case .charts(let level):
      charts(level, genres: genres, state: state, in: content, frame: &frame)
    }
    StatusBar.render(
      left: StatusBar.left(state), right: right, in: rows[3], buffer: &frame.buffer,
      showsLink: state.noticeLink != nil)
  }

  // MARK: Lists

  /// One row of a list: a name, a note on the right, and whether it leads further (›).
  struct Row {
    var title: String
    var note: String
    var opens: Bool
  }

  private static func tree(
    _ level: GenreTreeLevel, genres: GenresState, state: AppState, in area: Rect,
    frame: inout Frame
  ) {
    let spinner = Spinner(tick: state.spinnerTick).frame
    switch level.genre {
    case .idle, .loading(nil):
      SectionHeading(level.name, note: genres.country.uppercased())
        .render(in: area.row(0), buffer: &frame.buffer)
      MessagePanel(
        [.init("\(spinner) Asking Apple for the genres of \(level.name)…", style: Theme.secondary)]
      ).render(in: area.inset(top: 1), buffer: &frame.buffer)
    case .failed(let error, nil):
      SectionHeading(level.name, note: genres.country.uppercased())
        .render(in: area.row(0), buffer: &frame.buffer)
      MessagePanel(failure(error, what: "The genres of \(level.name)"))
        .render(in: area.inset(top: 1), buffer: &frame.buffer)
    case .loading(let genre?), .loaded(let genre), .failed(_, let genre?):
      var note = [genres.country.uppercased()]
      if !genre.subgenres.isEmpty {
        note.insert(FactText.count(genre.subgenres.count, "genre"), at: 0)
      }
      SectionHeading(
        DisplayText.clean(genre.name) ?? level.name, note: note.joined(separator: " · ")
      )
      .render(in: area.row(0), buffer: &frame.buffer)
      let charts = GenreChart.charts(of: genre, medium: level.medium)
      var rows = [
        Row(
          title: "★ Top charts of \(DisplayText.clean(genre.name) ?? level.name)",
          note: charts.map(\.title).joined(separator: " · "), opens: true)
      ]
      for subgenre in genre.subgenres {
        rows.append(
          Row(
            title: DisplayText.clean(subgenre.name) ?? String(subgenre.id),
            note: subgenre.subgenres.isEmpty
              ? "charts" : FactText.count(subgenre.subgenres.count, "genre"),
            opens: true))
      }
      list(rows, selection: level.selection, in: area.inset(top: 1), frame: &frame)
    }
  }

  /// The lines of a failed level or row: what failed and what to do.
  static func failure(_ error: FeatureError, what: String) -> [MessagePanel.Line] {
    if case .client(.decoding(.unknownGenre(let id))) = error {
      return [
        .init("✗ Apple knows no genre \(id).", style: Theme.errorTitle),
        .init(
          "The genre service has no such genre in this storefront. Esc goes back to pick another.",
          style: Theme.secondary),
      ]
    }
    return [
      .init("✗ \(what) could not be loaded: \(error.title)", style: Theme.errorTitle),
      .init("Press r to retry, Esc to go back.", style: Theme.secondary),
    ]
  }

  /// Draws a list, scrolled so the selection is in view, with a scrollbar when it is longer.
  private static func list(_ rows: [Row], selection: Int, in area: Rect, frame: inout Frame) {
    guard !area.isEmpty else { return }
    let first = max(0, min(selection - area.height + 1, rows.count - area.height))
    for line in 0..<area.height {
      let index = first + line
      guard rows.indices.contains(index) else { break }
      let row = rows[index]
      let rect = area.row(line).inset(right: 1)
      let selected = index == selection
      let base = selected ? Theme.selected : Style.plain
      frame.buffer.clear(rect, style: base)
      if selected {
        frame.buffer.set(Cell("▌", style: base.fg(Theme.accent), width: 1), x: rect.x, y: rect.y)
      }
      let marker = row.opens ? "  ›" : ""
      let noteWidth = min(displayWidth(of: row.note), max(0, rect.width / 2 - 4))
      let note = truncate(row.note, toWidth: noteWidth) + marker
      let noteX = rect.right - displayWidth(of: note)
      frame.buffer.set(
        string: truncate(row.title, toWidth: max(0, noteX - rect.x - 3)),
        at: Position(x: rect.x + 2, y: rect.y), style: Theme.title.patched(onto: base),
        clippedTo: rect)
      frame.buffer.set(
        string: note, at: Position(x: noteX, y: rect.y),
        style: Theme.secondary.patched(onto: base), clippedTo: rect)
      frame.hits.add(rect, .genreRow(index))
    }
    if rows.count > area.height {
      Scrollbar(content: rows.count, viewport: area.height, offset: first, style: Theme.border)
        .render(in: area.inset(right: -1), buffer: &frame.buffer)
    }
  }

  // MARK: Charts

  private static func charts(
    _ level: GenreChartsLevel, genres: GenresState, state: AppState, in area: Rect,
    frame: inout Frame
  ) {
    let name = DisplayText.clean(level.genre.name) ?? String(level.genre.id)
    guard !level.rows.isEmpty else {
      MessagePanel([
        .init("Apple lists no charts for \(name).", style: Theme.secondary),
        .init("Esc goes back to the genres.", style: Theme.secondary),
      ]).render(in: area, buffer: &frame.buffer)
      return
    }
    let rowHeight = HomeView.rowHeight
    let visibleRows = max(1, (area.height + 1) / rowHeight)
    let first = HomeView.firstRow(focused: level.focusedRow, visibleRows: visibleRows)
    var y = area.y
    for index in level.rows.indices.dropFirst(first) {
      guard y < area.bottom else { break }
      let row = level.rows[index]
      let focused = index == level.focusedRow
      HomeView.heading(
        "\(row.chart.title) · \(name)", items: row.items, skipped: row.skipped,
        country: genres.country, focused: focused
      ).render(in: Rect(x: area.x, y: y, width: area.width, height: 1), buffer: &frame.buffer)
      let tiles = Rect(x: area.x, y: y + 1, width: area.width, height: TileView.height)
        .intersection(area)
      if let error = row.items.error, row.items.value?.isEmpty != false {
        MessagePanel(
          failure(error, what: row.chart.title).prefix(1)
            + [.init("Press r to retry.", style: Theme.secondary)], centeredVertically: false
        ).render(in: tiles, buffer: &frame.buffer)
      } else {
        HomeView.body(
          state, title: row.chart.title, items: row.items, selection: row.selection,
          showSelection: focused, in: tiles, buffer: &frame.buffer, hits: &frame.hits,
          artwork: &frame.metrics.artwork, hit: { .genreTile(row: index, index: $0) })
      }
      y += rowHeight
    }
    if level.rows.count > visibleRows {
      Scrollbar(
        content: level.rows.count * rowHeight, viewport: area.height, offset: first * rowHeight,
        style: Theme.border
      ).render(in: area.inset(right: -1), buffer: &frame.buffer)
    }
  }
}
