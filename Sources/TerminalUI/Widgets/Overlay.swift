/// A centred box drawn over the screen (help, filters): clears what is beneath (images under
/// it are removed whole), draws a
/// bordered block with a title, and tells the caller where to draw the content.
public struct Overlay: Sendable {
  /// Wanted outer width, clamped to the screen.
  public var width: Int
  /// Wanted outer height, clamped to the screen.
  public var height: Int
  /// The box: borders, title, styles.
  public var block: Block

  /// Creates an overlay with a rounded border and the given title.
  public init(title: String?, width: Int, height: Int, style: Style = .plain) {
    self.width = width
    self.height = height
    self.block = Block(borderType: .rounded, title: title, titleStyle: .plain.bold, style: style)
  }

  /// The outer rectangle within `screen`.
  public func area(in screen: Rect) -> Rect {
    screen.centered(width: width, height: height)
  }

  /// Clears the box, draws the border and title, and returns the inner content area.
  @discardableResult
  public func render(in screen: Rect, buffer: inout Buffer) -> Rect {
    let outer = area(in: screen)
    buffer.removeImages(intersecting: outer)
    block.render(in: outer, buffer: &buffer)
    return block.inner(outer)
  }
}
