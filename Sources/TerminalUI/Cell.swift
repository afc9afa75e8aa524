/// One terminal cell: a grapheme cluster, its style and its display width.
///
/// A wide (two-column) cluster occupies its own cell (width 2) and the next one, which holds
/// a *continuation* cell (width 0, empty symbol) that the renderer never writes.
public struct Cell: Sendable, Hashable {
  /// The grapheme cluster shown in the cell (`" "` for a blank cell, `""` for a
  /// continuation).
  public var symbol: String
  /// Colours and attributes.
  public var style: Style
  /// Display width: 1 or 2, or 0 for the continuation after a wide cluster.
  public var width: UInt8

  /// Creates a cell holding the first grapheme cluster of `symbol` (after control characters
  /// are removed; nothing left gives a space), so a cell can never carry an escape sequence
  /// or more than one cluster. The width is measured unless given.
  public init(_ symbol: String, style: Style = .plain, width: Int? = nil) {
    let symbol = sanitize(symbol).first.map { String($0) } ?? " "
    self.symbol = symbol
    self.style = style
    let w = width ?? displayWidth(of: symbol)
    self.width = UInt8(clamping: max(0, min(2, w)))
  }

  init(symbol: String, style: Style, rawWidth: UInt8) {
    self.symbol = symbol
    self.style = style
    self.width = rawWidth
  }

  /// A blank cell in the plain style.
  public static let blank = Cell(symbol: " ", style: .plain, rawWidth: 1)

  /// A blank cell in the given style (used to clear and fill).
  public static func blank(_ style: Style) -> Cell {
    Cell(symbol: " ", style: style, rawWidth: 1)
  }

  /// The continuation cell placed after a wide cluster.
  public static func continuation(_ style: Style = .plain) -> Cell {
    Cell(symbol: "", style: style, rawWidth: 0)
  }

  /// Whether this is the continuation half of a wide cluster.
  public var isContinuation: Bool { width == 0 }
}
