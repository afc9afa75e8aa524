import Foundation
import ITunesCatalog
import TerminalUI
import TunesStorage

/// The rows of `tunes favorites list` as a table, from the columns SQLite keeps (no JSON is
/// read): the same cells `ItemFormatter` gives an item, sanitized, in its column order.
///
/// Kinds and prices repeat across a library, so each distinct one is formatted once.
struct FavoritesTable {
  private var kinds: [String: String] = [:]
  private var prices: [String: String] = [:]
  /// The last kind named, for runs of the same kind.
  private var lastKind: (raw: String, name: String)?
  /// The last price formatted, for runs of the same price (no key to build).
  private var lastPrice: (text: String, currency: String?, formatted: String)?

  /// The cells of every favourite, row after row (for `TableText.render(cells:)`).
  mutating func cells(_ summaries: [FavoriteSummary]) -> [String] {
    var cells: [String] = []
    cells.reserveCapacity(summaries.count * ItemFormatter.columns.count)
    for summary in summaries { append(summary, to: &cells) }
    return cells
  }

  /// One favourite's cells.
  mutating func row(_ summary: FavoriteSummary) -> [String] {
    var cells: [String] = []
    append(summary, to: &cells)
    return cells
  }

  private mutating func append(_ summary: FavoriteSummary, to cells: inout [String]) {
    cells.append(kind(summary.kind))
    cells.append(sanitize(summary.title))
    cells.append(summary.author.map(sanitize) ?? "")
    cells.append(summary.collection.map(sanitize) ?? "")
    cells.append(
      summary.durationMillis.map { DurationText.format(milliseconds: Int(clamping: $0)) } ?? "")
    cells.append(price(summary))
    cells.append(summary.releaseDate.flatMap(Self.year).map(String.init) ?? "")
    cells.append(String(summary.id))
  }

  private mutating func kind(_ raw: String) -> String {
    if let last = lastKind, last.raw == raw { return last.name }
    defer { lastKind = (raw, kinds[raw] ?? "") }
    if let known = kinds[raw] { return known }
    let name = sanitize(ItemKind(rawValue: raw).displayName)
    kinds[raw] = name
    return name
  }

  /// Apple's own price text, else the price formatted as `CatalogItem.formattedPrice` does.
  private mutating func price(_ summary: FavoriteSummary) -> String {
    if let formatted = summary.formattedPrice { return sanitize(formatted) }
    guard let text = summary.price else { return "" }
    if let last = lastPrice, last.text == text, last.currency == summary.currency {
      return last.formatted
    }
    let formatted = formattedPrice(text, currency: summary.currency)
    lastPrice = (text, summary.currency, formatted)
    return formatted
  }

  private mutating func formattedPrice(_ text: String, currency: String?) -> String {
    let summary = (price: text, currency: currency)
    let key = text + "\u{0}" + (summary.currency ?? "")
    if let known = prices[key] { return known }
    let formatted = Decimal(string: text).map {
      sanitize(PriceText.format($0, currency: summary.currency))
    }
    prices[key] = formatted ?? ""
    return formatted ?? ""
  }

  /// The year of an ISO 8601 date, in UTC (as `CatalogItem.releaseYear`).
  static func year(_ text: String) -> Int? {
    if let year = text.utf8.withContiguousStorageIfAvailable(utcYear), let year { return year }
    guard let date = ISODate.parse(text) else { return nil }
    var item = CatalogItem(id: 0, kind: .song, title: "")
    item.releaseDate = date
    return item.releaseYear
  }

  /// The year of `YYYY-MM-DDTHH:MM:SSZ` with every field in range (what tunes writes); `nil`
  /// for anything else, which `ISODate` then reads.
  private static func utcYear(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54,
      bytes[13] == 0x3A, bytes[16] == 0x3A, bytes[19] == 0x5A
    else { return nil }
    func number(_ start: Int, _ count: Int) -> Int? {
      var value = 0
      for byte in bytes[start..<start + count] {
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard let year = number(0, 4), let month = number(5, 2), (1...12).contains(month),
      let day = number(8, 2), (1...31).contains(day), let hour = number(11, 2), hour < 24,
      let minute = number(14, 2), minute < 60, let second = number(17, 2), second < 60
    else { return nil }
    return year
  }
}
