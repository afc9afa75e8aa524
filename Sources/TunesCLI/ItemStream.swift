import ITunesCatalog

/// Writes items in an output format a batch at a time, so a long run's output flows as it comes:
/// NDJSON line by line, a JSON array opened at the start and closed at the end, CSV and TSV with
/// one header. A table needs every row to size its columns, so it is written at the end.
struct ItemStream {
  let format: OutputFormat
  let formatter: ItemFormatter
  private var started = false
  private var written = 0
  private var tableRows: [CatalogItem] = []

  init(format: OutputFormat, formatter: ItemFormatter) {
    self.format = format
    self.formatter = formatter
  }

  /// How many items went through.
  var count: Int { written + tableRows.count }

  /// The bytes for the next items.
  mutating func write(_ items: [CatalogItem]) -> [UInt8] {
    switch format {
    case .table:
      tableRows += items
      return []
    case .ndjson:
      written += items.count
      return formatter.format(items, as: .ndjson)
    case .json:
      var out: [UInt8] = []
      for item in items {
        out += written == 0 ? Array("[\n".utf8) : Array(",\n".utf8)
        JSONWriter.write(item.jsonValue, into: &out)
        written += 1
      }
      return out
    case .csv, .tsv:
      guard !items.isEmpty else { return [] }
      var text = formatter.delimited(items, separator: format == .csv ? "," : "\t")
      if started, let newline = text.firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) {
        text = String(text[text.index(after: newline)...])
      }
      started = true
      written += items.count
      return Array(text.utf8)
    case .m3u8:
      guard !items.isEmpty else { return [] }
      var text = M3U8.playlist(items, url: formatter.mediaURL)
      // The header starts the playlist once.
      if started { text = String(text.dropFirst(M3U8.header.count + 1)) }
      started = true
      written += items.count
      return Array(text.utf8)
    }
  }

  /// The bytes that end the output: the table, the JSON array's end, or CSV's header when no
  /// row came.
  mutating func finish() -> [UInt8] {
    switch format {
    case .table:
      return tableRows.isEmpty ? [] : formatter.format(tableRows, as: .table)
    case .ndjson:
      return []
    case .json:
      return written == 0 ? Array("[]\n".utf8) : Array("\n]\n".utf8)
    case .csv, .tsv, .m3u8:
      return started ? [] : formatter.format([], as: format)
    }
  }
}
