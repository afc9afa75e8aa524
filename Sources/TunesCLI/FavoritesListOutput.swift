import Foundation
import ITunesCatalog
import TunesStorage

/// `tunes favorites list` in every format, streamed: the favourites are read from SQLite a batch
/// at a time (keyset pages, newest first) and each batch is written before the next is read, so
/// memory stays at one batch whatever the count. A table reads them twice: once to size its
/// columns, once to write its lines.
enum FavoritesListOutput {
  /// Rows read and written at a time.
  static let batch = 512

  /// Stops the reading once standard output failed (a reader that closed the pipe).
  private struct OutputClosed: Error {}

  static func write(_ format: OutputFormat, store: FavoritesStore, context: CLIContext) throws {
    do {
      try write(
        format, store: store, context: context,
        stopped: {
          context.outputStatus.failure(of: .standardOutput) != nil
        })
    } catch is OutputClosed {
      // TunesCLI.run reports the failed write (or says nothing for a closed pipe).
    }
  }

  private static func write(
    _ format: OutputFormat, store: FavoritesStore, context: CLIContext,
    stopped: () -> Bool
  ) throws {
    func out(_ bytes: [UInt8]) throws {
      guard !bytes.isEmpty else { return }
      context.writeOut(bytes)
      if stopped() { throw OutputClosed() }
    }
    switch format {
    case .table:
      // A table needs eight fields: SQLite keeps them in columns beside the stored JSON.
      let formatter = ItemFormatter(width: context.tableWidth, color: context.color)
      let text = formatter.tableText
      var table = FavoritesTable()
      var widest = [Int](repeating: -1, count: ItemFormatter.columns.count)
      var rows = 0
      try store.forEachSummaryPage(batch: batch) { summaries in
        rows += summaries.count
        text.measure(cells: table.cells(summaries), into: &widest)
      }
      guard rows > 0 else {
        context.err("tunes: no favourites yet. Add one with: tunes favorites add ID")
        return
      }
      let layout = text.layout(widest: widest)
      try out(text.header(layout))
      try store.forEachSummaryPage(batch: batch) { summaries in
        var bytes: [UInt8] = []
        bytes.reserveCapacity((layout.lineWidth + 1) * summaries.count)
        text.lines(cells: table.cells(summaries), layout, into: &bytes)
        try out(bytes)
      }
    case .json, .ndjson:
      // The stored payloads are already the CLI's JSON item format: written as they are.
      let array = format == .json
      var first = true
      try store.forEachPage(batch: batch) { page in
        var bytes: [UInt8] = []
        for stored in page {
          if array { bytes += first ? Array("[\n".utf8) : Array(",\n".utf8) }
          first = false
          bytes += stored.record.payload
          if !array { bytes.append(0x0A) }
        }
        try out(bytes)
      }
      if array { try out(first ? Array("[]\n".utf8) : Array("\n]\n".utf8)) }
    case .csv, .tsv, .m3u8:
      let formatter = ItemFormatter(
        width: context.tableWidth, color: context.color, mediaURL: context.mediaURL)
      var stream = ItemStream(format: format, formatter: formatter)
      try store.forEachPage(batch: batch) { page in
        try out(stream.write(page.compactMap { FavoritesCommand.item(from: $0.record) }))
      }
      try out(stream.finish())
    }
  }
}
