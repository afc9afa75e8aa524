import TerminalUI

/// One rendered frame: the cells, where the cursor goes, what can be clicked, and the scroll
/// positions the program loop keeps for the next frame.
public struct Frame: Sendable, Equatable {
  /// The cells.
  public var buffer: Buffer
  /// The terminal cursor (shown in the query box while it has focus).
  public var cursor: CursorPlacement
  /// Clickable areas.
  public var hits: HitMap
  /// The results' first shown line after keeping the selection visible.
  public var resultsOffset: Int
  /// The favourites list's first shown row.
  public var favoritesOffset: Int
  /// How far the detail document can scroll (0 when it fits).
  public var detailMaximumScroll: Int
  /// The detail document's scroll as drawn (the state's, clamped).
  public var detailScroll: Int
  /// Rows of the detail document shown at once.
  public var detailViewport: Int = 0
  /// The document lines of the author's works row, when there is one.
  public var detailWorks: Range<Int>?

  /// The detail scroll that shows the author's works, moving as little as possible; `nil`
  /// when they are already in view or there are none.
  public var scrollShowingWorks: Int? {
    guard let works = detailWorks, detailViewport > 0 else { return nil }
    var state = ScrollState(offset: detailScroll)
    state.scrollToShow(
      works.upperBound - 1, content: detailMaximumScroll + detailViewport, viewport: detailViewport)
    state.scrollToShow(
      works.lowerBound, content: detailMaximumScroll + detailViewport, viewport: detailViewport)
    return state.offset == detailScroll ? nil : state.offset
  }
}
