import Foundation
import ITunesCatalog
import ITunesClient
import TunesStorage

/// `tunes favorites add ID… | - | --ids-from FILE`: looks the ids up (in batches, paced, fresh
/// answers from the cache) and keeps every item found, all of it.
enum FavoritesAdd {
  /// Up to this many ids, each item added gets its own line; more get one summary line.
  static let itemLinesUpTo = 5

  static func run(
    _ ids: [Int64], _ parsed: ArgumentParser.Parsed, store: FavoritesStore, context: CLIContext
  ) async throws(CLIError) -> Int32 {
    let lookup = try BulkLookupCommand.make(parsed, context: context)
    let progress = BulkProgressLine(context: context)
    let wanted = Set(ids)
    let verbose = ids.count <= itemLinesUpTo
    var counts = (added: 0, already: 0)
    let summary: BulkLookup.Summary
    do {
      summary = try await lookup.run(
        ids,
        emit: { items in
          // A lookup may carry related items: keep the asked-for ones only.
          for found in items where wanted.contains(found.id) {
            let added = try store.add(
              FavoritesCommand.record(for: found, at: context.now()))
            if added { counts.added += 1 } else { counts.already += 1 }
            guard verbose else { continue }
            context.err(
              added
                ? "tunes: added \(found.kind.descriptiveName) “\(sanitizeLine(found.title))”."
                : "tunes: “\(sanitizeLine(found.title))” is already a favourite.")
          }
        }, progress: { progress.show($0) })
    } catch {
      progress.clear()
      throw CLIError.wrap(error)
    }
    progress.clear()
    let found = counts.added + counts.already
    if !verbose {
      context.err(
        "tunes: added \(Plural.count(counts.added, "favourite"))"
          + (counts.already > 0 ? "; \(counts.already) already were" : "") + ".")
    }
    if !summary.unknown.isEmpty {
      let known = UnknownItems.message(
        UnknownItems.ids(summary.unknown), country: parsed(Options.country))
      let message = found == 0 ? known : String(known.dropLast()) + "; the others were added."
      if found == 0, summary.failure == nil {
        throw CLIError.file(message, code: ExitCode.dataError)
      }
      context.err("tunes: " + message)
    }
    var rest = summary
    rest.unknown = []
    BulkLookupCommand.report(rest, context: context)
    if let failure = summary.failure, !summary.notLookedUp.isEmpty {
      return CLIError.client(failure).exitCode
    }
    return ExitCode.success
  }
}
