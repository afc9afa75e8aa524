import Foundation
import ITunesCatalog
import TerminalUI

/// The CLI's output formats.
enum OutputFormat: String, CaseIterable {
  case table, json, ndjson, csv, tsv

  static var names: [String] { allCases.map(\.rawValue) }
}

/// Writes catalogue items in each output format.
struct ItemFormatter {
  /// Terminal width to cut tables to; `nil` = no cut (piped without COLUMNS).
  var width: Int?
  /// Whether to colour the table.
  var color: Bool

  func format(_ items: [CatalogItem], as format: OutputFormat) -> [UInt8] {
    switch format {
    case .json:
      var out: [UInt8] = [UInt8(ascii: "[")]
      for (index, item) in items.enumerated() {
        out.append(contentsOf: index == 0 ? [0x0A] : [UInt8(ascii: ","), 0x0A])
        JSONWriter.write(item.jsonValue, into: &out)
      }
      out.append(contentsOf: items.isEmpty ? Array("]\n".utf8) : Array("\n]\n".utf8))
      return out
    case .ndjson:
      var out: [UInt8] = []
      out.reserveCapacity(items.count * 1024)
      for item in items {
        JSONWriter.write(item.jsonValue, into: &out)
        out.append(0x0A)
      }
      return out
    case .csv, .tsv:
      return Array(delimited(items, separator: format == .csv ? "," : "\t").utf8)
    case .table:
      return Array(table(items).utf8)
    }
  }

  // MARK: CSV / TSV

  static let delimitedColumns = [
    "id", "kind", "title", "author", "collection", "price", "currency", "durationMillis",
    "releaseDate", "genre", "explicit", "storeURL", "previewURL", "artworkURL",
  ]

  func delimited(_ items: [CatalogItem], separator: Character) -> String {
    var rows = [Self.delimitedColumns]
    for item in items {
      let fields: [String?] = [
        String(item.id), item.kind.rawValue, item.title, item.author, item.collection,
        item.price.map { "\($0)" }, item.currency, item.durationMillis.map(String.init),
        item.releaseDate.map(ISODate.string(from:)), item.genre, item.isExplicit.map(String.init),
        item.storeURLText, item.previewURLText, item.artworkURL(size: 600)?.absoluteString,
      ]
      rows.append(fields.map { sanitize($0 ?? "") })
    }
    return separator == "," ? DelimitedText.csv(rows) : DelimitedText.tsv(rows)
  }

  // MARK: Table

  struct Column: Sendable {
    var title: String
    var flexible: Bool
    var rightAligned: Bool
    var value: @Sendable (CatalogItem) -> String?
  }

  static let columns: [Column] = [
    Column(title: "KIND", flexible: false, rightAligned: false) { $0.kind.displayName },
    Column(title: "TITLE", flexible: true, rightAligned: false) { $0.title },
    Column(title: "AUTHOR", flexible: true, rightAligned: false) { $0.author },
    Column(title: "COLLECTION", flexible: true, rightAligned: false) { $0.collection },
    Column(title: "TIME", flexible: false, rightAligned: true) { $0.formattedDuration },
    Column(title: "PRICE", flexible: false, rightAligned: true) { $0.formattedPrice },
    Column(title: "YEAR", flexible: false, rightAligned: true) { $0.releaseYear.map(String.init) },
    Column(title: "ID", flexible: false, rightAligned: true) { String($0.id) },
  ]

  func table(_ items: [CatalogItem]) -> String {
    let rows = items.map { item in Self.columns.map { sanitize($0.value(item) ?? "") } }
    // Drop columns that are empty for every row (e.g. TIME for apps).
    var kept = Self.columns.indices.filter { column in rows.contains { !$0[column].isEmpty } }
    var widths = kept.map { column in
      rows.reduce(displayWidth(of: Self.columns[column].title)) {
        max($0, displayWidth(of: $1[column]))
      }
    }
    if let width { fit(&widths, kept: &kept, into: width) }
    var lines: [String] = []
    let header = zip(kept, widths).map { column, width in
      cell(Self.columns[column].title, width: width, right: Self.columns[column].rightAligned)
    }.joined(separator: "  ")
    lines.append(color ? "\u{1B}[1m" + trimTrailing(header) + "\u{1B}[0m" : trimTrailing(header))
    for row in rows {
      let line = zip(kept, widths).map { column, width in
        cell(row[column], width: width, right: Self.columns[column].rightAligned)
      }.joined(separator: "  ")
      lines.append(trimTrailing(line))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Columns given up, in this order, when shrinking is not enough: the ID (what `lookup` and
  /// `favorites add` need) and the title are never dropped.
  static let dropOrder = ["COLLECTION", "YEAR", "TIME", "PRICE", "AUTHOR", "KIND"]

  private func fit(_ widths: inout [Int], kept: inout [Int], into total: Int) {
    func excess() -> Int { widths.reduce(0, +) + 2 * max(0, widths.count - 1) - total }
    // Shrink the widest flexible column first, one cell at a time, down to 8 cells.
    while excess() > 0 {
      let flexible = widths.indices.filter { Self.columns[kept[$0]].flexible && widths[$0] > 8 }
      guard let widest = flexible.max(by: { widths[$0] < widths[$1] }) else { break }
      widths[widest] -= 1
    }
    // Then drop the least needed columns whole.
    for title in Self.dropOrder where excess() > 0 {
      guard let position = kept.firstIndex(where: { Self.columns[$0].title == title }) else {
        continue
      }
      kept.remove(at: position)
      widths.remove(at: position)
    }
    // Last, the title gives way down to 4 cells.
    if let title = kept.firstIndex(where: { Self.columns[$0].title == "TITLE" }) {
      widths[title] = max(4, widths[title] - max(0, excess()))
    }
  }

  private func cell(_ text: String, width: Int, right: Bool) -> String {
    let cut = displayWidth(of: text) > width ? truncate(text, toWidth: width) : text
    return pad(cut, toWidth: width, alignment: right ? .right : .left)
  }

  private func trimTrailing(_ line: String) -> String {
    var line = line
    if let width, displayWidth(of: line) > width { line = truncate(line, toWidth: width) }
    while line.last == " " { line.removeLast() }
    return line
  }
}
