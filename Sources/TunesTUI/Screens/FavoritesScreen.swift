import ITunesCatalog
import TerminalUI
import TunesFeatures

/// The favourites screen: one row per saved item, newest first.
enum FavoritesScreen {
  /// Draws the screen into `frame`.
  static func render(_ favorites: FavoritesState, state: AppState, into frame: inout Frame) {
    let area = frame.buffer.area
    let rows = Layout.vertical([.length(1), .length(1), .fill(1), .length(1)]).split(area)
    HeaderBar(
      state, crumbs: ["Favourites"], hints: KeyTable.hints(.header, state: state)
    ).render(in: rows[0], buffer: &frame.buffer)
    let content = rows[2].inset(horizontal: 1, vertical: 0)
    var right: [Span] = []
    switch favorites.items {
    case .idle, .loading(nil):
      MessagePanel([
        .init(
          "\(Spinner(tick: state.spinnerTick).frame) Reading favourites…", style: Theme.secondary)
      ])
      .render(in: content, buffer: &frame.buffer)
    case .failed(let error, nil):
      MessagePanel([
        .init(
          "✗ " + (DisplayText.clean(error.title) ?? "Could not read favourites."),
          style: Theme.errorTitle),
        .init(DisplayText.clean(error.suggestion) ?? "", style: Theme.secondary),
      ]).render(in: content, buffer: &frame.buffer)
    case .loaded(let items) where items.isEmpty:
      MessagePanel([
        .init("No favourites yet", style: Theme.title),
        .init(""),
        .init("Press * on a tile or a detail screen to keep it here.", style: Theme.secondary),
      ]).render(in: content, buffer: &frame.buffer)
    case .loading(let items?), .loaded(let items), .failed(_, let items?):
      list(
        items, selection: favorites.selection, offset: favorites.offset,
        playback: state.playback, in: content,
        buffer: &frame.buffer, hits: &frame.hits)
      right = [Span(FactText.count(items.count, "favourite") + " ", style: Theme.bar)]
    }
    frame.metrics.favoritesRows = content.height
    StatusBar.render(
      left: StatusBar.left(state), right: right, in: rows[3], buffer: &frame.buffer,
      showsLink: state.noticeLink != nil)
  }

  /// Draws the rows from the state's first row.
  private static func list(
    _ items: [CatalogItem], selection: Int, offset: Int, playback: PlaybackState, in area: Rect,
    buffer: inout Buffer, hits: inout HitMap
  ) {
    let scroll = ScrollState(
      offset: ScrollState.clampedOffset(offset, content: items.count, viewport: area.height))
    let kindWidth = 12
    for row in 0..<area.height {
      let index = scroll.offset + row
      guard index < items.count else { break }
      let item = items[index]
      let line = area.row(row)
      let selected = index == selection
      let base = selected ? Theme.selected : Style.plain
      buffer.clear(line, style: base)
      if selected {
        buffer.set(Cell("▌", style: base.fg(Theme.accent), width: 1), x: line.x, y: line.y)
      }
      ArtworkPlaceholder(id: item.id, kind: item.kind)
        .render(in: Rect(x: line.x + 2, y: line.y, width: 3, height: 1), buffer: &buffer)
      if let mark = playback.mark(for: item.id) {
        buffer.set(
          string: mark, at: Position(x: line.x + 5, y: line.y), style: base.fg(Theme.accent),
          clippedTo: line)
      }
      var x = line.x + 7
      x = buffer.set(
        string: pad(item.kind.displayName, toWidth: kindWidth), at: Position(x: x, y: line.y),
        style: Theme.badge(for: item.kind).patched(onto: base), clippedTo: line)
      // Columns: kind, title, author, each starting at the same place on every row.
      let title = DisplayText.clean(item.title) ?? "Untitled"
      let author = DisplayText.clean(item.author) ?? ""
      let room = max(0, line.right - x - 1)
      let titleWidth = author.isEmpty ? room : max(8, room * 3 / 5)
      buffer.set(
        string: truncate(title, toWidth: max(0, titleWidth - 2)), at: Position(x: x, y: line.y),
        style: Theme.title.patched(onto: base), clippedTo: line)
      buffer.set(
        string: truncate(author, toWidth: max(0, room - titleWidth)),
        at: Position(x: x + titleWidth, y: line.y), style: Theme.secondary.patched(onto: base),
        clippedTo: line)
      hits.add(line, .favorite(index))
    }
  }
}
