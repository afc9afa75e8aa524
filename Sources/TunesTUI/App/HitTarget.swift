import TerminalUI

/// What a mouse click can land on.
public enum HitTarget: Sendable, Hashable {
  /// The query box.
  case queryBox
  /// A suggestion under the query box, by index.
  case suggestion(Int)
  /// A result tile, by index into the results.
  case tile(Int)
  /// A row of the favourites list, by index.
  case favorite(Int)
  /// One of the author's works on a detail screen, by index.
  case work(Int)
  /// A field of the filters panel.
  case filtersField(Int)
}

/// The clickable areas of a frame, topmost last.
public struct HitMap: Sendable, Equatable {
  /// Rectangles and their targets, in drawing order.
  public private(set) var regions: [(rect: Rect, target: HitTarget)] = []

  /// An empty map.
  public init() {}

  /// Adds a region drawn above the earlier ones.
  public mutating func add(_ rect: Rect, _ target: HitTarget) {
    if !rect.isEmpty { regions.append((rect, target)) }
  }

  /// Removes every region (an overlay covers the screen).
  public mutating func removeAll() { regions.removeAll() }

  /// The topmost target under a cell, if any.
  public func target(at position: Position) -> HitTarget? {
    regions.last { $0.rect.contains(column: position.x, row: position.y) }?.target
  }

  /// Two maps are equal when they hold the same regions in the same order.
  public static func == (lhs: HitMap, rhs: HitMap) -> Bool {
    lhs.regions.elementsEqual(rhs.regions) { $0.rect == $1.rect && $0.target == $1.target }
  }
}

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
