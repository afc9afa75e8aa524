import CChafa
import Glibc
import TerminalUI

/// One chafa canvas: the image drawn at a number of cells, read back as cells (symbols) or as
/// the terminal's bytes (sixel, iTerm2). chafa is the encoder for those three; kitty is
/// written by hand (see ``KittyGraphics``) because placements need ids.
struct ChafaCanvas {
  enum Mode {
    case symbols(ColorDepth)
    case sixel
    case iterm
  }

  /// Each canvas is drawn on the one thread that asks (set before the first). chafa otherwise
  /// spreads every canvas over a pool of threads of its own, one a core, at the process's
  /// priority: the image layer's encodings run on threads niced below the UI thread, and
  /// chafa's pool took the processor from the UI thread all the same. The callers' threads are
  /// the parallelism. (Here, not at start-up: libchafa loads on first use.)
  private static let oneThreadEach: Void = chafa_set_n_threads(1)

  /// Draws `image` on a canvas of `columns`×`rows` cells and returns what `read` makes of it;
  /// `nil` when chafa could not make the canvas.
  static func with<T>(
    _ image: RGBAImage, columns: Int, rows: Int, cell: CellPixels, mode: Mode,
    _ read: (OpaquePointer) -> T
  ) -> T? {
    _ = oneThreadEach
    guard let config = chafa_canvas_config_new() else { return nil }
    defer { chafa_canvas_config_unref(config) }
    chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
    chafa_canvas_config_set_cell_geometry(config, Int32(cell.width), Int32(cell.height))
    var symbolMap: OpaquePointer?
    switch mode {
    case .symbols(let depth):
      chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SYMBOLS)
      chafa_canvas_config_set_canvas_mode(config, canvasMode(depth))
      guard let map = chafa_symbol_map_new() else { return nil }
      chafa_symbol_map_add_by_tags(
        map,
        ChafaSymbolTags(
          CHAFA_SYMBOL_TAG_BLOCK.rawValue | CHAFA_SYMBOL_TAG_BORDER.rawValue
            | CHAFA_SYMBOL_TAG_SPACE.rawValue))
      // Every symbol must take one cell, and need no reverse video.
      chafa_symbol_map_remove_by_tags(
        map,
        ChafaSymbolTags(
          CHAFA_SYMBOL_TAG_WIDE.rawValue | CHAFA_SYMBOL_TAG_AMBIGUOUS.rawValue
            | CHAFA_SYMBOL_TAG_INVERTED.rawValue))
      chafa_canvas_config_set_symbol_map(config, map)
      symbolMap = map
    case .sixel:
      chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SIXELS)
      chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
    case .iterm:
      chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_ITERM2)
      chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
    }
    defer { if let symbolMap { chafa_symbol_map_unref(symbolMap) } }
    guard let canvas = chafa_canvas_new(config) else { return nil }
    defer { chafa_canvas_unref(canvas) }
    image.pixels.withUnsafeBufferPointer { pixels in
      chafa_canvas_draw_all_pixels(
        canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress, Int32(image.width),
        Int32(image.height), Int32(image.width * 4))
    }
    return read(canvas)
  }

  private static func canvasMode(_ depth: ColorDepth) -> ChafaCanvasMode {
    switch depth {
    case .truecolor: return CHAFA_CANVAS_MODE_TRUECOLOR
    case .ansi256: return CHAFA_CANVAS_MODE_INDEXED_240
    case .ansi16, .none: return CHAFA_CANVAS_MODE_INDEXED_16
    }
  }

  /// The terminal description chafa prints sixel or iTerm2 sequences for: a terminal known to
  /// have them (chafa leaves out what the description lacks).
  static func termInfo(for mode: Mode) -> OpaquePointer? {
    let variables: [String]
    switch mode {
    case .sixel: variables = ["TERM=mlterm"]
    case .iterm: variables = ["TERM=xterm-256color", "TERM_PROGRAM=iTerm.app"]
    case .symbols: variables = ["TERM=xterm-256color", "COLORTERM=truecolor"]
    }
    var envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
    defer { for pointer in envp { free(pointer) } }
    let db = chafa_term_db_get_default()
    return envp.withUnsafeMutableBufferPointer { chafa_term_db_detect(db, $0.baseAddress) }
  }

  /// What chafa prints for the canvas.
  static func print(_ canvas: OpaquePointer, mode: Mode) -> [UInt8] {
    guard let info = termInfo(for: mode) else { return [] }
    defer { chafa_term_info_unref(info) }
    guard let string = chafa_canvas_print(canvas, info) else { return [] }
    defer { g_string_free(string, 1) }
    let length = Int(string.pointee.len)
    guard length > 0, let text = string.pointee.str else { return [] }
    return text.withMemoryRebound(to: UInt8.self, capacity: length) {
      Array(UnsafeBufferPointer(start: $0, count: length))
    }
  }
}
