import ITunesCatalog

/// Every command, with the declarations its help, its completions and the man page are made
/// from: one place, so the three cannot drift apart.
enum CommandTable {
  /// What a command's positional arguments are, for completions.
  enum Positional: Equatable {
    /// Nothing to complete (free text, ids).
    case none
    /// A word from a fixed list, first; then files for the listed words (`favorites import FILE`).
    case words([String], filesAfter: [String] = [])
    /// A directory.
    case directory
    /// A command name.
    case command
  }

  /// One command.
  struct Command {
    /// The word after `tunes`.
    var name: String
    /// What follows the name in the usage line, e.g. `TERM… [options]`.
    var synopsis: String
    /// One line saying what it does.
    var summary: String
    /// The options it accepts (`nil`: none but `--help`).
    var parser: ArgumentParser?
    /// What its positional arguments are.
    var positional: Positional = .none
    /// Left out of help and completions (`help`, which `--help` covers).
    var hidden = false
  }

  /// The commands in the order help lists them.
  static var commands: [Command] {
    [
      Command(
        name: "search", synopsis: "TERM… [options]",
        summary: "search songs, albums, artists, movies, podcasts, apps, books …",
        parser: SearchCommand.parser),
      Command(
        name: "lookup", synopsis: "ID[,ID…]",
        summary: "look items up by iTunes id (or --bundle-id, --upc, --isbn …)",
        parser: LookupCommand.parser),
      Command(
        name: "charts", synopsis: "[CHART]",
        summary: "Apple's top charts: music, podcasts, apps, books, movies, TV",
        parser: ChartsCommand.parser, positional: .words(ChartsCommand.names)),
      Command(
        name: "genres", synopsis: "[MEDIUM]", summary: "a medium's genres and their ids",
        parser: GenresCommand.parser, positional: .words(GenreQuery.media.map(\.name))),
      Command(
        name: "preview", synopsis: "ID...", summary: "play items' previews in order (needs mpv)",
        parser: PreviewCommand.parser),
      Command(
        name: "artwork", synopsis: "ID [options]",
        summary: "an item's artwork up to 3000 px: to a file, a pipe or the screen",
        parser: ArtworkCommand.parser),
      Command(
        name: "history", synopsis: "", summary: "the last five searches",
        parser: HistoryCommand.parser),
      Command(
        name: "favorites", synopsis: "[ACTION]",
        summary: "list, add, remove, clear, export or import favourites",
        parser: FavoritesCommand.parser,
        positional: .words(FavoritesCommand.actions, filesAfter: ["import"])),
      Command(
        name: "watch", synopsis: "[ID…]",
        summary: "what changed since the last check: prices, versions, stores",
        parser: WatchCommand.parser),
      Command(
        name: "where", synopsis: "ID…",
        summary: "which storefronts sell an item, and for how much",
        parser: WhereCommand.parser),
      Command(
        name: "releases", synopsis: "[options]",
        summary: "new albums, apps and episodes from the creators you follow",
        parser: ReleasesCommand.parser),
      Command(
        name: "replay", synopsis: "DIR",
        summary: "serve recorded API answers on 127.0.0.1 (no network needed)",
        parser: ReplayCommand.parser, positional: .directory),
      Command(
        name: "mcp", synopsis: "[options]",
        summary: "serve the catalogue to assistants over MCP (stdio)", parser: MCPCommand.parser),
      Command(
        name: "doctor", synopsis: "",
        summary: "what tunes sees of this terminal, and where its files are"),
      Command(
        name: "completions", synopsis: "SHELL",
        summary: "shell completions for bash, zsh or fish (tunes completions --help)",
        positional: .words(Completions.Shell.allCases.map(\.rawValue))),
      Command(
        name: "help", synopsis: "[COMMAND]", summary: "help for a command",
        positional: .command, hidden: true),
      Command(
        name: "man", synopsis: "", summary: "print the manual page (roff): tunes man | man -l -"),
    ]
  }

  /// The commands help and completions offer.
  static var visible: [Command] { commands.filter { !$0.hidden } }

  /// The command named `name`.
  static func command(_ name: String) -> Command? { commands.first { $0.name == name } }

  /// Options every command takes besides its own: `--quiet` and `--help` (handled before
  /// parsing; see ``GlobalOptions``).
  static let globalOptions: [ArgumentParser.Option] = [
    Options.quiet.option(help: "print nothing on stderr but errors"),
    Options.help.option(help: "show this help"),
  ]

  /// Options of `tunes` itself (the app).
  static var appOptions: [ArgumentParser.Option] {
    AppCommand.parser.options + [
      Options.version.option(help: "print the version and the commit it was built from")
    ]
  }

  /// The usage lines of the main help: `tunes`, then one line a visible command.
  static var usageLines: String {
    var lines = [pad("tunes") + "open the terminal app (on a terminal)"]
    for command in visible {
      let left = "tunes " + command.name + (command.synopsis.isEmpty ? "" : " " + command.synopsis)
      lines.append(pad(left) + command.summary)
    }
    return lines.map { "  " + $0 }.joined(separator: "\n")
  }

  private static func pad(_ text: String) -> String {
    text.count >= 30 ? text + " " : text.padding(toLength: 31, withPad: " ", startingAt: 0)
  }

  /// Every option a command accepts, its own then the global ones it does not declare.
  static func options(of command: Command) -> [ArgumentParser.Option] {
    let own = command.parser?.options ?? []
    let names = Set(own.map(\.name))
    return own + globalOptions.filter { !names.contains($0.name) }
  }

  /// The values an option's argument completes to: the declared values, else the known lists
  /// for entities, attributes and countries (which the parser does not enforce: Apple does).
  static func completionValues(for option: ArgumentParser.Option, in command: String) -> [String] {
    if !option.values.isEmpty { return option.values }
    switch option.name {
    case "entity": return command == "lookup" ? Media.lookupEntities : Media.allEntities
    case "attribute": return Media.allAttributes
    case "country": return Country.codes.sorted().map { $0.lowercased() }
    case "countries": return Country.storefrontGroups.keys.sorted() + Country.storefronts
    case "images": return AppCommand.imageModes
    default: return []
    }
  }
}
