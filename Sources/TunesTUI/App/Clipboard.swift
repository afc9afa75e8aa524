import Foundation

/// The terminal's clipboard through OSC 52: `ESC ] 52 ; c ; <base64> BEL`. Terminals that take
/// it (kitty, foot, WezTerm, iTerm2, xterm with `allowWindowOps`, tmux with `set-clipboard`)
/// put the text on the system clipboard; others ignore the sequence.
enum Clipboard {
  /// The sequence that copies `text` (its control characters removed first, so a link can
  /// never end the sequence early).
  static func osc52(_ text: String) -> [UInt8] {
    let clean = String(
      String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
    let encoded = Data(clean.utf8).base64EncodedString()
    return Array("\u{1B}]52;c;\(encoded)\u{07}".utf8)
  }
}
