import Foundation
import ITunesCatalog
import ITunesClient
import TunesStorage

/// The tools over the history and favourites database.
extension Tools {
  static let favoritesList = Tool(
    name: "favorites_list", title: "List favourites",
    description:
      "The favourites kept by tunes (the terminal app's and `tunes favorites`), newest first, "
      + "each in the shape of `tunes favorites list --format json`.",
    parameters: [],
    outputSchema: Shapes.object(
      [("items", Shapes.itemArray), ("count", Shapes.integer)], required: ["items", "count"]),
    readOnly: true,
    run: { _, services in
      let records = try services.openDatabase(false).favorites.list()
      // The stored payloads are the CLI's JSON item format, read back as they are.
      let payloads = records.compactMap { try? JSONParser.parse([UInt8]($0.payload)) }
      let items = payloads.compactMap(CatalogItem.init(json:))
      var text = Shapes.plural(payloads.count, "favourite")
      text += items.isEmpty ? "." : ":\n" + Shapes.summary(items)
      return ToolResult(
        structured: .object([("items", .array(payloads)), ("count", .number(payloads.count))]),
        text: text)
    })

  static let favoritesAdd = Tool(
    name: "favorites_add", title: "Add favourites",
    description:
      "Looks the ids up and keeps each item found as a favourite. Like `tunes favorites add`.",
    parameters: [
      ToolParameter(
        name: "ids", kind: .ids(maximum: 1000), description: "iTunes ids", required: true),
      country,
    ],
    outputSchema: Shapes.object(
      [
        ("added", Shapes.idArray), ("already", Shapes.idArray), ("unknown", Shapes.idArray),
        ("notLookedUp", Shapes.idArray), ("items", Shapes.itemArray), ("error", Shapes.string),
      ], required: ["added", "already", "unknown", "items"]),
    readOnly: false,
    run: { arguments, services in
      let ids = arguments.ids("ids")
      let country = try argument(services) {
        try arguments.string("country").map { code in
          try LookupQuery(key: .ids([1]), country: code).country ?? code
        }
      }
      let database = try services.openDatabase(true)
      let outcome = try await services.lookup(ids, country)
      let wanted = Set(ids)
      var added: [Int64] = []
      var already: [Int64] = []
      var items: [CatalogItem] = []
      for item in outcome.items where wanted.contains(item.id) {
        let isNew = try database.favorites.add(FavoriteRecord(item: item, addedAt: services.now()))
        if isNew { added.append(item.id) } else { already.append(item.id) }
        items.append(item)
      }
      var members: [(key: String, value: JSONValue)] = [
        ("added", Shapes.ids(added)), ("already", Shapes.ids(already)),
        ("unknown", Shapes.ids(outcome.unknown)), ("items", Shapes.items(items)),
      ]
      var lines = ["Added " + Shapes.plural(added.count, "favourite") + "."]
      if !already.isEmpty { lines.append("Already favourites: " + list(already) + ".") }
      if !outcome.unknown.isEmpty {
        lines.append("Apple knows no item with id " + list(outcome.unknown) + ".")
      }
      var isError = items.isEmpty
      if let failure = outcome.failure, !outcome.notLookedUp.isEmpty {
        let sentence = services.describe(failure)
        members.append(("notLookedUp", Shapes.ids(outcome.notLookedUp)))
        members.append(("error", .string(sentence)))
        if let seconds = ToolResult.retryAfter(failure) {
          members.append(("retryAfterSeconds", .number(seconds)))
        }
        lines.append(sentence)
        isError = true
      }
      return ToolResult(
        structured: .object(members), text: lines.joined(separator: "\n"), isError: isError)
    })

  static let favoritesRemove = Tool(
    name: "favorites_remove", title: "Remove favourites",
    description: "Forgets favourites by id. Like `tunes favorites remove`.",
    parameters: [
      ToolParameter(
        name: "ids", kind: .ids(maximum: 1000), description: "iTunes ids", required: true)
    ],
    outputSchema: Shapes.object(
      [("removed", Shapes.idArray), ("notFavorites", Shapes.idArray)],
      required: ["removed", "notFavorites"]),
    readOnly: false,
    run: { arguments, services in
      let store = try services.openDatabase(true).favorites
      var removed: [Int64] = []
      var missing: [Int64] = []
      for id in arguments.ids("ids") {
        if try store.remove(id: id) { removed.append(id) } else { missing.append(id) }
      }
      var text = "Removed " + Shapes.plural(removed.count, "favourite") + "."
      if !missing.isEmpty { text += " Not favourites: " + list(missing) + "." }
      return ToolResult(
        structured: .object([
          ("removed", Shapes.ids(removed)), ("notFavorites", Shapes.ids(missing)),
        ]),
        text: text)
    })

  static let history = Tool(
    name: "history", title: "Recent searches",
    description:
      "The last searches typed in tunes (the app's and `tunes search`), newest first; `match` "
      + "keeps those containing the text. Searches through this server are not recorded.",
    parameters: [
      ToolParameter(name: "match", kind: .string, description: "only searches containing TEXT")
    ],
    outputSchema: Shapes.object(
      [
        (
          "entries",
          .object([
            ("type", .string("array")),
            (
              "items",
              .object([
                ("type", .string("object")),
                (
                  "properties",
                  .object([
                    ("query", Shapes.string), ("searchedAt", Shapes.string),
                    ("filters", Shapes.anyObject),
                  ])
                ),
                ("required", .array([.string("query"), .string("searchedAt")])),
              ])
            ),
          ])
        )
      ], required: ["entries"]),
    readOnly: true,
    run: { arguments, services in
      let typed = arguments.string("match") ?? ""
      let entries = try services.openDatabase(false).history.recent().filter {
        QueryMatching.matches($0.query, typed: typed)
      }
      let json = entries.map {
        SearchQuery.historyJSON(query: $0.query, searchedAt: $0.searchedAt, filters: $0.filters)
      }
      let text =
        entries.isEmpty
        ? "No searches in the history."
        : entries.map { "“\($0.query)”" }.joined(separator: ", ")
      return ToolResult(structured: .object([("entries", .array(json))]), text: text)
    })
}
