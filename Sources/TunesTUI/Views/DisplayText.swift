import Foundation
import ITunesCatalog
import TerminalUI

/// Text helpers for the screens: sanitizing network strings and formatting numbers without
/// the process locale, so rendering never depends on LANG or LC_ALL.
public enum DisplayText {
  /// `text` sanitized to one line and trimmed; `nil` when nothing is left (so a missing fact
  /// is never drawn as an empty label).
  public static func clean(_ text: String?) -> String? {
    guard let text else { return nil }
    let safe = sanitize(text).trimmingCharacters(in: .whitespaces)
    return safe.isEmpty ? nil : safe
  }

  /// `text` sanitized as a paragraph (line breaks kept), trimmed; `nil` when empty.
  public static func paragraph(_ text: String?) -> String? {
    guard let text else { return nil }
    let safe = sanitizeParagraph(text).trimmingCharacters(in: .whitespacesAndNewlines)
    return safe.isEmpty ? nil : safe
  }

  /// An integer with thousands separators: `12,345`.
  public static func grouped(_ value: Int) -> String {
    let digits = String(abs(value))
    var out = ""
    for (i, c) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return value < 0 ? "-" + out : out
  }

  /// A count with a unit, singular or plural: `1 track`, `12 tracks`.
  public static func count(_ value: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(grouped(value)) \(value == 1 ? singular : (plural ?? singular + "s"))"
  }

  /// A byte size: `812 KB`, `123.4 MB`, `1.2 GB`.
  public static func bytes(_ value: Int64) -> String {
    let v = Double(value)
    if v < 1_000 { return "\(value) B" }
    if v < 1_000_000 { return String(format: "%.0f KB", v / 1_000) }
    if v < 1_000_000_000 { return String(format: "%.1f MB", v / 1_000_000) }
    return String(format: "%.1f GB", v / 1_000_000_000)
  }

  /// A user rating: `4.5 ★` plus the count when known: `4.5 ★ (12,345 ratings)`.
  public static func rating(_ average: Double?, count: Int?) -> String? {
    guard let average, average.isFinite else { return nil }
    let text = String(format: "%.1f ★", max(0, min(5, average)))
    guard let count else { return text }
    return "\(text) (\(DisplayText.count(count, "rating")))"
  }

  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// A date as `1 Mar 2005` (UTC), independent of the locale.
  public static func date(_ date: Date?) -> String? {
    guard let date else { return nil }
    let iso = ISODate.string(from: date)
    let parts = iso.prefix(10).split(separator: "-")
    guard parts.count == 3, let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month)
    else { return nil }
    return "\(day) \(months[month - 1]) \(parts[0])"
  }

  /// A short relative-free timestamp for "stale from": `28 Nov 2026 14:05` (UTC).
  public static func timestamp(_ date: Date) -> String {
    let iso = ISODate.string(from: date)
    let time = iso.dropFirst(11).prefix(5)
    return "\(Self.date(date) ?? String(iso.prefix(10))) \(time)"
  }

  /// `m:ss` style countdown of whole seconds, rounded up: `0:42`.
  public static func countdown(seconds: Double) -> String {
    let total = max(0, Int(seconds.rounded(.up)))
    let s = total % 60
    return "\(total / 60):\(s < 10 ? "0" : "")\(s)"
  }
}
