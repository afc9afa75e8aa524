/// A vertical scrollbar: a track with a thumb sized and placed by the visible fraction.
/// Draws nothing when all content fits.
public struct Scrollbar: Widget, Sendable {
  /// Total lines of content.
  public var content: Int
  /// Lines visible at once.
  public var viewport: Int
  /// The first visible line.
  public var offset: Int
  /// Style of the track and thumb.
  public var style: Style
  /// Track symbol.
  public var track: String
  /// Thumb symbol.
  public var thumb: String

  /// Creates a scrollbar.
  public init(
    content: Int, viewport: Int, offset: Int, style: Style = .plain, track: String = "│",
    thumb: String = "┃"
  ) {
    self.content = content
    self.viewport = viewport
    self.offset = offset
    self.style = style
    self.track = track
    self.thumb = thumb
  }

  /// The thumb's first row and height within a track of `length` rows.
  public func thumbRange(length: Int) -> Range<Int> {
    guard content > viewport, length > 0, content > 0 else { return 0..<0 }
    let size = max(1, min(length, length * viewport / content))
    let maxOffset = max(1, content - viewport)
    let clamped = max(0, min(offset, maxOffset))
    let start = (length - size) * clamped / maxOffset
    return start..<(start + size)
  }

  /// Draws the bar in the last column of `area`.
  public func render(in area: Rect, buffer: inout Buffer) {
    let area = area.intersection(buffer.area)
    guard !area.isEmpty, content > viewport else { return }
    let x = area.right - 1
    let thumbRows = thumbRange(length: area.height)
    let thumbCell = Cell(thumb, style: style, width: 1)
    let trackCell = Cell(track, style: style, width: 1)
    for row in 0..<area.height {
      buffer.set(thumbRows.contains(row) ? thumbCell : trackCell, x: x, y: area.y + row)
    }
  }
}
