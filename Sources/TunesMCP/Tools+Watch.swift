import Foundation
import ITunesCatalog

/// What a command of the command line printed, run in-process for a tool.
package struct CommandOutcome: Sendable {
  /// Its exit code.
  package var code: Int32
  /// What it wrote on standard output (`--format json`).
  package var stdout: [UInt8]
  /// What it wrote on standard error: its notes and summary lines.
  package var stderr: String

  package init(code: Int32, stdout: [UInt8], stderr: String) {
    self.code = code
    self.stdout = stdout
    self.stderr = stderr
  }
}

extension Tools {
  /// `watch`, `where` and `releases` are the command line's own commands, run in-process with
  /// `--format json` (`MCPServices.command`): their snapshots, sweeps and seen works are the
  /// same database rows whichever asks.
  static let keepingWatch: [Tool] = [watch, whereSold, releases]

  static let countries = ToolParameter(
    name: "countries", kind: .string,
    description: "storefronts, comma-separated codes (us,gb), a group (eu, english …) or all")

  static let watch = Tool(
    name: "watch", title: "What changed since the last check",
    description:
      "Looks the watched items up (the favourites, or the ids given) per storefront and returns "
      + "what changed since the last check: price down or up, new version (with notes), gone "
      + "from or back in the store, tracks added, renamed. Each change is returned once. Like "
      + "`tunes watch`.",
    parameters: [
      ToolParameter(
        name: "ids", kind: .ids(maximum: 10_000),
        description: "iTunes ids to watch (default: the favourites)"),
      ToolParameter(
        name: "countries", kind: .string,
        description: "storefronts, comma-separated (default us)"),
    ],
    outputSchema: Shapes.object(
      [
        ("changes", .object([("type", .string("array"))])), ("count", Shapes.integer),
        ("notes", Shapes.string),
      ], required: ["changes", "count"]),
    readOnly: false,
    run: { arguments, services in
      var command = ["watch"] + arguments.ids("ids").map(String.init)
      if let countries = arguments.string("countries") { command += ["--country", countries] }
      return try await run(command, key: "changes", noun: "change", services: services)
    })

  static let whereSold = Tool(
    name: "where", title: "Which storefronts sell an item",
    description:
      "Looks up to 200 items up in many storefronts, one request a storefront: sold or not, "
      + "price and currency, the title and track count where they differ. A sweep stopped by "
      + "Apple's rate limit resumes at the next call. Like `tunes where`.",
    parameters: [
      ToolParameter(
        name: "ids", kind: .ids(maximum: 200), description: "iTunes ids", required: true),
      countries,
    ],
    outputSchema: Shapes.object(
      [
        ("rows", .object([("type", .string("array"))])), ("count", Shapes.integer),
        ("notes", Shapes.string),
      ], required: ["rows", "count"]),
    readOnly: false,
    run: { arguments, services in
      var command = ["where"] + arguments.ids("ids").map(String.init)
      command += ["--countries", arguments.string("countries") ?? "english"]
      return try await run(command, key: "rows", noun: "row", services: services)
    })

  static let releases = Tool(
    name: "releases", title: "New from the creators you follow",
    description:
      "The newest albums, apps and episodes of the followed artists, developers and podcasts "
      + "(the favourites) not seen before. Like `tunes releases`.",
    parameters: [
      ToolParameter(
        name: "includeCreatorsOfFavourites", kind: .boolean,
        description: "also follow the artists and developers of favourited items"),
      country,
    ],
    outputSchema: Shapes.object(
      [("items", Shapes.itemArray), ("count", Shapes.integer), ("notes", Shapes.string)],
      required: ["items", "count"]),
    readOnly: false,
    run: { arguments, services in
      var command = ["releases"]
      if arguments.bool("includeCreatorsOfFavourites") == true {
        command.append("--include-creators-of-favourites")
      }
      if let country = arguments.string("country") { command += ["--country", country] }
      return try await run(command, key: "items", noun: "new item", services: services)
    })

  /// Runs `command` with `--format json` and answers its array under `key`, its stderr as notes.
  static func run(
    _ command: [String], key: String, noun: String, services: MCPServices
  ) async throws -> ToolResult {
    guard let run = services.command else {
      throw RPCError.invalidParams("this server cannot run \(command[0])")
    }
    let outcome = await run(command + ["--format", "json"])
    var elements: [JSONValue] = []
    if case .array(let array)? = try? JSONParser.parse(outcome.stdout) { elements = array }
    let notes = outcome.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
    var members: [(key: String, value: JSONValue)] = [
      (key, .array(elements)), ("count", .number(elements.count)),
    ]
    if !notes.isEmpty { members.append(("notes", .string(notes))) }
    let text = ([Shapes.plural(elements.count, noun) + "."] + (notes.isEmpty ? [] : [notes]))
      .joined(separator: "\n")
    return ToolResult(structured: .object(members), text: text, isError: outcome.code != 0)
  }
}
