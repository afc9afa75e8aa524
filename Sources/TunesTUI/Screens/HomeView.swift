import ITunesCatalog
import TerminalUI
import TunesFeatures

/// The home screen's rows: one chart a row, a heading and a sideways-scrolling row of tiles
/// (the search results' `TileView`), each row with its own loading, error and empty state.
///
/// ```
/// Top Songs                                                       US · 25
/// ▌▒▒▒▒ Song              ▒▒▒▒ Song              ▒▒▒▒ Song
/// ```
enum HomeView {
  /// Lines one row takes: the heading, the tiles, one blank line.
  static let rowHeight = 1 + TileView.height + 1
  /// The narrowest tile on a row.
  static let minimumTileWidth = 26
  /// The most tiles shown side by side.
  static let maximumTiles = 5

  /// Tiles side by side in `width` cells.
  static func tilesPerRow(width: Int) -> Int {
    max(1, min(maximumTiles, (width + 2) / (minimumTileWidth + 2)))
  }

  /// The first tile drawn so that `selection` is in view (the row scrolls only as far as it
  /// must: the selection sits at the right edge once it passes it).
  static func firstTile(selection: Int, visible: Int) -> Int {
    max(0, selection - visible + 1)
  }

  /// The first row drawn so that the focused row is in view.
  static func firstRow(focused: Int, visibleRows: Int) -> Int {
    max(0, focused - max(1, visibleRows) + 1)
  }

  /// Draws the rows; returns the lines used.
  static func render(
    _ state: AppState, in area: Rect, buffer: inout Buffer, hits: inout HitMap,
    artwork: inout [ArtworkNeed]
  ) -> Int {
    guard !area.isEmpty else { return 0 }
    // The Changes row stays at the top; the charts scroll under it.
    let changes = ChangesRow.render(state, in: area, buffer: &buffer, hits: &hits)
    let area = Rect(
      x: area.x, y: area.y + changes, width: area.width, height: max(0, area.height - changes))
    guard !area.isEmpty else { return changes }
    let home = state.home
    if let failure = home.sharedFailure {
      return banner(failure, state, in: area, buffer: &buffer, hits: &hits)
    }
    let visibleRows = max(1, (area.height + 1) / rowHeight)
    let first = firstRow(focused: home.focusedRow, visibleRows: visibleRows)
    let focused = state.search.focus == .results && state.watch.selection == nil
    var y = area.y
    for index in home.rows.indices.dropFirst(first) {
      guard y < area.bottom else { break }
      let row = home.rows[index]
      heading(
        row.chart.title, items: row.items, skipped: row.skipped, country: home.country,
        focused: focused && index == home.focusedRow
      )
      .render(in: Rect(x: area.x, y: y, width: area.width, height: 1), buffer: &buffer)
      let tiles = Rect(x: area.x, y: y + 1, width: area.width, height: TileView.height)
        .intersection(area)
      body(
        state, title: row.chart.title, items: row.items, selection: row.selection,
        showSelection: focused && index == home.focusedRow, in: tiles, buffer: &buffer,
        hits: &hits, artwork: &artwork, hit: { .homeTile(row: index, index: $0) })
      y += rowHeight
    }
    if y < area.bottom {
      GenresRow.render(
        selection: home.genreSelection, focused: focused && home.isOnGenres,
        in: Rect(x: area.x, y: y, width: area.width, height: area.bottom - y), buffer: &buffer,
        hits: &hits)
    }
    Scrollbar(
      content: home.rows.count * rowHeight + GenresRow.height, viewport: area.height,
      offset: first * rowHeight, style: Theme.border
    ).render(in: area.inset(right: -1), buffer: &buffer)
    return area.height + changes
  }

  /// Every row failed the same way (offline, say): one banner instead of the same error on
  /// each row, with the keys that help (`r`, and `d` for the demo when Apple cannot be
  /// reached), then the genres row.
  static func banner(
    _ failure: FeatureError, _ state: AppState, in area: Rect, buffer: inout Buffer,
    hits: inout HitMap
  ) -> Int {
    let title = DisplayText.clean(failure.title) ?? "The charts could not be loaded."
    let offersDemo = state.demoAvailable && failure.isUnreachable
    var lines: [MessagePanel.Line] = [
      .init(
        (failure.isUnreachable
          ? "✗ tunes cannot reach Apple: " : "✗ The charts could not be loaded: ")
          + title, style: Theme.errorTitle)
    ]
    if let advice = DisplayText.clean(failure.suggestion), !failure.isRateLimited {
      lines.append(.init(advice, style: Theme.secondary))
    }
    lines.append(.init(""))
    // The keys work in the rows: from the search box, Tab goes there first.
    let keys =
      offersDemo
      ? "r retries · d switches to the built-in demo catalogue for this session" : "r retries"
    lines.append(
      .init(state.search.focus == .query ? "Tab, then " + keys : keys, style: Theme.key))
    let panel = MessagePanel(lines)
    let genresTop = max(area.y, area.bottom - GenresRow.height)
    let bannerArea = Rect(x: area.x, y: area.y, width: area.width, height: genresTop - area.y)
    panel.render(in: bannerArea.isEmpty ? area : bannerArea, buffer: &buffer)
    if !bannerArea.isEmpty {
      GenresRow.render(
        selection: state.home.genreSelection,
        focused: state.search.focus == .results && state.home.isOnGenres,
        in: Rect(x: area.x, y: genresTop, width: area.width, height: area.bottom - genresTop),
        buffer: &buffer, hits: &hits)
    }
    return area.height
  }

