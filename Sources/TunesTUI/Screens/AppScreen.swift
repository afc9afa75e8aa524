import TerminalUI
import TunesFeatures

/// The whole screen as a pure function of the state: `render(state) -> Frame`.
public enum AppScreen {
  /// Draws the top screen and any overlay at the viewport's size.
  ///
  /// Pure: the same state always gives the same frame. Scroll offsets that must survive to
  /// the next frame come back in the frame for the program loop to store.
  public static func render(_ state: TUIState) -> Frame {
    let width = max(1, state.app.viewport.columns)
    let height = max(1, state.app.viewport.rows)
    var frame = Frame(
      buffer: Buffer(width: width, height: height), cursor: .hidden, hits: HitMap(),
      resultsOffset: state.resultsOffset, favoritesOffset: state.favoritesOffset,
      detailMaximumScroll: 0, detailScroll: 0)
    switch state.app.stack.last {
    case nil:
      SearchScreen.render(state, into: &frame)
    case .detail(let detail)?:
      DetailScreen.render(detail, state: state, into: &frame)
    case .favorites(let favorites)?:
      FavoritesScreen.render(favorites, state: state, into: &frame)
    }
    switch state.app.overlay {
    case nil:
      break
    case .help?:
      frame.hits.removeAll()
      frame.cursor = .hidden
      dim(&frame.buffer)
      HelpOverlay().render(in: frame.buffer.area, buffer: &frame.buffer)
    case .filters(let panel)?:
      frame.hits.removeAll()
      frame.cursor = .hidden
      dim(&frame.buffer)
      FiltersOverlayView.render(
        panel, in: frame.buffer.area, buffer: &frame.buffer, hits: &frame.hits)
    }
    return frame
  }

  private static func dim(_ buffer: inout Buffer) {
    buffer.apply(Style.plain.dim, to: buffer.area)
  }
}
