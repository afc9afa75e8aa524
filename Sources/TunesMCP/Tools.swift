import Foundation
import ITunesCatalog
import ITunesClient
import TunesStorage

/// The tools `tunes mcp` offers, in the order `tools/list` gives them.
package enum Tools {
  package static let all: [Tool] =
    [
      search, lookup, charts, genres, favoritesList, favoritesAdd, favoritesRemove, history,
    ] + keepingWatch

  package static func named(_ name: String) -> Tool? { all.first { $0.name == name } }

  static let country = ToolParameter(
    name: "country", kind: .string,
    description: "store country, ISO 3166-1 alpha-2 (default US)")

  // MARK: search

  static let search = Tool(
    name: "search", title: "Search Apple's catalogue",
    description:
      "Searches the iTunes catalogue: songs, albums, artists, music videos, movies, TV, "
      + "podcasts, apps, books and audiobooks. Like `tunes search`.",
    parameters: [
      ToolParameter(name: "term", kind: .string, description: "what to search for", required: true),
      ToolParameter(
        name: "media", kind: .choice(Media.allCases.map(\.rawValue)), description: "media type"),
      ToolParameter(
        name: "entity", kind: .string,
        description: "result entity for the media (e.g. song, album, musicArtist, podcast)"),
      ToolParameter(
        name: "attribute", kind: .string,
        description: "attribute the term is matched against (e.g. artistTerm)"),
      country,
      ToolParameter(
        name: "limit", kind: .integer(1...200),
        description: "number of results (default \(SearchQuery.defaultLimit))"),
      ToolParameter(
        name: "explicit", kind: .boolean, description: "include explicit content (default true)"),
    ],
    outputSchema: Shapes.object(
      [
        ("items", Shapes.itemArray), ("count", Shapes.integer), ("skipped", Shapes.integer),
        ("cachedAt", Shapes.string), ("stale", Shapes.boolean),
      ], required: ["items", "count"]),
    readOnly: true,
    run: { arguments, services in
      let query = try argument(services) {
        try SearchQuery(
          term: arguments.string("term") ?? "", country: arguments.string("country"),
          media: arguments.string("media").flatMap(Media.init(rawValue:)),
          entity: arguments.string("entity"), attribute: arguments.string("attribute"),
          limit: arguments.integer("limit") ?? SearchQuery.defaultLimit,
          explicit: arguments.bool("explicit"))
      }
      let response = try await services.client.fetch(query.request)
      let items = response.page.items
      var members: [(key: String, value: JSONValue)] = [
        ("items", Shapes.items(items)), ("count", .number(items.count)),
      ]
      if response.page.skippedCount > 0 {
        members.append(("skipped", .number(response.page.skippedCount)))
      }
      members += Shapes.source(response.source)
      var text = Shapes.plural(items.count, "result") + " for “\(query.term)”"
      text += items.isEmpty ? "." : ":\n" + Shapes.summary(items)
      return ToolResult(structured: .object(members), text: text)
    })

  // MARK: lookup

  static let lookup = Tool(
    name: "lookup", title: "Look items up by id",
    description:
      "Looks items up by their iTunes ids (up to 1000 at once; fresh answers come from the "
      + "cache). Like `tunes lookup ID,ID…`.",
    parameters: [
      ToolParameter(
        name: "ids", kind: .ids(maximum: 1000), description: "iTunes ids", required: true),
      country,
    ],
    outputSchema: Shapes.object(
      [
        ("items", Shapes.itemArray), ("count", Shapes.integer), ("unknown", Shapes.idArray),
        ("notLookedUp", Shapes.idArray), ("error", Shapes.string),
      ], required: ["items", "count", "unknown"]),
    readOnly: true,
    run: { arguments, services in
      let ids = arguments.ids("ids")
      let country = try argument(services) {
        try arguments.string("country").map { code in
          try LookupQuery(key: .ids([1]), country: code).country ?? code
        }
      }
      let outcome = try await services.lookup(ids, country)
      return lookupResult(outcome, asked: ids, services: services)
    })

  static func lookupResult(
    _ outcome: LookupOutcome, asked: [Int64], services: MCPServices
  ) -> ToolResult {
    var members: [(key: String, value: JSONValue)] = [
      ("items", Shapes.items(outcome.items)), ("count", .number(outcome.items.count)),
      ("unknown", Shapes.ids(outcome.unknown)),
    ]
    var lines = [Shapes.plural(outcome.items.count, "item") + " found."]
    if !outcome.items.isEmpty { lines.append(Shapes.summary(outcome.items)) }
    if !outcome.unknown.isEmpty {
      lines.append("Apple knows no item with id " + list(outcome.unknown) + ".")
    }
    var isError = false
    if let failure = outcome.failure, !outcome.notLookedUp.isEmpty {
      members.append(("notLookedUp", Shapes.ids(outcome.notLookedUp)))
      let sentence = services.describe(failure)
      members.append(("error", .string(sentence)))
      if let seconds = ToolResult.retryAfter(failure) {
        members.append(("retryAfterSeconds", .number(seconds)))
      }
      lines.append(sentence)
      isError = outcome.items.isEmpty
    } else if outcome.items.isEmpty {
      // Every id unknown: a failure, as `tunes lookup` exits 65.
      isError = true
    }
    return ToolResult(
      structured: .object(members), text: lines.joined(separator: "\n"), isError: isError)
  }

  static func list(_ ids: [Int64]) -> String {
    ids.prefix(10).map(String.init).joined(separator: ", ") + (ids.count > 10 ? ", …" : "")
  }

  // MARK: charts

  static let charts = Tool(
    name: "charts", title: "Apple's charts",
    description:
      "Apple's top charts: songs, albums, podcasts, free and paid apps, free books, "
      + "audiobooks; a genre's chart with `genre` (ids from the genres tool). Like `tunes charts`.",
    parameters: [
      ToolParameter(
        name: "chart", kind: .choice(ChartKind.allCases.map(\.rawValue)),
        description: "which chart (default songs)"),
      country,
      ToolParameter(
        name: "limit", kind: .integer(1...100), description: "number of entries (default 25)"),
      ToolParameter(
        name: "genre", kind: .integer(1...Int(Int32.max)),
        description: "a genre id: that genre's chart (legacy feed)"),
    ],
    outputSchema: Shapes.object(
      [
        ("chart", Shapes.string), ("title", Shapes.string), ("country", Shapes.string),
        ("items", Shapes.itemArray), ("count", Shapes.integer), ("cachedAt", Shapes.string),
        ("stale", Shapes.boolean),
      ], required: ["chart", "title", "country", "items", "count"]),
    readOnly: true,
    run: { arguments, services in
      let kind = arguments.string("chart").flatMap(ChartKind.init(rawValue:)) ?? .songs
      let query = try argument(services) {
        try ChartQuery(
          kind: kind, country: arguments.string("country"),
          limit: arguments.integer("limit") ?? ChartQuery.defaultLimit,
          genre: arguments.integer("genre"))
      }
      let response = try await services.client.chart(query)
      let items = response.page.items
      let country = query.country.uppercased()
      var members: [(key: String, value: JSONValue)] = [
        ("chart", .string(kind.rawValue)), ("title", .string(kind.title)),
        ("country", .string(country)), ("items", Shapes.items(items)),
        ("count", .number(items.count)),
      ]
      members += Shapes.source(response.source)
      var text = "\(kind.title) (\(country)): " + Shapes.plural(items.count, "entry")
      text += items.isEmpty ? "." : "\n" + Shapes.summary(items)
      return ToolResult(structured: .object(members), text: text)
    })

  // MARK: genres

  static let genres = Tool(
    name: "genres", title: "Genres and their ids",
    description:
      "Without `medium`, the media whose genres can be browsed and their top genre ids; with "
      + "one (music, podcasts, apps, books, movies, tv, music-videos, audiobooks, or a genre id), "
      + "its genre tree with each genre's charts. Like `tunes genres`.",
    parameters: [
      ToolParameter(
        name: "medium", kind: .string, description: "a medium's name or a genre id"),
      country,
      ToolParameter(
        name: "depth", kind: .integer(0...16),
        description: "levels of subgenres to include (default all)"),
    ],
    outputSchema: Shapes.object(
      [
        (
          "genres",
          .object([
            ("type", .string("array")),
            (
              "items",
              .object([
                ("type", .string("object")),
                ("description", .string("a genre in the shape of `tunes genres --format json`")),
              ])
            ),
          ])
        ),
        ("cachedAt", Shapes.string), ("stale", Shapes.boolean),
      ], required: ["genres"]),
    readOnly: true,
    run: { arguments, services in
      guard let medium = arguments.string("medium") else {
        let roots = GenreQuery.media.map { Genre(id: $0.id, name: $0.name) }
        return ToolResult(
          structured: .object([("genres", .array(roots.map { $0.jsonValue(depth: 0) }))]),
          text: "Media: "
            + GenreQuery.media.map { "\($0.name) (\($0.id))" }.joined(
              separator: ", "))
      }
      let query = try argument(services) {
        try GenreQuery(medium: medium, country: arguments.string("country"))
      }
      let response = try await services.client.genres(query)
      var members: [(key: String, value: JSONValue)] = [
        ("genres", .array([response.genre.jsonValue(depth: arguments.integer("depth"))]))
      ]
      members += Shapes.source(response.source)
      let children = response.genre.subgenres.map { "\($0.name) (\($0.id))" }
      var text = "\(response.genre.name) (\(response.genre.id))"
      if !children.isEmpty {
        text += ": " + Shapes.plural(children.count, "subgenre") + ": "
        text += children.prefix(20).joined(separator: ", ") + (children.count > 20 ? ", …" : "")
      }
      return ToolResult(structured: .object(members), text: text)
    })
}
