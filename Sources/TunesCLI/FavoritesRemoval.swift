import Foundation
import ITunesCatalog
import TunesStorage

/// `tunes favorites remove ID…` and `tunes favorites clear [--yes]`.
enum FavoritesRemoval {
  /// Removes the favourites with these ids, naming each one removed by kind and title as
  /// `favorites add` does (up to `FavoritesAdd.itemLinesUpTo` ids; more get one summary line).
  static func run(_ ids: [Int64], store: FavoritesStore, context: CLIContext) throws {
    let wanted = Set(ids)
    // The titles, read before the rows go (from the columns SQLite keeps; no JSON is parsed).
    let summaries = try store.summaries().filter { wanted.contains($0.id) }
    let byID = Dictionary(summaries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let verbose = ids.count <= FavoritesAdd.itemLinesUpTo
    var removed = 0
    var absent: [Int64] = []
    for id in ids {
      guard try store.remove(id: id) else {
        absent.append(id)
        continue
      }
      removed += 1
      guard verbose else { continue }
      if let summary = byID[id] {
        let kind = ItemKind(rawValue: summary.kind).descriptiveName
        context.err("tunes: removed \(kind) “\(sanitizeLine(summary.title))”.")
      } else {
        context.err("tunes: removed \(id).")
      }
    }
    if !verbose {
      context.err("tunes: removed \(Plural.count(removed, "favourite")).")
    }
    if !absent.isEmpty {
      let list = BulkLookupCommand.list(absent)
      context.err(
        absent.count == 1 ? "tunes: \(list) is not a favourite." : "tunes: not favourites: \(list)."
      )
    }
  }

  /// Removes every favourite: after a yes on the terminal, or with `--yes`; without a terminal
  /// and without `--yes` nothing is removed (exit 64), so a script never empties the list by
  /// accident.
  static func clear(yes: Bool, store: FavoritesStore, context: CLIContext) throws -> Int32 {
    let count = try store.count()
    guard count > 0 else {
      context.err("tunes: no favourites to clear.")
      return ExitCode.success
    }
    let what = Plural.count(count, "favourite")
    if !yes {
      guard context.interactive else {
        throw CLIError.usage(
          "favorites clear removes every favourite (\(what)); give --yes to confirm when standard input is "
            + "not a terminal (export them first: tunes favorites export > favourites.json).",
          command: "favorites")
      }
      context.writeErr(Array("tunes: remove every favourite (\(what))? [y/N] ".utf8))
      let answer = (context.readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
      guard answer == "y" || answer == "yes" else {
        context.err("tunes: nothing removed.")
        return ExitCode.success
      }
    }
    try store.clear()
    context.err("tunes: removed \(what); none are left.")
    return ExitCode.success
  }
}
