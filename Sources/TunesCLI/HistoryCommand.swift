import Foundation
import ITunesCatalog
import TerminalUI
import TunesStorage

/// `tunes history [--match TEXT] [--clear] [--remove QUERY] [--format table|json]`
enum HistoryCommand {
  /// `--format`: the history is a table or JSON.
  static let format = OptionKey.text("format", "F", values: ["table", "json"])

  static let parser = ArgumentParser(
    command: "history",
    options: [
      Options.match.option(help: "only searches containing TEXT (any case)"),
      Options.clear.option(help: "forget every search"),
      Options.remove.option(help: "forget one search"),
      HistoryCommand.format.option(help: "table or json"),
      Options.help.option(help: "show this help"),
    ])

  static func run(_ arguments: [String], context: CLIContext) throws(CLIError) -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed(Options.help) {
      context.out(HelpText.history)
      return ExitCode.success
    }
    guard parsed.positional.isEmpty else {
      throw .usage("history takes no arguments; did you mean --match?", command: "history")
    }
    let writes = parsed(Options.clear) || parsed(Options.remove) != nil
    let database: TunesDatabase
    do {
      // Listing only reads: it works on a database that cannot be written.
      database = try context.database(writable: writes)
    } catch {
      throw CLIError.wrap(error)
    }
    do {
      if let recovery = database.recovery { context.err("tunes: " + recovery.message) }
      if parsed(Options.clear) {
        try database.history.clear()
        context.err("tunes: history cleared.")
        return ExitCode.success
      }
      if let query = parsed(Options.remove) {
        let removed = try database.history.remove(query: query)
        context.err(
          removed ? "tunes: removed \"\(query)\"." : "tunes: \"\(query)\" is not in the history.")
        return ExitCode.success
      }
      let typed = parsed(Options.match) ?? ""
      let entries = try database.history.recent().filter {
        QueryMatching.matches($0.query, typed: typed)
      }
      if parsed(HistoryCommand.format) == "json" {
        context.writeOut(JSONWriter.bytes(.array(entries.map(json))) + [0x0A])
      } else if entries.isEmpty {
        if typed.trimmingCharacters(in: .whitespaces).isEmpty {
          context.err("tunes: no searches in the history yet.")
        } else {
          context.err("tunes: no search in the history matches \"\(sanitize(typed))\".")
        }
      } else {
        for entry in entries {
          let filters = entry.filters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
          let line =
            sanitize(entry.query)
            + (filters.isEmpty ? "" : "  (" + filters.joined(separator: ", ") + ")")
          context.out(line + "\n")
        }
      }
      return ExitCode.success
    } catch {
      throw StorageDamage.report(error, database: database, context: context)
    }
  }

  /// An entry in the JSON shape `tunes mcp` shares.
  static func json(_ entry: HistoryEntry) -> JSONValue {
    SearchQuery.historyJSON(
      query: entry.query, searchedAt: entry.searchedAt, filters: entry.filters)
  }
}