  /// A chart row's heading: its title (▸ when focused), the storefront, the count, what was
  /// left out. The genres screen's chart rows use it too.
  static func heading(
    _ title: String, items: Loadable<[CatalogItem]>, skipped: Int, country: String?,
    focused: Bool
  ) -> SectionHeading {
    var note: [String] = []
    if let country { note.append(country.uppercased()) }
    if let count = items.loadedValue?.count, count > 0 { note.append(String(count)) }
    if skipped > 0 { note.append("\(skipped) unreadable left out") }
    return SectionHeading(focused ? "▸ " + title : title, note: note.joined(separator: " · "))
  }

  /// A chart row's tiles, or its loading, empty or error line; `hit` names a tile's click
  /// target by its index. The genres screen's chart rows use it too.
  static func body(
    _ state: AppState, title: String, items loadable: Loadable<[CatalogItem]>, selection: Int,
    showSelection: Bool, in area: Rect, buffer: inout Buffer, hits: inout HitMap,
    artwork: inout [ArtworkNeed], hit: (Int) -> HitTarget
  ) {
    guard !area.isEmpty else { return }
    let spinner = Spinner(tick: state.spinnerTick).frame
    switch loadable {
    case .idle:
      MessagePanel([.init("Not loaded yet.", style: Theme.secondary)], centeredVertically: false)
        .render(in: area, buffer: &buffer)
    case .loading(let previous?) where !previous.isEmpty:
      tiles(
        state, previous, selection: selection, dimmed: true, showSelection: showSelection,
        in: area, buffer: &buffer, hits: &hits, artwork: &artwork, hit: hit)
    case .loading:
      MessagePanel(
        [.init("\(spinner) Loading \(title)…", style: Theme.secondary)],
        centeredVertically: false
      )
      .render(in: area, buffer: &buffer)
    case .loaded(let items) where items.isEmpty:
      MessagePanel(
        [
          .init(
            "Apple's \(title) chart has no entries for this storefront.",
            style: Theme.secondary)
        ], centeredVertically: false
      ).render(in: area, buffer: &buffer)
    case .loaded(let items):
      tiles(
        state, items, selection: selection, dimmed: false, showSelection: showSelection,
        in: area, buffer: &buffer, hits: &hits, artwork: &artwork, hit: hit)
    case .failed(let error, _):
      // The row's whole width: a short error never wraps at half of it.
      MessagePanel(
        [
          .init(
            "✗ \(title) could not be loaded: \(DisplayText.clean(error.title) ?? "it failed.")",
            style: Theme.errorTitle),
          .init("r retries the rows that failed", style: Theme.secondary),
        ], centeredVertically: false, maximumWidth: .max
      ).render(in: area, buffer: &buffer)
    }
  }

  private static func tiles(
    _ state: AppState, _ items: [CatalogItem], selection: Int, dimmed: Bool,
    showSelection: Bool, in area: Rect, buffer: inout Buffer, hits: inout HitMap,
    artwork: inout [ArtworkNeed], hit: (Int) -> HitTarget
  ) {
    let visible = tilesPerRow(width: area.width)
    let first = firstTile(selection: selection, visible: visible)
    let columns = SearchResultsView.columns(visible, in: area)
    for (column, item) in zip(columns, items.indices.dropFirst(first)) {
      // Artwork as on the search grid: asked for when the tile is wholly in view.
      let art = TileView.artworkArea(in: column)
      let need = TileArtworkCache.need(
        state.artwork, for: items[item], columns: art.width, rows: art.height)
      if let need, column.intersection(area) == column { artwork.append(need) }
      let view = TileView(
        item: items[item], isSelected: showSelection && item == selection,
        isFavorite: state.favoriteIDs.contains(items[item].id), isDimmed: dimmed,
        artwork: state.artwork.readyKey(need), playing: state.playback.mark(for: items[item].id))
      view.render(in: column, buffer: &buffer)
      hits.add(column, hit(item))
    }
    // More entries on either side are marked at the row's edges.
    if first > 0 {
      buffer.set(
        string: "‹", at: Position(x: area.x, y: area.y + area.height / 2), style: Theme.secondary,
        clippedTo: area)
    }
    if first + visible < items.count {
      buffer.set(
        string: "›", at: Position(x: area.right - 1, y: area.y + area.height / 2),
        style: Theme.secondary, clippedTo: area)
    }
  }
}
