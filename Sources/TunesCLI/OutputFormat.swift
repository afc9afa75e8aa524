import Foundation
import ITunesCatalog
import TerminalUI

/// The CLI's output formats.
enum OutputFormat: String, CaseIterable {
  case table, json, ndjson, csv, tsv
  /// An M3U8 playlist of what tunes plays for each item (search, lookup, favourites export).
  case m3u8

  static var names: [String] { allCases.map(\.rawValue) }
}

/// Writes catalogue items in each output format.
struct ItemFormatter {
  /// Terminal width to cut tables to; `nil` = no cut (piped without COLUMNS).
  var width: Int?
  /// Whether to colour the table.
  var color: Bool
  /// The URL an M3U8 entry plays: the item's whole episode or preview, moved where
  /// `TUNES_MEDIA_BASE` says (``CLIContext/mediaURL``).
  var mediaURL: @Sendable (CatalogItem) -> URL? = { $0.playableURL }

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
      return table(items)
    case .m3u8:
      return Array(M3U8.playlist(items, url: mediaURL).utf8)
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

  func table(_ items: [CatalogItem]) -> [UInt8] {
    tableText.render(items.map { item in Self.columns.map { sanitize($0.value(item) ?? "") } })
  }

  /// The layout of the item table, for rows in `columns` order.
  var tableText: TableText {
    TableText(
      columns: Self.columns.map {
        TableText.Column(title: $0.title, flexible: $0.flexible, rightAligned: $0.rightAligned)
      }, dropOrder: Self.dropOrder, width: width, color: color)
  }

  /// Columns given up, in this order, when shrinking is not enough: the ID (what `lookup` and
  /// `favorites add` need) and the title are never dropped.
  static let dropOrder = ["COLLECTION", "YEAR", "TIME", "PRICE", "AUTHOR", "KIND"]
}
