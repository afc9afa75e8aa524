import Foundation
import ITunesCatalog
import ITunesClient
import Testing
import TunesMCP
import TunesStorage

@testable import TunesCLI

/// `tunes favorites list` streams a batch at a time: the output must be byte for byte what the
/// whole list formatted at once gives, in every format, across batch boundaries.
@Suite("favorites list, streamed")
struct FavoritesListTests {
  /// 1,300 favourites (more than two batches); the widest title is the oldest, so it arrives in
  /// the last batch and must still size the table's column.
  static func filled(_ cli: CLIHarness) throws -> FavoritesStore {
    let database = try TunesDatabase.open(paths: StoragePaths(environment: cli.environment))
    let records = (1...1_300).map { n -> FavoriteRecord in
      let title = n == 1 ? "The longest title of them all, 日本語 too" : "Song \(n)"
      var item = CatalogItem(id: Int64(n), kind: n % 4 == 0 ? .album : .song, title: title)
      item.author = "Artist \(n % 9)"
      item.durationMillis = 200_000 + n
      item.price = Decimal(n % 3) + Decimal(99) / 100
      item.currency = "USD"
      item.previewURLText = "https://audio.example/\(n).m4a"
      return FavoriteRecord(
        item: item, addedAt: Date(timeIntervalSince1970: 1_790_000_000 + Double(n)))
    }
    // Imported in one go; listed newest first (1,300 first, the long title last).
    _ = try database.favorites.importRecords(records.reversed())
    return database.favorites
  }

  @Test("every format is the whole list's output, byte for byte", arguments: OutputFormat.allCases)
  func sameBytes(format: OutputFormat) async throws {
    let cli = try CLIHarness(client: .failing())
    let store = try Self.filled(cli)
    #expect(await cli.run(["favorites", "list", "--format", format.rawValue]) == 0)
    let records = try store.list()
    #expect(records.count == 1_300)
    let formatter = ItemFormatter(width: nil, color: false)
    let expected: [UInt8]
    switch format {
    case .table:
      var table = FavoritesTable()
      expected = formatter.tableText.render(cells: table.cells(try store.summaries()))
    case .json, .ndjson:
      expected = FavoritesCommand.jsonLines(
        records.map { [UInt8]($0.payload) }, array: format == .json)
    case .csv, .tsv, .m3u8:
      expected = formatter.format(records.compactMap(FavoritesCommand.item(from:)), as: format)
    }
    #expect(cli.stdoutBytes == expected, "\(format)")
    if format == .table {
      let lines = cli.stdout.split(separator: "\n")
      #expect(lines.count == 1_301)
      #expect(lines.last?.contains("The longest title of them all") == true)
      // The header's TITLE column is as wide as the last row's title.
      #expect(lines.first?.contains("TITLE" + String(repeating: " ", count: 30)) == true)
    }
  }

  @Test("an empty list: the table says so on stderr, the other formats write their empty form")
  func empty() async throws {
    let cli = try CLIHarness(client: .failing())
    _ = try TunesDatabase.open(paths: StoragePaths(environment: cli.environment))
    #expect(await cli.run(["favorites", "list"]) == 0)
    #expect(cli.stdout.isEmpty)
    #expect(cli.stderr.contains("no favourites yet"))
    #expect(await cli.run(["favorites", "list", "--format", "json"]) == 0)
    #expect(cli.stdout == "[]\n")
    #expect(await cli.run(["favorites", "list", "--format", "ndjson"]) == 0)
    #expect(cli.stdout.isEmpty)
    #expect(await cli.run(["favorites", "list", "--format", "csv"]) == 0)
    #expect(cli.stdout.hasPrefix("id,kind,title"))
  }

  @Test("once standard output fails, reading stops and the failure is reported")
  func stopsOnFailedOutput() async throws {
    let cli = try CLIHarness(client: .failing())
    _ = try Self.filled(cli)
    cli.stdoutFailure = ENOSPC
    #expect(await cli.run(["favorites", "list", "--format", "ndjson"]) == 74)
    #expect(cli.stderr.contains("standard output"), "\(cli.stderr)")
  }
}
