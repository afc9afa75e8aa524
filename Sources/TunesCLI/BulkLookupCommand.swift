import Foundation
import ITunesCatalog
import ITunesClient

/// `tunes lookup -`, `tunes lookup --ids-from FILE`: many ids, streamed out as batches answer.
enum BulkLookupCommand {
  /// The options bulk commands add.
  static let options: [ArgumentParser.Option] = [
    Options.idsFrom.option(help: "read ids from FILE (one a line or comma-separated)")
  ]

  /// Runs a bulk lookup of `ids` with the parsed options, writing items as they arrive.
  static func run(
    _ ids: [Int64], _ parsed: ArgumentParser.Parsed, format: OutputFormat, context: CLIContext
  ) async throws(CLIError) -> Int32 {
    let lookup = try make(parsed, context: context)
    var stream = ItemStream(
      format: format,
      formatter: ItemFormatter(
        width: context.tableWidth, color: context.color, mediaURL: context.mediaURL))
    let progress = BulkProgressLine(context: context)
    let summary: BulkLookup.Summary
    do {
      summary = try await lookup.run(
        ids, emit: { items in context.writeOut(stream.write(items)) },
        progress: { progress.show($0) })
    } catch {
      progress.clear()
      throw CLIError.wrap(error)
    }
    progress.clear()
    context.writeOut(stream.finish())
    if stream.count == 0, summary.failure == nil, summary.unknown.count == summary.total {
      // Not one id known: the same words and code as a single lookup.
      throw .data(
        UnknownItems.message(UnknownItems.ids(summary.unknown), country: parsed(Options.country)))
    }
    if stream.count == 0, format == .table, summary.failure == nil {
      context.err("tunes: no results.")
    }
    report(summary, context: context)
    if let failure = summary.failure, !summary.notLookedUp.isEmpty {
      return CLIError.client(failure).exitCode
    }
    return stream.count == 0 && parsed(Options.failEmpty) ? ExitCode.empty : ExitCode.success
  }

  /// The bulk lookup the parsed options describe.
  static func make(
    _ parsed: ArgumentParser.Parsed, context: CLIContext
  ) throws(CLIError) -> BulkLookup {
    let parts = try NetworkOptions.parts(parsed, context: context)
    let lookup = BulkLookup(
      network: parts.network, cache: parts.cache, policy: parts.policy,
      entity: parsed(Options.entity), limit: try parsed(Options.limit),
      sort: try parsed(Options.sort),
      country: parsed(Options.country))
    // Validate the options once, before any request, with the catalogue's own messages.
    do {
      _ = try lookup.request(for: [0])
    } catch {
      throw CLIError.wrap(error)
    }
    return lookup
  }

  /// The summary on stderr: the ids Apple did not know, those not looked up and why, and
  /// answers that came from an older cache entry.
  static func report(_ summary: BulkLookup.Summary, context: CLIContext) {
    if !summary.unknown.isEmpty {
      context.err(
        "tunes: Apple knows no item with \(summary.unknown.count) of the \(summary.total) ids: "
          + list(summary.unknown) + ".")
    }
    if let since = summary.staleSince, let failure = summary.failure {
      context.err(
        "tunes: note: some answers are the cached ones from \(ISODate.string(from: since)) "
          + "because a request failed: \(failure.errorDescription ?? "\(failure)")")
    }
    if let failure = summary.failure, !summary.notLookedUp.isEmpty {
      context.err(
        "tunes: \(summary.notLookedUp.count) of the \(summary.total) ids were not looked up: "
          + list(summary.notLookedUp) + ".")
      context.err(CLIError.client(failure).message)
    }
  }

  /// Up to 20 ids, then how many more.
  static func list(_ ids: [Int64]) -> String {
    let shown = ids.prefix(20).map(String.init).joined(separator: ", ")
    return ids.count > 20 ? shown + " and \(ids.count - 20) more" : shown
  }
}

/// The progress of a bulk lookup on stderr, only when it is a terminal: one line redrawn in place
/// and cleared at the end.
final class BulkProgressLine: Sendable {
  private let context: CLIContext

  init(context: CLIContext) {
    self.context = context
  }

  func show(_ progress: BulkLookup.Progress) {
    guard context.stderrIsTerminal else { return }
    let text =
      "looking up ids: \(progress.done) of \(progress.total) · "
      + "request \(progress.requests) of \(progress.batches)"
    context.writeErr(Array(("\r\u{1B}[2K" + text).utf8))
  }

  func clear() {
    guard context.stderrIsTerminal else { return }
    context.writeErr(Array("\r\u{1B}[2K".utf8))
  }
}
