import Playback

extension TerminalVideo {
  /// The mpv properties set before the file loads: the output and the area it covers (mpv
  /// started with `--no-terminal` cannot ask the terminal for its size).
  var properties: [(String, IPCArgument)] {
    switch driver {
    case .tct:
      return [
        ("vo", "tct"), ("vo-tct-width", .integer(columns)), ("vo-tct-height", .integer(rows)),
      ]
    case .sixel:
      return [
        ("vo", "sixel"), ("vo-sixel-cols", .integer(columns)), ("vo-sixel-rows", .integer(rows)),
        ("vo-sixel-width", .integer(columns * cellWidth)),
        ("vo-sixel-height", .integer(rows * cellHeight)),
        ("vo-sixel-top", .integer(1)), ("vo-sixel-left", .integer(1)),
      ]
    }
  }
}
