import TerminalUI
import TunesFeatures

/// The whole screen as a pure function of the state: `render(state) -> Frame`.
package enum AppScreen {
  /// Draws the top screen and any overlay at the viewport's size.
  ///
  /// Pure: the same state always gives the same frame. What the screen measured (visible
  /// sizes) comes back in `frame.metrics`; the program loop reports it to the store when it
  /// changed, and nothing is written back into the state.
  package static func render(_ state: AppState) -> Frame {
    let width = max(1, state.viewport.columns)
    let height = max(1, state.viewport.rows)
    var frame = Frame(
      buffer: Buffer(width: width, height: height), cursor: .hidden, hits: HitMap(),
      metrics: state.metrics)
    // Each frame lists the artwork it wants afresh.
    frame.metrics.artwork = []
    frame.metrics.visibleArtwork = 0
    if state.playback.holdsTerminal {
      // mpv draws the video over the whole screen: the app's frame is blank (the program loop
      // writes nothing until the screen comes back).
      return frame
    }
    switch state.stack.last {
    case nil:
      SearchScreen.render(state, into: &frame)
    case .detail(let detail)?:
      DetailScreen.render(detail, state: state, into: &frame)
    case .favorites(let favorites)?:
      FavoritesScreen.render(favorites, state: state, into: &frame)
    case .genres(let genres)?:
      GenresView.render(genres, state: state, into: &frame)
    }
    // The header's "♪ tunes" goes home from any screen.
    frame.hits.add(HeaderBar.logoRect(in: frame.buffer.area), .logo)
    switch state.overlay {
    case nil:
      break
    case .help?:
      frame.hits.removeAll()
      frame.cursor = .hidden
      dim(&frame.buffer)
      frame.metrics.helpMaximumScroll = HelpOverlay(
        scroll: state.helpScroll, focus: KeyFocus.screen(of: state)
      ).render(
        in: frame.buffer.area, buffer: &frame.buffer)
    case .filters(let panel)?:
      frame.hits.removeAll()
      frame.cursor = .hidden
      dim(&frame.buffer)
      FiltersOverlayView.render(
        panel, in: frame.buffer.area, buffer: &frame.buffer, hits: &frame.hits)
    case .settings(let panel)?:
      frame.hits.removeAll()
      frame.cursor = .hidden
      dim(&frame.buffer)
      SettingsOverlayView.render(panel, in: frame.buffer.area, buffer: &frame.buffer)
    }
    return frame
  }

  private static func dim(_ buffer: inout Buffer) {
    buffer.apply(Style.plain.dim, to: buffer.area)
  }
}
