import Foundation
import ITunesCatalog
import ITunesClient
import TunesStorage

/// `tunes search TERM… [options]`
enum SearchCommand {
  static let parser = ArgumentParser(
    command: "search",
    options: [
      .value("media", "M", values: Media.allCases.map(\.rawValue), help: "media type"),
      .value(
        "entity", "E", help: "result entity for the media (e.g. song, album, musicArtist, podcast)"),
      .value("attribute", "A", help: "attribute the term is matched against (e.g. artistTerm)"),
      .value("country", "CC", help: "store country, ISO 3166-1 alpha-2 (default US)"),
      .value("lang", "L", values: SearchQuery.Language.allCases.map(\.rawValue), help: "language"),
      .value(
        "explicit", "yes|no", values: ["yes", "no"], help: "include explicit content (default yes)"),
      .value("limit", "N", help: "number of results, 1-200 (default 50)"),
      .value("offset", "N", help: "skip N results (Apple's offset is unreliable)"),
      .value("format", "F", values: OutputFormat.names, help: "table, json, ndjson, csv or tsv"),
      .flag("no-history", help: "do not record this search in the history"),
      .flag("fail-empty", help: "exit 2 when the search finds nothing (for scripts)"),
      .flag("help", short: "h", help: "show this help"),
    ] + NetworkOptions.options + NetworkOptions.pacingOptions)

  static func run(_ arguments: [String], context: CLIContext) async throws(CLIError) -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed.has("help") {
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
        term: term, country: parsed.value("country"),
        media: parsed.value("media").flatMap(Media.init(rawValue:)),
        entity: parsed.value("entity"), attribute: parsed.value("attribute"),
        limit: try number(parsed, "limit"),
        language: parsed.value("lang").flatMap(SearchQuery.Language.init(rawValue:)),
        explicit: parsed.value("explicit").map { $0 == "yes" }, offset: try number(parsed, "offset")
      )
    } catch let error as CatalogError {
      throw .catalog(error)
    } catch {
      throw CLIError.wrap(error)
    }
    let format = OutputFormat(rawValue: parsed.value("format") ?? "table") ?? .table
    let response = try await NetworkOptions.fetch(query.request, parsed, context: context)
    if !parsed.has("no-history"), !parsed.has("demo") {
      HistoryRecorder.record(query, context: context)
    }
    try Output.items(response.page, format: format, context: context)
    return Output.exitCode(response.page, parsed)
  }

  static func number(_ parsed: ArgumentParser.Parsed, _ name: String) throws(CLIError) -> Int? {
    guard let text = parsed.value(name) else { return nil }
    guard let value = Int(text) else {
      throw .usage("--\(name) needs a whole number, not \"\(text)\".", command: "")
    }
    return value
  }
}

/// Writes items and the skipped-results note.
enum Output {
  /// 0, or 2 when nothing was found and `--fail-empty` asks to be told.
  static func exitCode(_ page: CatalogPage, _ parsed: ArgumentParser.Parsed) -> Int32 {
    page.items.isEmpty && parsed.has("fail-empty") ? ExitCode.empty : ExitCode.success
  }

  static func items(_ page: CatalogPage, format: OutputFormat, context: CLIContext) throws(CLIError)
  {
    let formatter = ItemFormatter(width: context.tableWidth, color: context.color)
    if page.items.isEmpty, format == .table {
      context.err("tunes: no results.")
    } else {
      context.writeOut(formatter.format(page.items, as: format))
    }
    if page.skippedCount > 0 {
      context.err(
        "tunes: note: \(page.skippedCount) result(s) in the answer could not be read and were skipped."
      )
    }
  }
}
