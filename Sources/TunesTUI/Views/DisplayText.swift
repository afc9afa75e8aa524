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
    let safe = sanitize(text).trimmingCharacters(in: .whitespaces)
    return safe.isEmpty ? nil : safe
  }

  /// `text` sanitized as a paragraph (line breaks kept), trimmed; `nil` when empty.
  package static func paragraph(_ text: String?) -> String? {
    guard let text else { return nil }
    let safe = sanitizeParagraph(text).trimmingCharacters(in: .whitespacesAndNewlines)
    return safe.isEmpty ? nil : safe
  }
}
