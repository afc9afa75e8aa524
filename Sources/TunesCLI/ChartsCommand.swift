import Foundation
import ITunesCatalog
import ITunesClient

/// `tunes charts [songs|albums|podcasts|free-apps|paid-apps|free-books|audiobooks|movies|
/// tv-episodes|tv-seasons|music-videos] [options]`
enum ChartsCommand {
  /// The charts only Apple's legacy feeds have (the ones the app's genres open for movies, TV
  /// and music videos): the name `tunes charts` takes, the feed, the medium's top genre.
  static let legacyCharts: [(name: String, feed: String, genre: Int)] = [
    ("movies", "topmovies", 33), ("tv-episodes", "toptvepisodes", 32),
    ("tv-seasons", "toptvseasons", 32), ("music-videos", "topmusicvideos", 31),
  ]

  /// Every chart name, in help order.
  static var names: [String] { ChartKind.allCases.map(\.rawValue) + legacyCharts.map(\.name) }

  static let parser = ArgumentParser(
    command: "charts",
    options: [
      Options.genre.option(help: "a genre's chart (legacy feed); ids from tunes genres"),
      Options.country.option(help: "store country, ISO 3166-1 alpha-2 (default US)"),
      Options.limit.option(help: "number of entries, 1-100 (default 25)"),
      Options.format.option(help: "table, json, ndjson, csv or tsv"),
      Options.failEmpty.option(help: "exit 2 when the chart is empty (for scripts)"),
      Options.help.option(help: "show this help"),
    ] + NetworkOptions.options + NetworkOptions.pacingOptions)

  static func run(_ arguments: [String], context: CLIContext) async throws(CLIError) -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed(Options.help) {
      context.out(HelpText.charts)
      return ExitCode.success
    }
    guard parsed.positional.count <= 1 else {
      throw .usage(
        "charts takes one chart name, not \(parsed.positional.count).", command: "charts")
    }
    let name = (parsed.positional.first ?? ChartKind.songs.rawValue).lowercased()
    if let legacy = legacyCharts.first(where: { $0.name == name }) {
      return try await runLegacy(legacy, parsed, context: context)
    }
    let kind = try chartKind(name)
    let query: ChartQuery
    do {
      query = try ChartQuery(
        kind: kind, country: parsed(Options.country),
        limit: try parsed(Options.limit) ?? ChartQuery.defaultLimit,
        genre: try parsed(Options.genre))
    } catch let error as CLIError {
      throw error
    } catch {
      throw CLIError.wrap(error)
    }
    let format = try format(parsed)
    let client = try NetworkOptions.client(parsed, context: context)
    let response: ChartResponse
    do {
      response = try await client.chart(query)
    } catch {
      throw CLIError.wrap(error)
    }
    return try write(response, title: kind.title, country: query.country, format, parsed, context)
  }

  /// A chart of the legacy feeds (movies, TV, music videos): the medium's top genre, or
  /// `--genre`'s.
  static func runLegacy(
    _ legacy: (name: String, feed: String, genre: Int), _ parsed: ArgumentParser.Parsed,
    context: CLIContext
  ) async throws(CLIError) -> Int32 {
    guard let chart = GenreChart(feed: legacy.feed) else {
      throw .other("tunes knows no feed \(legacy.feed).")
    }
    let format = try format(parsed)
    let country = parsed(Options.country)
    let client = try NetworkOptions.client(parsed, context: context)
    let response: ChartResponse
    do {
      response = try await client.chart(
        chart, genre: try parsed(Options.genre) ?? legacy.genre, country: country,
        limit: try parsed(Options.limit) ?? ChartQuery.defaultLimit)
    } catch let error as CLIError {
      throw error
    } catch {
      throw CLIError.wrap(error)
    }
    return try write(
      response, title: chart.title, country: UnknownItems.store(country), format, parsed, context)
  }

  /// The format asked for; a chart has no playlist of its own.
  static func format(_ parsed: ArgumentParser.Parsed) throws(CLIError) -> OutputFormat {
    let format = try parsed(Options.format) ?? .table
    if format == .m3u8 {
      // Chart entries carry no preview: a lookup of their ids gives them.
      throw CLIError.usage(
        "charts writes table, json, ndjson, csv or tsv; for a playlist, look the entries up: "
          + "tunes charts --format json | jq -r '.[].id' | tunes lookup - --format m3u8",
        command: "charts")
    }
    return format
  }

  /// Writes a chart's entries and its notes; 2 for an empty chart with `--fail-empty`.
  static func write(
    _ response: ChartResponse, title: String, country: String, _ format: OutputFormat,
    _ parsed: ArgumentParser.Parsed, _ context: CLIContext
  ) throws(CLIError) -> Int32 {
    FeedOutput.noteSource(response.source, context: context)
    let page = CatalogPage(items: response.page.items, skippedCount: response.page.skippedCount)
    if page.items.isEmpty, format == .table {
      context.err("tunes: the chart \(title) (\(country.uppercased())) is empty.")
    } else {
      try Output.items(page, format: format, context: context)
    }
    if response.page.repairedControlCharacters {
      context.err(
        "tunes: note: the feed carried raw control characters inside its text; they were read as spaces."
      )
    }
    return page.items.isEmpty && parsed(Options.failEmpty) ? ExitCode.empty : ExitCode.success
  }

  /// The chart a name means; a near miss is suggested.
  static func chartKind(_ name: String) throws(CLIError) -> ChartKind {
    if let kind = ChartKind(rawValue: name.lowercased()) { return kind }
    var message = "\"\(name)\" is not a chart."
    if let near = Suggest.nearest(name, in: names) { message += " Did you mean \"\(near)\"?" }
    message += " Charts: \(names.joined(separator: ", "))."
    throw .usage(message, command: "charts")
  }
}

/// What the feed commands share: the note about a cached answer.
enum FeedOutput {
  /// Writes the stale-answer note when an answer came from the cache because the network failed
  /// (the same words as for search and lookup).
  static func noteSource(_ source: CatalogResponse.Source, context: CLIContext) {
    NetworkOptions.noteSource(
      CatalogResponse(page: CatalogPage(items: []), body: Data(), source: source),
      context: context)
  }
}
