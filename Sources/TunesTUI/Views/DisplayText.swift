import Foundation
import ITunesCatalog
import TerminalUI

/// Network text made safe for the screen: sanitized to one line or a paragraph, trimmed, `nil`
/// when nothing is left. Numbers, counts and times are formatted by `FactText`, the one set.
package enum DisplayText {
  /// `text` sanitized to one line and trimmed; `nil` when nothing is left (so a missing fact
  /// is never drawn as an empty label).
  package static func clean(_ text: String?) -> String? {
    guard let text else { return nil }
    let safe = trimmedSpaces(sanitize(text))
    return safe.isEmpty ? nil : safe
  }

  /// `text` without the white space at its ends that Foundation's `.whitespaces` names (its
  /// list: tab, space, no-break space, U+1680, U+2000–U+200B, U+202F, U+205F, U+3000), without
  /// bridging to `NSString`: every row of a list is cleaned on every frame, and the bridge was a
  /// sixth of drawing the favourites screen.
  static func trimmedSpaces(_ text: String) -> String {
    func isSpace(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar.value {
      case 0x20, 0x09, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
      default: return false
      }
    }
    let scalars = text.unicodeScalars
    guard let first = scalars.first, let last = scalars.last, isSpace(first) || isSpace(last)
    else { return text }
    var start = scalars.startIndex
    var end = scalars.endIndex
    while start < end, isSpace(scalars[start]) { start = scalars.index(after: start) }
    while end > start, isSpace(scalars[scalars.index(before: end)]) {
      end = scalars.index(before: end)
    }
    return String(scalars[start..<end])
  }

  /// `text` sanitized as a paragraph (line breaks kept), trimmed; `nil` when empty.
  package static func paragraph(_ text: String?) -> String? {
    guard let text else { return nil }
    let safe = sanitizeParagraph(text).trimmingCharacters(in: .whitespacesAndNewlines)
    return safe.isEmpty ? nil : safe
  }
}
