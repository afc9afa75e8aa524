/// Shows a window of a taller pre-drawn buffer, with a scrollbar in the last column when the
/// content does not fit.
///
/// Draw long content (e.g. a detail page) once into a buffer as wide as the viewport less
/// one column, then show it at any offset without redrawing it.
public struct ScrollView: Widget, Sendable {
  /// The whole content.
  public var content: Buffer
  /// The first content row shown (clamped when drawing).
  public var offset: Int
  /// Style of the scrollbar.
  public var scrollbarStyle: Style

  /// Creates a scroll view.
  public init(content: Buffer, offset: Int, scrollbarStyle: Style = .plain) {
    self.content = content
    self.offset = offset
    self.scrollbarStyle = scrollbarStyle
  }

  /// The offset actually used for a viewport of `height` rows.
  public func clampedOffset(height: Int) -> Int {
    ScrollState.clampedOffset(offset, content: content.height, viewport: height)
  }

  /// Clears `area`, draws the visible content rows and, when needed, the scrollbar.
  public func render(in area: Rect, buffer: inout Buffer) {
    let area = area.intersection(buffer.area)
    guard !area.isEmpty else { return }
    buffer.clear(area)
    let first = clampedOffset(height: area.height)
    let needsBar = content.height > area.height
    let viewport = needsBar ? area.inset(right: 1) : area
    buffer.draw(content, at: Position(x: viewport.x, y: viewport.y - first), clippedTo: viewport)
    if needsBar {
      Scrollbar(
        content: content.height, viewport: area.height, offset: first, style: scrollbarStyle
      ).render(in: area, buffer: &buffer)
    }
  }
}
