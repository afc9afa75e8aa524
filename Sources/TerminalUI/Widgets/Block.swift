/// A box: optional borders, a title in the top border, and a background.
public struct Block: Widget, Sendable {
  /// Which sides get a border.
  public struct Borders: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates borders from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The top side.
    public static let top = Borders(rawValue: 1)
    /// The right side.
    public static let right = Borders(rawValue: 2)
    /// The bottom side.
    public static let bottom = Borders(rawValue: 4)
    /// The left side.
    public static let left = Borders(rawValue: 8)
    /// All four sides.
    public static let all: Borders = [.top, .right, .bottom, .left]
  }

  /// The line-drawing characters used.
  public enum BorderType: Sendable, Hashable {
    /// `┌─┐│└┘`
    case plain
    /// `╭─╮│╰╯`
    case rounded
    /// `╔═╗║╚╝`
    case double
    /// `┏━┓┃┗┛`
    case thick

    /// top-left, top-right, bottom-left, bottom-right, horizontal, vertical.
    var symbols: (String, String, String, String, String, String) {
      switch self {
      case .plain: return ("┌", "┐", "└", "┘", "─", "│")
      case .rounded: return ("╭", "╮", "╰", "╯", "─", "│")
      case .double: return ("╔", "╗", "╚", "╝", "═", "║")
      case .thick: return ("┏", "┓", "┗", "┛", "━", "┃")
      }
    }
  }

  /// Sides with a border.
  public var borders: Borders
  /// Line style.
  public var borderType: BorderType
  /// Style of the border lines.
  public var borderStyle: Style
  /// Title drawn into the top border (sanitized and truncated to fit), or `nil`.
  public var title: String?
  /// Style of the title.
  public var titleStyle: Style
  /// Style of the whole area (its background is filled).
  public var style: Style

  /// Creates a block; by default all borders, plain lines, no title.
  public init(
    borders: Borders = .all, borderType: BorderType = .plain, borderStyle: Style = .plain,
    title: String? = nil, titleStyle: Style = .plain, style: Style = .plain
  ) {
    self.borders = borders
    self.borderType = borderType
    self.borderStyle = borderStyle
    self.title = title
    self.titleStyle = titleStyle
    self.style = style
  }

  /// The area inside the borders.
  public func inner(_ area: Rect) -> Rect {
    area.inset(
      top: borders.contains(.top) ? 1 : 0, right: borders.contains(.right) ? 1 : 0,
      bottom: borders.contains(.bottom) ? 1 : 0, left: borders.contains(.left) ? 1 : 0)
  }

  /// Fills the area with the block's style, then draws borders and title.
  public func render(in area: Rect, buffer: inout Buffer) {
    let area = area.intersection(buffer.area)
    guard !area.isEmpty else { return }
    buffer.clear(area, style: style)
    let (tl, tr, bl, br, h, v) = borderType.symbols
    let line = borderStyle.patched(onto: style)
    let last = area.right - 1
    let bottom = area.bottom - 1
    if borders.contains(.top) {
      for x in area.x..<area.right {
        buffer.set(Cell(symbol: h, style: line, rawWidth: 1), x: x, y: area.y)
      }
    }
    if borders.contains(.bottom) {
      for x in area.x..<area.right {
        buffer.set(Cell(symbol: h, style: line, rawWidth: 1), x: x, y: bottom)
      }
    }
    if borders.contains(.left) {
      for y in area.y..<area.bottom {
        buffer.set(Cell(symbol: v, style: line, rawWidth: 1), x: area.x, y: y)
      }
    }
    if borders.contains(.right) {
      for y in area.y..<area.bottom {
        buffer.set(Cell(symbol: v, style: line, rawWidth: 1), x: last, y: y)
      }
    }
    if borders.isSuperset(of: [.top, .left]) {
      buffer.set(Cell(symbol: tl, style: line, rawWidth: 1), x: area.x, y: area.y)
    }
    if borders.isSuperset(of: [.top, .right]) {
      buffer.set(Cell(symbol: tr, style: line, rawWidth: 1), x: last, y: area.y)
    }
    if borders.isSuperset(of: [.bottom, .left]) {
      buffer.set(Cell(symbol: bl, style: line, rawWidth: 1), x: area.x, y: bottom)
    }
    if borders.isSuperset(of: [.bottom, .right]) {
      buffer.set(Cell(symbol: br, style: line, rawWidth: 1), x: last, y: bottom)
    }
    if let title, borders.contains(.top) {
      let left = area.x + (borders.contains(.left) ? 1 : 0)
      let right = area.right - (borders.contains(.right) ? 1 : 0)
      let room = right - left - 2
      guard room > 0 else { return }
      let text = " " + truncate(sanitize(title), toWidth: room) + " "
      buffer.set(
        string: text, at: Position(x: left, y: area.y), style: titleStyle.patched(onto: line),
        clippedTo: Rect(x: left, y: area.y, width: right - left, height: 1))
    }
  }
}
