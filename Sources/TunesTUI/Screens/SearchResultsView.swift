import ITunesCatalog
import TerminalUI
import TunesFeatures

/// The results area of the search screen in each of its states.
enum SearchResultsView {
  /// Draws the results area; returns how many lines the grid was given (the store keeps the
  /// selection in view with it).
  static func render(
    _ state: AppState, in area: Rect, buffer: inout Buffer, hits: inout HitMap,
    artwork: inout [ArtworkNeed], visibleArtwork: inout Int
  ) -> Int {
    let search = state.search
    let term = DisplayText.clean(search.submitted?.term ?? search.query) ?? ""
    switch search.results {
    case .idle where state.showsHome:
      return HomeView.render(state, in: area, buffer: &buffer, hits: &hits, artwork: &artwork)
    case .idle:
      if let cancelled = DisplayText.clean(search.cancelledTerm) {
        MessagePanel(Self.cancelled(cancelled)).render(in: area, buffer: &buffer)
        return area.height
      }
      MessagePanel(state.isDemo ? demoWelcome : welcome).render(in: area, buffer: &buffer)
      return area.height
    case .loading(let previous?) where !previous.isEmpty:
      let banner = "\(Spinner(tick: state.spinnerTick).frame) Searching for “\(term)”… Esc cancels"
      let offset = grid(
        state, items: previous, dimmed: true, in: area.inset(top: 1), buffer: &buffer, hits: &hits,
        artwork: &artwork, visibleArtwork: &visibleArtwork)
      MessagePanel([.init(banner, style: Theme.secondary)])
        .render(in: area.row(0), buffer: &buffer)
      return offset
    case .loading:
      MessagePanel([
        .init(
          "\(Spinner(tick: state.spinnerTick).frame) Searching for “\(term)”… Esc cancels",
          style: Theme.secondary)
      ]
      )
      .render(in: area, buffer: &buffer)
      return area.height
    case .loaded(let items) where items.isEmpty:
      MessagePanel(empty(term: term, filters: state.filters)).render(in: area, buffer: &buffer)
      return area.height
    case .loaded(let items):
      return grid(
        state, items: items, dimmed: false, in: area, buffer: &buffer, hits: &hits,
        artwork: &artwork, visibleArtwork: &visibleArtwork)
    case .failed(let error, let previous):
      let lines = failure(error, search: search, offersDemo: state.demoAvailable)
      guard let previous, !previous.isEmpty else {
        MessagePanel(lines).render(in: area, buffer: &buffer)
        return area.height
      }
      var labelled = lines
      if let earlier = DisplayText.clean(search.shownTerm) {
        labelled.append(
          .init("Below: the earlier results for “\(earlier)”.", style: Theme.secondary))
      }
      let panel = MessagePanel(labelled)
      let top = min(area.height, panel.height(width: area.width) + 1)
      panel.render(
        in: Rect(x: area.x, y: area.y, width: area.width, height: top - 1), buffer: &buffer)
      return grid(
        state, items: previous, dimmed: true, in: area.inset(top: top), buffer: &buffer,
        hits: &hits, artwork: &artwork, visibleArtwork: &visibleArtwork)
    }
  }

  private static let welcome: [MessagePanel.Line] = [
    .init("Search Apple's catalogue", style: Theme.title),
    .init(""),
    .init("Songs, albums, artists, movies, podcasts, apps and books.", style: Theme.secondary),
    .init("Type a few words and press Enter; ? lists every key.", style: Theme.secondary),
  ]

  private static let demoWelcome: [MessagePanel.Line] = [
    .init("Search the demo catalogue", style: Theme.title),
    .init(""),
    .init(
      "Made-up songs, albums, artists, movies, TV, podcasts, books and apps, served on this "
        + "machine.", style: Theme.secondary),
    .init("Try golden, castell, harbour, 星 or ночи; ? lists every key.", style: Theme.secondary),
  ]

  /// A search Esc stopped before it was answered: nothing was found, nothing is counted.
  static func cancelled(_ term: String) -> [MessagePanel.Line] {
    [
      .init("Search for “\(term)” cancelled", style: Theme.title),
      .init(""),
      .init("Enter runs it again; ? lists every key.", style: Theme.secondary),
    ]
  }

  static func empty(term: String, filters: SearchFilters) -> [MessagePanel.Line] {
    var panel = filters
    panel.country = nil
    let hint =
      panel.isDefault
      ? "Check the spelling or try fewer words; f narrows or widens the search."
      : "Check the spelling, try fewer words, or loosen the filters with f (\(filters.panelSummary))."
    return [
      .init("No results for “\(term)”", style: Theme.title),
      .init(""),
      .init(hint, style: Theme.secondary),
    ]
  }

