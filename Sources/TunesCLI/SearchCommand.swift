import Foundation
import ITunesCatalog
import ITunesClient
import TunesStorage

/// `tunes search TERM… [options]`
enum SearchCommand {
  static let parser = ArgumentParser(
    command: "search",
    options: [
      Options.media.option(help: "media type"),
      Options.entity.option(
        help: "result entity for the media (e.g. song, album, musicArtist, podcast)"),
      Options.attribute.option(help: "attribute the term is matched against (e.g. artistTerm)"),
      Options.country.option(help: "store country, ISO 3166-1 alpha-2 (default US)"),
      Options.language.option(help: "language"),
      Options.explicit.option(help: "include explicit content (default yes)"),
      Options.limit.option(help: "number of results, 1-200 (default \(SearchQuery.defaultLimit))"),
      Options.offset.option(help: "skip N results (Apple's offset is unreliable)"),
      Options.format.option(help: "table, json, ndjson, csv or tsv"),
      Options.noHistory.option(help: "do not record this search in the history"),
      Options.failEmpty.option(help: "exit 2 when the search finds nothing (for scripts)"),
      Options.help.option(help: "show this help"),
    ] + NetworkOptions.options + NetworkOptions.pacingOptions)

  static func run(_ arguments: [String], context: CLIContext) async throws(CLIError) -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed(Options.help) {
      context.out(HelpText.search)
      return ExitCode.success
    }
    let term = parsed.positional.joined(separator: " ")
    guard !term.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw .usage("search needs a term, e.g. tunes search jack johnson", command: "search")
    }
    let query: SearchQuery
    do {
      query = try SearchQuery(
        term: term, country: parsed(Options.country), media: parsed(Options.media),
        entity: parsed(Options.entity), attribute: parsed(Options.attribute),
        limit: parsed(Options.limit), language: parsed(Options.language),
        explicit: parsed(Options.explicit), offset: parsed(Options.offset))
    } catch let error as CLIError {
      throw error
    } catch let error as CatalogError {
      throw .catalog(error)
    } catch {
      throw CLIError.wrap(error)
    }
    let format = try parsed(Options.format) ?? .table
    // Without --limit, tunes asks for its own default (30), as the app does; the history keeps
    // the search as typed, so the app runs it again with its own default too.
    var asked = query
    if asked.limit == nil { asked.limit = SearchQuery.defaultLimit }
    let response = try await NetworkOptions.fetch(asked.request, parsed, context: context)
    // The answer is written first, so whoever reads it need not wait for the database; the
    // search is recorded even when the reader has gone away (`tunes search … | head -1`).
    let recordsHistory = !parsed(Options.noHistory) && !parsed(Options.demo)
    do {
      try Output.items(response.page, format: format, context: context)
    } catch {
      if recordsHistory { HistoryRecorder.record(query, context: context) }
      throw error
    }
    if recordsHistory { HistoryRecorder.record(query, context: context) }
    return Output.exitCode(response.page, parsed)
  }
}

/// Writes items and the skipped-results note.
enum Output {
  /// 0, or 2 when nothing was found and `--fail-empty` asks to be told.
  static func exitCode(_ page: CatalogPage, _ parsed: ArgumentParser.Parsed) -> Int32 {
    page.items.isEmpty && parsed(Options.failEmpty) ? ExitCode.empty : ExitCode.success
  }

  static func items(_ page: CatalogPage, format: OutputFormat, context: CLIContext) throws(CLIError)
  {
    var formatter = ItemFormatter(width: context.tableWidth, color: context.color)
    formatter.mediaURL = context.mediaURL
    if page.items.isEmpty, format == .table {
      context.err("tunes: no results.")
    } else {
      context.writeOut(formatter.format(page.items, as: format))
    }
    if page.skippedCount > 0 {
      context.err(
        "tunes: note: \(Plural.count(page.skippedCount, "result")) in the answer could not be "
          + "read and \(page.skippedCount == 1 ? "was" : "were") skipped."
      )
    }
  }
}
