/// A scroll position over content taller than its viewport, with the clamping rules every
/// scrolling widget shares.
public struct ScrollState: Sendable, Hashable {
  /// The first line (or row) shown.
  public var offset: Int

  /// Creates a state.
  public init(offset: Int = 0) {
    self.offset = offset
  }

  /// The largest useful offset: content that fits scrolls nowhere.
  public static func maximumOffset(content: Int, viewport: Int) -> Int {
    max(0, content - max(0, viewport))
  }

  /// `offset` limited to `0...maximumOffset`.
  public static func clampedOffset(_ offset: Int, content: Int, viewport: Int) -> Int {
    max(0, min(offset, maximumOffset(content: content, viewport: viewport)))
  }

  /// Scrolls by `delta` lines (negative is up), clamped.
  public mutating func scroll(by delta: Int, content: Int, viewport: Int) {
    offset = Self.clampedOffset(offset + delta, content: content, viewport: viewport)
  }

  /// Scrolls one page down (the viewport less one line of overlap).
  public mutating func pageDown(content: Int, viewport: Int) {
    scroll(by: max(1, viewport - 1), content: content, viewport: viewport)
  }

  /// Scrolls one page up.
  public mutating func pageUp(content: Int, viewport: Int) {
    scroll(by: -max(1, viewport - 1), content: content, viewport: viewport)
  }

  /// Scrolls the least amount that brings `line` into view.
  public mutating func scrollToShow(_ line: Int, content: Int, viewport: Int) {
    if line < offset { offset = line }
    if viewport > 0 && line >= offset + viewport { offset = line - viewport + 1 }
    offset = Self.clampedOffset(offset, content: content, viewport: viewport)
  }

  /// Whether there is content above the viewport.
  public var canScrollUp: Bool { offset > 0 }

  /// Whether there is content below the viewport.
  public func canScrollDown(content: Int, viewport: Int) -> Bool {
    offset < Self.maximumOffset(content: content, viewport: viewport)
  }
}
