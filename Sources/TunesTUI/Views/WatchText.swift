import Foundation
import TunesFeatures

/// The words of keeping watch on screen: a change as one line, dates, prices, a history row, a
/// storefront's answer. Dates are written in UTC, so a screen is the same wherever it is drawn
/// (and says which zone it means).
enum WatchText {
  private static let formatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter
  }()

  private static let dayFormatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter
  }()

  /// `2026-12-02 09:40 UTC`.
  static func time(_ date: Date) -> String { formatter.string(from: date) + " UTC" }

  /// `2026-12-02 09:40` (where the zone is said nearby).
  static func shortTime(_ date: Date) -> String { formatter.string(from: date) }

  /// `2026-12-02`.
  static func day(_ date: Date) -> String { dayFormatter.string(from: date) }

  /// A price with its currency (`3.99 USD`), or `Free` for 0.
  static func price(_ value: String?, _ currency: String?) -> String? {
    guard let value = DisplayText.clean(value) else { return nil }
    if let number = Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")), number == 0 {
      return "Free"
    }
    return value + (DisplayText.clean(currency).map { " " + $0 } ?? "")
  }

  /// The name of a price field (`price` is the price; the others are named).
  static func field(_ name: String?) -> String {
    switch name {
    case "rentalPrice": return "rental price"
    case "hdPrice": return "HD price"
    case "hdRentalPrice": return "HD rental price"
    default: return "price"
    }
  }

  /// A change as one line: a mark, the title, what happened.
  static func line(_ entry: ChangeEntry) -> String {
    let title = DisplayText.clean(entry.title) ?? String(entry.itemID)
    let store = entry.country.uppercased()
    let old = DisplayText.clean(entry.old)
    let new = DisplayText.clean(entry.new)
    switch entry.kind {
    case .priceDown, .priceUp:
      let mark = entry.kind == .priceDown ? "▼" : "▲"
      let word = entry.kind == .priceDown ? "down" : "up"
      let values = [price(old, nil), price(new, entry.currency)].compactMap { $0 }
      return "\(mark) \(title): \(field(entry.field)) \(word) " + values.joined(separator: " → ")
    case .priceChanged:
      return "\(title): \(field(entry.field)) \(old ?? "none") → \(new ?? "none")"
    case .newVersion:
      return "★ \(title): version \(new ?? "?")" + (old.map { " (was \($0))" } ?? "")
    case .gone:
      return "✗ \(title): no longer sold in \(store)"
    case .back:
      return "✓ \(title): back in \(store)"
        + (price(new, entry.currency).map { " at " + $0 } ?? "")
    case .tracksAdded, .tracksRemoved:
      return "\(title): tracks \(old ?? "?") → \(new ?? "?")"
    case .renamed:
      return "\(new ?? title): renamed from \(old ?? "?")"
    case .newRelease:
      let by = DisplayText.clean(entry.notes).map { " by " + $0 } ?? ""
      return "♪ \(title): new \(kindWord(entry.itemKind))\(by)"
    }
  }

  /// What a release is, in a word.
  static func kindWord(_ kind: String) -> String {
    switch kind {
    case "album": return "album"
    case "song": return "song"
    case "software", "mac-software": return "app"
    case "podcast-episode": return "episode"
    case "music-video": return "video"
    default: return "release"
    }
  }

  /// A history row: when it was seen (first and last), and what was seen then
  /// (`version 2.1 · 3.99 USD`); the title only where it is not `title`, the page's.
  static func seen(_ state: SeenState, title: String?) -> (when: String, what: String) {
    let from = shortTime(state.from)
    let to = shortTime(state.to)
    let when = from == to ? from : "\(from) → \(to)"
    guard state.available else { return (when, "not sold") }
    var parts: [String] = []
    if let version = DisplayText.clean(state.version) { parts.append("version \(version)") }
    for name in state.prices.keys.sorted(by: { field($0) < field($1) }) {
      if let text = price(state.prices[name], state.currency) {
        parts.append(name == "price" ? text : "\(field(name)) \(text)")
      }
    }
    if let count = state.trackCount { parts.append("\(count) tracks") }
    if let seen = DisplayText.clean(state.title), seen != DisplayText.clean(title) {
      parts.append("as “\(seen)”")
    }
    return (when, parts.isEmpty ? "sold" : parts.joined(separator: " · "))
  }

  /// A storefront's answer: `GB  3.19 GBP · 12 tracks · as “Title”`, the title only where it
  /// is not `title`, the page's.
  static func storefront(_ answer: StorefrontAnswer, title: String?) -> String {
    let store = answer.country.uppercased()
    guard answer.available else { return "\(store)  not sold" }
    var parts = ["\(store)  " + (price(answer.price, answer.currency) ?? "sold")]
    if let count = answer.trackCount { parts.append("\(count) tracks") }
    if let sold = DisplayText.clean(answer.title), sold != DisplayText.clean(title) {
      parts.append("as “\(sold)”")
    }
    return parts.joined(separator: " · ")
  }
}
