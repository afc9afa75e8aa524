import Foundation
import ITunesCatalog
import TerminalUI

/// Text helpers for the screens: sanitizing network strings and formatting numbers without
/// the process locale, so rendering never depends on LANG or LC_ALL.
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

  /// An integer with thousands separators: `12,345`.
  package static func grouped(_ value: Int) -> String {
    let digits = String(abs(value))
    var out = ""
    for (i, c) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return value < 0 ? "-" + out : out
  }

  /// A count with a unit, singular or plural: `1 track`, `12 tracks`.
  package static func count(_ value: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(grouped(value)) \(value == 1 ? singular : (plural ?? singular + "s"))"
  }

  /// A byte size: `812 KB`, `123.4 MB`, `1.2 GB`.
  package static func bytes(_ value: Int64) -> String {
    let v = Double(value)
    if v < 1_000 { return "\(value) B" }
    if v < 1_000_000 { return String(format: "%.0f KB", v / 1_000) }
    if v < 1_000_000_000 { return String(format: "%.1f MB", v / 1_000_000) }
    return String(format: "%.1f GB", v / 1_000_000_000)
  }

  /// A user rating: `4.5 ★` plus the count when known: `4.5 ★ (12,345 ratings)`.
  package static func rating(_ average: Double?, count: Int?) -> String? {
    guard let average, average.isFinite else { return nil }
    let text = String(format: "%.1f ★", max(0, min(5, average)))
    guard let count else { return text }
    return "\(text) (\(DisplayText.count(count, "rating")))"
  }

  /// A timestamp for "stale from": `2026-11-28 14:05` (UTC), independent of the locale.
  package static func timestamp(_ date: Date) -> String {
    let iso = ISODate.string(from: date)
    return "\(iso.prefix(10)) \(iso.dropFirst(11).prefix(5))"
  }

  /// `m:ss` style countdown of whole seconds, rounded up: `0:42`.
  package static func countdown(seconds: Double) -> String {
    let total = max(0, Int(seconds.rounded(.up)))
    let s = total % 60
    return "\(total / 60):\(s < 10 ? "0" : "")\(s)"
  }
}
