import Foundation
import ITunesCatalog
import ITunesClient

/// `tunes lookup ID[,ID…] | --bundle-id B | --upc U | --isbn I | --amg-artist-id A [options]`
enum LookupCommand {
  static let parser = ArgumentParser(
    command: "lookup",
    options: [
      Options.bundleID.option(help: "look up an app by bundle id"),
      Options.upc.option(help: "look up an album or video by UPC/EAN"),
      Options.isbn.option(help: "look up a book by ISBN"),
      Options.amgArtistID.option(help: "look up artists by All Music Guide id (comma-separated)"),
      Options.amgAlbumID.option(help: "look up albums by All Music Guide id (comma-separated)"),
      Options.entity.option(help: "related items to return (album, song, podcastEpisode …)"),
      Options.failEmpty.option(help: "exit 2 when the lookup finds nothing (for scripts)"),
      Options.limit.option(help: "related items per looked-up item, 1-200"),
      Options.sort.option(help: "sort order"),
      Options.country.option(help: "store country, ISO 3166-1 alpha-2"),
      Options.format.option(help: "table, json, ndjson, csv or tsv"),
      Options.help.option(help: "show this help"),
    ] + BulkLookupCommand.options + NetworkOptions.options + NetworkOptions.pacingOptions)

  static func run(_ arguments: [String], context: CLIContext) async throws(CLIError) -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed(Options.help) {
      context.out(HelpText.lookup)
      return ExitCode.success
    }
    let format = try parsed(Options.format) ?? .table
    let sources = IDList.Sources(arguments: parsed.positional, file: parsed(Options.idsFrom))
    if sources.isBulk {
      guard Self.otherKeys.allSatisfy({ parsed($0) == nil }) else {
        throw .usage(
          "Ids from standard input or --ids-from cannot be combined with --bundle-id, --upc, "
            + "--isbn, --amg-artist-id or --amg-album-id.", command: "lookup")
      }
      let ids = try IDList.read(sources, command: "lookup", context: context)
      return try await BulkLookupCommand.run(ids, parsed, format: format, context: context)
    }
    let query: LookupQuery
    do {
      query = try LookupQuery(
        key: try key(parsed), entity: parsed(Options.entity),
        limit: try parsed(Options.limit),
        sort: try parsed(Options.sort),
        country: parsed(Options.country))
    } catch let error as CLIError {
      throw error
    } catch {
      throw CLIError.wrap(error)
    }
    if case .ids(let ids) = query.key, ids.count > BulkLookup.batchSize {
      // More ids than one request takes: batches, as from standard input.
      return try await BulkLookupCommand.run(
        IDList.deduplicated(ids), parsed, format: format, context: context)
    }
    let response = try await NetworkOptions.fetch(query.request, parsed, context: context)
    if response.page.items.isEmpty, response.page.skippedCount == 0 {
      // Nothing for the key: Apple knows no such item (the same words and code as preview and
      // favorites add). JSON and the other formats still get their empty document.
      if format != .table { try Output.items(response.page, format: format, context: context) }
      throw .data(UnknownItems.message(UnknownItems.describe(query.key), country: query.country))
    }
    try Output.items(response.page, format: format, context: context)
    return Output.exitCode(response.page, parsed)
  }

  /// The keys other than ids.
  static let otherKeys = [
    Options.bundleID, Options.upc, Options.isbn, Options.amgArtistID, Options.amgAlbumID,
  ]

  static func key(_ parsed: ArgumentParser.Parsed) throws -> LookupQuery.Key {
    var keys: [LookupQuery.Key] = []
    if !parsed.positional.isEmpty {
      keys.append(.ids(try LookupQuery.parseIDs(parsed.positional.joined(separator: ","))))
    }
    if let bundle = parsed(Options.bundleID) { keys.append(.bundleID(bundle)) }
    if let upc = parsed(Options.upc) { keys.append(.upc(upc)) }
    if let isbn = parsed(Options.isbn) { keys.append(.isbn(isbn)) }
    if let amg = parsed(Options.amgArtistID) {
      keys.append(.amgArtistIDs(try LookupQuery.parseIDs(amg)))
    }
    if let amg = parsed(Options.amgAlbumID) {
      keys.append(.amgAlbumIDs(try LookupQuery.parseIDs(amg)))
    }
    guard keys.count == 1, let key = keys.first else {
      throw CLIError.usage(
        keys.isEmpty
          ? "lookup needs ids (e.g. tunes lookup 909253) or one of --bundle-id, --upc, --isbn, "
            + "--amg-artist-id, --amg-album-id."
          : "Give only one of: ids, --bundle-id, --upc, --isbn, --amg-artist-id, --amg-album-id.",
        command: "lookup")
    }
    return key
  }
}
