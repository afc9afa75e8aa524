import CChafa
import TerminalUI

/// Images as coloured block and border symbols in ordinary cells (chafa picks the symbol and
/// the two colours of each cell). The result is a buffer, so the text renderer draws it like
/// anything else: no leftovers, works in every terminal and inside tmux.
package enum SymbolArt {
  /// `image` drawn into `columns`×`rows` cells in colours of `depth`.
  package static func render(
    _ image: RGBAImage, columns: Int, rows: Int, cell: CellPixels, depth: ColorDepth
  ) -> Buffer {
    var buffer = Buffer(width: columns, height: rows)
    guard columns > 0, rows > 0 else { return buffer }
    // Without a canvas (chafa could not make one) the cells stay blank.
    _ = ChafaCanvas.with(image, columns: columns, rows: rows, cell: cell, mode: .symbols(depth)) {
      canvas in
      for y in 0..<rows {
        for x in 0..<columns {
          let code = chafa_canvas_get_char_at(canvas, Int32(x), Int32(y))
          var fg: Int32 = -1
          var bg: Int32 = -1
          chafa_canvas_get_raw_colors_at(canvas, Int32(x), Int32(y), &fg, &bg)
          let symbol = Unicode.Scalar(code).map { String(Character($0)) } ?? " "
          let style = Style.plain.fg(color(fg, depth)).bg(color(bg, depth))
          buffer.set(Cell(symbol, style: style, width: 1), x: x, y: y)
        }
      }
    }
    return buffer
  }

  /// chafa's raw colour for a cell: packed RGB in truecolor, a palette index otherwise; -1
  /// (or the transparent index, 256) for none.
  static func color(_ value: Int32, _ depth: ColorDepth) -> Color {
    guard value >= 0 else { return .default }
    if depth != .truecolor, value >= 256 { return .default }
    switch depth {
    case .truecolor:
      return .rgb(UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff))
    case .ansi256:
      return .indexed(UInt8(value & 0xff))
    case .ansi16, .none:
      return .ansi(UInt8(value & 0x0f))
    }
  }
}
