import Foundation
import ITunesCatalog
import TerminalUI

/// Writes `tunes where` rows: one per item and storefront.
struct WhereOutput {
  /// Terminal width to cut the table to.
  var width: Int?
  /// Whether to colour the table's header.
  var color: Bool

  func format(_ rows: [WhereCommand.Answer], as format: OutputFormat) -> [UInt8] {
    switch format {
    case .json:
      var out: [UInt8] = [UInt8(ascii: "[")]
      for (index, row) in rows.enumerated() {
        out += index == 0 ? [0x0A] : [UInt8(ascii: ","), 0x0A]
        JSONWriter.write(json(row), into: &out)
      }
      out += Array((rows.isEmpty ? "]\n" : "\n]\n").utf8)
      return out
    case .ndjson:
      var out: [UInt8] = []
      for row in rows {
        JSONWriter.write(json(row), into: &out)
        out.append(0x0A)
      }
      return out
    case .csv, .tsv:
      var lines = [["id", "country", "available", "price", "currency", "title", "trackCount"]]
      for row in rows {
        let fields: [String?] = [
          String(row.id), row.country, row.available ? "true" : "false", row.price, row.currency,
          row.title, row.trackCount.map(String.init),
        ]
        lines.append(fields.map { sanitize($0 ?? "") })
      }
      return Array((format == .csv ? DelimitedText.csv(lines) : DelimitedText.tsv(lines)).utf8)
    case .table:
      let text = TableText(
        columns: [
          .init(title: "ID", flexible: false, rightAligned: true),
          .init(title: "CC", flexible: false, rightAligned: false),
          .init(title: "SOLD", flexible: false, rightAligned: false),
          .init(title: "PRICE", flexible: false, rightAligned: true),
          .init(title: "TRACKS", flexible: false, rightAligned: true),
          .init(title: "TITLE (WHERE IT DIFFERS)", flexible: true, rightAligned: false),
        ], dropOrder: ["TRACKS"], width: width, color: color)
      var cells: [String] = []
      for row in rows {
        let price = row.price.map { $0 + (row.currency.map { " " + $0 } ?? "") } ?? ""
        cells += [
          String(row.id), row.country.uppercased(), row.available ? "yes" : "no", price,
          row.trackCount.map(String.init) ?? "", row.title ?? "",
        ].map(sanitizeLine)
      }
      return text.render(cells: cells)
    case .m3u8:
      // Refused before anything is asked (`WhereCommand.run`).
      return []
    }
  }

  /// `id`, `country`, `available`, and when sold `price`, `currency`, `kind`, and `title`,
  /// `trackCount` where they differ from the first storefront's.
  func json(_ row: WhereCommand.Answer) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("id", .number(JSONNumber(text: String(row.id)))),
      ("country", .string(row.country)),
      ("available", .bool(row.available)),
    ]
    if let kind = row.kind { members.append(("kind", .string(kind))) }
    if let price = row.price { members.append(("price", .number(JSONNumber(text: price)))) }
    if let currency = row.currency { members.append(("currency", .string(currency))) }
    if let title = row.title { members.append(("title", .string(title))) }
    if let count = row.trackCount {
      members.append(("trackCount", .number(JSONNumber(text: String(count)))))
    }
    return .object(members)
  }
}
