import Foundation
import ITunesCatalog

/// The one set of locale-independent formatters for what the app and its screens show:
/// numbers, counts, ratings, sizes, prices, days, times. Rendering never depends on LANG or
/// LC_ALL. (Cleaning network text for the terminal is `DisplayText`'s job in the TUI.)
public enum FactText {
  /// `1234567` → `1,234,567`.
  public static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (offset, character) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
      out.append(character)
    }
    return value < 0 ? "-" + out : out
  }

  /// `★ 4.5 (1,234)`, or `★ 4.5` without a count; `nil` without a rating, and when nobody
  /// rated (Apple sends `0` and a count of `0` for an unrated item: never `★ 0.0 (0)`).
  public static func rating(_ average: Double?, count: Int?) -> String? {
    guard let average, average > 0, count.map({ $0 > 0 }) ?? true else { return nil }
    let stars = "★ " + String(format: "%.1f", average)
    guard let count else { return stars }
    return stars + " (\(grouped(count)))"
  }

  /// `2008-05-02` (UTC).
  public static func day(_ date: Date?) -> String? {
    date.map { String(ISODate.string(from: $0).prefix(10)) }
  }

  /// `12 tracks`, `1 track`; `nil` without a value.
  public static func count(_ value: Int?, _ singular: String, _ plural: String) -> String? {
    guard let value else { return nil }
    return "\(grouped(value)) \(value == 1 ? singular : plural)"
  }

  /// `12 results`, `1 result`, `1,204 genres` (the plural is `singular + "s"` unless given).
  public static func count(_ value: Int, _ singular: String, plural: String? = nil) -> String {
    "\(grouped(value)) \(value == 1 ? singular : (plural ?? singular + "s"))"
  }

  /// A timestamp for "stale from": `2026-11-28 14:05` (UTC).
  public static func timestamp(_ date: Date) -> String {
    let iso = ISODate.string(from: date)
    return "\(iso.prefix(10)) \(iso.dropFirst(11).prefix(5))"
  }

  /// A countdown of whole seconds, rounded up: `0:42`.
  public static func countdown(seconds: Double) -> String {
    let total = max(0, Int(seconds.rounded(.up)))
    let s = total % 60
    return "\(total / 60):\(s < 10 ? "0" : "")\(s)"
  }

  /// A byte count as `512 KB`, `12.3 MB`, `1.2 GB` (decimal units).
  public static func bytes(_ value: Int64?) -> String? {
    guard let value, value >= 0 else { return nil }
    let units: [(Double, String)] = [(1e9, "GB"), (1e6, "MB"), (1e3, "KB")]
    for (size, name) in units where Double(value) >= size {
      return String(format: "%.1f", Double(value) / size) + " " + name
    }
    return "\(value) bytes"
  }

  /// A price the way `CatalogItem.formattedPrice` writes it.
  public static func price(_ value: Decimal?, currency: String?) -> String? {
    value.map { PriceText.format($0, currency: currency) }
  }

  /// `3 of 12`, `3`, or `nil`.
  public static func position(_ number: Int?, of total: Int?) -> String? {
    guard let number else { return nil }
    guard let total else { return String(number) }
    return "\(number) of \(total)"
  }

  /// Non-empty text, or `nil`.
  static func text(_ value: String?) -> String? {
    guard let value else { return nil }
    let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? nil : trimmed
  }
}
