import ITunesCatalog
import TerminalUI
import TunesFeatures

/// The detail screen: header, the scrolling document, status bar.
enum DetailScreen {
  /// The drawing model for a detail state.
  static func model(_ detail: DetailState, app: AppState, spinner: String) -> DetailViewModel {
    var model = DetailViewModel(
      item: detail.item, details: content(detail.details),
      tracks: detail.tracks.flatMap(content),
      author: detail.author.flatMap(content),
      focusedWork: detail.focusedWork, isFavorite: app.favoriteIDs.contains(detail.item.id),
      spinner: spinner, scroll: detail.scroll,
      playback: app.playback.isPlaying(itemID: detail.item.id) ? app.playback : nil,
      playbackError: app.playback.failure(itemID: detail.item.id), artwork: app.artwork)
    model.notesExpanded = detail.notesExpanded
    model.screenshotStart = detail.screenshotStart
    model.selectedTrack = detail.selectedTrack
    model.player = app.playback
    model.seen = detail.seen
    model.storefronts = detail.storefronts
    model.storefrontCountry = app.storefrontCode
    return model
  }

  /// A block's `Loadable` as drawn: `nil` when nothing was asked for, `.loaded` whenever
  /// there is something to show (the previous value while reloading or after a failure).
  static func content<V: Sendable>(_ loadable: Loadable<V>) -> Loadable<V>? {
    switch loadable {
    case .idle: return nil
    case .loading(let previous): return previous.map { .loaded($0) } ?? .loading(previous: nil)
    case .loaded: return loadable
    case .failed(let error, let previous):
      return previous.map { .loaded($0) } ?? .failed(error, previous: nil)
    }
  }

  /// Draws the screen into `frame`.
  static func render(_ detail: DetailState, state: AppState, into frame: inout Frame) {
    let area = frame.buffer.area
    let rows = Layout.vertical([.length(1), .length(1), .fill(1), .length(1)]).split(area)
    var model = model(detail, app: state, spinner: Spinner(tick: state.spinnerTick).frame)
    // The way here, then the item's kind and title (an empty title reads "Untitled").
    var crumbs = state.crumbs
    if let last = crumbs.indices.last, DisplayText.clean(crumbs[last]) == nil {
      crumbs[last] = "Untitled"
    }
    HeaderBar(
      state, crumbs: crumbs,
      hints: KeyTable.hints(.header, state: state)
    ).render(in: rows[0], buffer: &frame.buffer)
    let content = rows[2].inset(right: 1, left: 2)
    model.viewportRows = content.height
    let document = DetailView(model: model).document(width: max(1, content.width - 1))
    let scroll = ScrollState.clampedOffset(
      detail.scroll, content: document.buffer.height, viewport: content.height)
    frame.metrics.detailViewport = content.height
    frame.metrics.detailContent = document.buffer.height
    frame.metrics.detailWorks = nil
    if let top = document.workRects.values.map(\.y).min(),
      let bottom = document.workRects.values.map(\.bottom).max()
    {
      frame.metrics.detailWorks = top..<bottom
    }
    frame.metrics.detailWorkLines = (0..<document.workRects.count).compactMap { index in
      document.workRects[index].map { $0.y..<$0.bottom }
    }
    frame.metrics.detailTrackLines = document.trackRects.map { $0.y..<$0.bottom }
    for (index, rect) in document.trackRects.enumerated() {
      let shown = Rect(
        x: rect.x + content.x, y: rect.y + content.y - scroll, width: rect.width,
        height: rect.height
      )
      .intersection(content)
      if !shown.isEmpty { frame.hits.add(shown, .track(index)) }
    }
    frame.buffer.draw(
      document.buffer, at: Position(x: content.x, y: content.y - scroll), clippedTo: content)
    if let need = document.artwork {
      frame.metrics.artwork.append(need)
      frame.metrics.visibleArtwork += 1
    }
    var laterArtwork: [ArtworkNeed] = []
    for (index, rect) in document.workRects.sorted(by: { $0.key < $1.key }) {
      let shown = Rect(
        x: rect.x + content.x, y: rect.y + content.y - scroll, width: rect.width,
        height: rect.height
      )
      .intersection(content)
      frame.hits.add(shown, .work(index))
      // The small tiles' artwork: the ones in view first, then the rest of the block.
      guard let need = document.workArtwork[index] else { continue }
      if shown.isEmpty {
        laterArtwork.append(need)
      } else {
        frame.metrics.artwork.append(need)
        frame.metrics.visibleArtwork += 1
      }
    }
    frame.metrics.detailScreenshotsShown = document.screenshotsShown
    if let rect = document.screenshotRect {
      let shown = Rect(
        x: rect.x + content.x, y: rect.y + content.y - scroll, width: rect.width,
        height: rect.height
      )
      .intersection(content)
      // The strip's page in view comes with the visible tiles; its next page, and the page
      // when scrolled away, after them.
      if shown.isEmpty {
        laterArtwork.append(contentsOf: document.screenshotArtwork)
      } else {
        frame.metrics.artwork.append(contentsOf: document.screenshotArtwork)
        frame.metrics.visibleArtwork += document.screenshotArtwork.count
      }
      laterArtwork.append(contentsOf: document.nextScreenshotArtwork)
    }
    frame.metrics.artwork.append(contentsOf: laterArtwork)
    Scrollbar(
      content: document.buffer.height, viewport: content.height, offset: scroll,
      style: Theme.border
    ).render(in: content, buffer: &frame.buffer)
    StatusBar.render(
      left: StatusBar.left(state), right: detailRight(state), in: rows[3],
      buffer: &frame.buffer, showsLink: state.noticeLink != nil)
  }

  /// The detail's key hints from the key table, most useful first.
  private static func detailRight(_ state: AppState) -> [Span] {
    var spans: [Span] = []
    for (key, action) in KeyTable.hints(.bar, state: state) {
      spans.append(Span(key, style: Theme.bar.bold))
      spans.append(Span(" \(action)  ", style: Theme.bar.fg(Theme.muted)))
    }
    return spans
  }
}
