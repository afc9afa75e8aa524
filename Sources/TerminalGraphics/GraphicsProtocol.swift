/// How images reach the terminal.
package enum GraphicsProtocol: String, Sendable, CaseIterable, Equatable {
  /// The kitty graphics protocol: images transmitted once, placed and deleted by id.
  case kitty
  /// iTerm2's inline images (`OSC 1337 ; File=…`), also understood by WezTerm and others.
  case iterm
  /// DEC sixel graphics.
  case sixel
  /// Coloured block and border symbols in ordinary cells: works in every terminal.
  case symbols
  /// No artwork: the placeholders stay.
  case none

  /// Whether images are drawn as pixels over cells (not as text in cells).
  package var drawsPixels: Bool {
    switch self {
    case .kitty, .iterm, .sixel: return true
    case .symbols, .none: return false
    }
  }
}

/// The size of one cell in pixels.
package struct CellPixels: Sendable, Equatable {
  /// Pixels across one cell.
  package var width: Int
  /// Pixels down one cell.
  package var height: Int

  /// Creates a cell size.
  package init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// What most terminals use at their default font size, when the terminal does not say.
  package static let fallback = CellPixels(width: 10, height: 20)
}