  static func failure(_ error: FeatureError, search: SearchState, offersDemo: Bool = false)
    -> [MessagePanel.Line]
  {
    let title = DisplayText.clean(error.title) ?? "The search failed."
    if error.isRateLimited {
      // The search that waits now: the one typed meanwhile, else the one throttled.
      let waiting = DisplayText.clean(search.waitingSearch?.term).map { "“\($0)”" } ?? "The search"
      let wait =
        search.rateLimitSecondsLeft.map {
          "\(waiting) runs when the wait ends, in \(FactText.countdown(seconds: Double($0)))."
        } ?? "You may try again now: press r."
      return [
        .init("⏳ " + title, style: Style.plain.fg(Theme.star).bold),
        .init(wait, style: Theme.secondary),
      ]
    }
    if error.isUnreachable, offersDemo {
      return [
        .init("✗ tunes cannot reach Apple: " + title, style: Theme.errorTitle),
        .init(DisplayText.clean(error.suggestion) ?? "", style: Theme.secondary),
        .init(""),
        .init(
          "d switches to the built-in demo catalogue for this session · r retries",
          style: Theme.key),
      ]
    }
    return [
      .init("✗ " + title, style: Theme.errorTitle),
      .init(DisplayText.clean(error.suggestion) ?? "", style: Theme.secondary),
      .init(""),
      .init("r retries · f changes the filters", style: Theme.secondary),
    ]
  }

  /// Draws the tiles (and headings) visible in `area` from the state's scroll offset; returns
  /// the lines the grid was given.
  static func grid(
    _ state: AppState, items: [CatalogItem], dimmed: Bool, in area: Rect, buffer: inout Buffer,
    hits: inout HitMap, artwork: inout [ArtworkNeed], visibleArtwork: inout Int
  ) -> Int {
    let search = state.search
    guard !area.isEmpty else { return 0 }
    let footer = footerText(search, count: items.count)
    let layout = ResultsLayout(
      items: items, grouped: search.grouped, columns: state.columns, footer: footer != nil)
    let contentHeight = layout.height
    let offset = ScrollState.clampedOffset(
      search.resultsOffset, content: contentHeight, viewport: area.height)
    let showSelection = search.focus == .results
    // The next screenful's artwork is fetched after the visible tiles'.
    var upcoming: [ArtworkNeed] = []
    defer { artwork.append(contentsOf: upcoming) }
    for (line, entry) in layout.entries {
      let y = area.y + line - offset
      if case .tiles(let row) = entry, y >= area.bottom, y < area.bottom + area.height {
        let columns = Self.columns(
          state.columns, in: Rect(x: area.x, y: y, width: area.width, height: TileView.height))
        for (column, index) in zip(columns, row) {
          let art = TileView.artworkArea(in: column)
          if let need = TileArtworkCache.need(
            state.artwork, for: items[index], columns: art.width, rows: art.height)
          {
            upcoming.append(need)
          }
        }
        continue
      }
      switch entry {
      case .heading(let title, let count):
        guard y >= area.y, y < area.bottom else { continue }
        SectionHeading(title, note: String(count))
          .render(in: Rect(x: area.x, y: y, width: area.width, height: 1), buffer: &buffer)
      case .tiles(let row):
        guard y + TileView.height > area.y, y < area.bottom else { continue }
        let columns = Self.columns(
          state.columns, in: Rect(x: area.x, y: y, width: area.width, height: TileView.height))
        for (column, index) in zip(columns, row) {
          let visible = column.intersection(area)
          guard !visible.isEmpty else { continue }
          let art = TileView.artworkArea(in: column)
          let need = TileArtworkCache.need(
            state.artwork, for: items[index], columns: art.width, rows: art.height)
          // A tile cut by the view shows the visible part of its picture too.
          if let need {
            artwork.append(need)
            visibleArtwork += 1
          }
          let view = TileView(
            item: items[index], isSelected: showSelection && index == search.selection,
            isFavorite: state.favoriteIDs.contains(items[index].id), isDimmed: dimmed,
            artwork: state.artwork.readyKey(need),
            playing: state.playback.mark(for: items[index].id))
          if visible == column {
            // Wholly inside the area: drawn in place (a tile writes only inside its rect).
            view.render(in: column, buffer: &buffer)
          } else {
            var tile = Buffer(width: column.width, height: column.height)
            view.render(in: tile.area, buffer: &tile)
            buffer.draw(tile, at: Position(x: column.x, y: column.y), clippedTo: area)
          }
          hits.add(visible, .tile(index))
        }
      }
    }
    if let footer {
      let y = area.y + layout.height - 1 - offset
      if y >= area.y, y < area.bottom {
        // One line: cut with an ellipsis rather than wrapped out of sight.
        MessagePanel([
          .init(truncate(footer, toWidth: max(1, area.width - 8)), style: Theme.secondary)
        ])
        .render(in: Rect(x: area.x, y: y, width: area.width, height: 1), buffer: &buffer)
      }
    }
    Scrollbar(
      content: contentHeight, viewport: area.height, offset: offset, style: Theme.border
    ).render(in: area.inset(right: -1), buffer: &buffer)
    return area.height
  }

  /// The rectangle of each tile of a row, side by side in `area`.
  static func columns(_ count: Int, in area: Rect) -> [Rect] {
    Layout.horizontal(
      Array(repeating: Constraint.fill(1), count: max(1, count)), spacing: SearchLayout.columnGap
    ).split(area)
  }

  private static func footerText(_ search: SearchState, count: Int) -> String? {
    if search.reachedMaximum {
      return "\(count) results: 200 is the most Apple returns. Narrow the search to see others."
    }
    if search.isLoadingMore { return "Loading more…" }
    if let error = search.loadMoreError {
      return "✗ Could not load more · r tries again · \(DisplayText.clean(error.title) ?? "")"
    }
    if search.canLoadMore { return "↓ at the end loads more" }
    if search.allLoaded { return "That is all: \(FactText.count(count, "result"))." }
    return nil
  }
}
