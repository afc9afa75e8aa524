import Foundation
import ITunesCatalog
import ITunesClient
import TerminalUI

/// `tunes genres [MEDIUM|ID] [--country CC] [--depth N] [--format …]`
enum GenresCommand {
  static let parser = ArgumentParser(
    command: "genres",
    options: [
      Options.country.option(help: "store country, ISO 3166-1 alpha-2 (default US)"),
      Options.depth.option(help: "levels of subgenres to print (default all)"),
      Options.format.option(help: "table, json, ndjson, csv or tsv"),
      Options.help.option(help: "show this help"),
    ] + NetworkOptions.options + NetworkOptions.pacingOptions)

  static func run(_ arguments: [String], context: CLIContext) async throws(CLIError) -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed(Options.help) {
      context.out(HelpText.genres)
      return ExitCode.success
    }
    guard parsed.positional.count <= 1 else {
      throw .usage("genres takes one medium or genre id.", command: "genres")
    }
    let format = try parsed(Options.format) ?? .table
    guard format != .m3u8 else {
      throw CLIError.usage(
        "genres writes table, json, ndjson, csv or tsv: a genre has nothing to play.",
        command: "genres")
    }
    let depth = try parsed(Options.depth)
    if let depth, depth < 0 {
      throw .usage("--depth needs 0 or more, not \(depth).", command: "genres")
    }
    guard let medium = parsed.positional.first else {
      // No medium: the media and their top genre ids, without a request.
      let roots = GenreQuery.media.map { Genre(id: $0.id, name: $0.name) }
      context.writeOut(
        Self.format(roots.map { Row(genre: $0, depth: 0, parent: nil) }, format, context))
      return ExitCode.success
    }
    let query: GenreQuery
    do {
      query = try GenreQuery(medium: medium, country: parsed(Options.country))
    } catch {
      throw CLIError.wrap(error)
    }
    let client = try NetworkOptions.client(parsed, context: context)
    let response: GenreResponse
    do {
      response = try await client.genres(query)
    } catch {
      throw CLIError.wrap(error)
    }
    FeedOutput.noteSource(response.source, context: context)
    if format == .json {
      var out: [UInt8] = []
      JSONWriter.write(response.genre.jsonValue(depth: depth), into: &out)
      out.append(0x0A)
      context.writeOut(out)
    } else {
      context.writeOut(self.format(rows(response.genre, limit: depth), format, context))
    }
    return ExitCode.success
  }

  /// One genre in a flat listing.
  struct Row {
    var genre: Genre
    var depth: Int
    var parent: Int?
  }

  /// The tree depth first, down to `limit` levels below the root.
  static func rows(_ root: Genre, limit: Int?) -> [Row] {
    var rows: [Row] = []
    func walk(_ genre: Genre, depth: Int, parent: Int?) {
      rows.append(Row(genre: genre, depth: depth, parent: parent))
      if let limit, depth >= limit { return }
      for child in genre.subgenres { walk(child, depth: depth + 1, parent: genre.id) }
    }
    walk(root, depth: 0, parent: nil)
    return rows
  }

  static func format(_ rows: [Row], _ format: OutputFormat, _ context: CLIContext) -> [UInt8] {
    func flat(_ row: Row) -> JSONValue {
      var members: [(key: String, value: JSONValue)] = [
        ("id", .number(JSONNumber(text: String(row.genre.id)))), ("name", .string(row.genre.name)),
        ("depth", .number(JSONNumber(text: String(row.depth)))),
      ]
      if let parent = row.parent {
        members.append(("parentId", .number(JSONNumber(text: String(parent)))))
      }
      if !row.genre.charts.isEmpty {
        members.append(("charts", .array(row.genre.charts.map { .string($0.rawValue) })))
      }
      return .object(members)
    }
    switch format {
    case .json:
      var out: [UInt8] = [UInt8(ascii: "[")]
      for (index, row) in rows.enumerated() {
        out.append(contentsOf: index == 0 ? [0x0A] : [UInt8(ascii: ","), 0x0A])
        JSONWriter.write(flat(row), into: &out)
      }
      out.append(contentsOf: Array((rows.isEmpty ? "]\n" : "\n]\n").utf8))
      return out
    case .ndjson:
      var out: [UInt8] = []
      for row in rows {
        JSONWriter.write(flat(row), into: &out)
        out.append(0x0A)
      }
      return out
    case .csv, .tsv:
      var table = [["id", "name", "parentId", "depth", "charts"]]
      for row in rows {
        table.append([
          String(row.genre.id), sanitize(row.genre.name), row.parent.map(String.init) ?? "",
          String(row.depth), row.genre.charts.map(\.rawValue).joined(separator: " "),
        ])
      }
      return Array((format == .csv ? DelimitedText.csv(table) : DelimitedText.tsv(table)).utf8)
    case .table:
      return Array(table(rows, width: context.tableWidth, color: context.color).utf8)
    case .m3u8:
      // Refused before anything is fetched (`run`): genres have nothing to play.
      return []
    }
  }

  /// `ID  GENRE  CHARTS`, names indented two cells a level.
  static func table(_ rows: [Row], width: Int?, color: Bool) -> String {
    let ids = rows.map { String($0.genre.id) }
    let names = rows.map { String(repeating: "  ", count: $0.depth) + sanitize($0.genre.name) }
    let charts = rows.map { $0.genre.charts.map(\.rawValue).joined(separator: ", ") }
    let idWidth = ids.reduce(2) { max($0, $1.count) }
    let nameWidth = names.reduce(5) { max($0, displayWidth(of: $1)) }
    let showCharts = charts.contains { !$0.isEmpty }
    func line(_ id: String, _ name: String, _ chart: String) -> String {
      var text = pad(id, toWidth: idWidth, alignment: .right) + "  "
      text += showCharts ? pad(name, toWidth: nameWidth, alignment: .left) + "  " + chart : name
      if let width, displayWidth(of: text) > width { text = truncate(text, toWidth: width) }
      while text.last == " " { text.removeLast() }
      return text
    }
    let header = line("ID", "GENRE", "CHARTS")
    var lines = [color ? "\u{1B}[1m" + header + "\u{1B}[0m" : header]
    for index in rows.indices { lines.append(line(ids[index], names[index], charts[index])) }
    return lines.joined(separator: "\n") + "\n"
  }
}
