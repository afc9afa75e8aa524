import Foundation
import ITunesCatalog
import TunesFeatures
import TunesStorage

/// What a command of the command line printed, run in-process for the app.
package struct CommandRun: Sendable {
  /// Its exit code.
  package var code: Int32
  /// What it wrote on standard output (`--format json`).
  package var stdout: [UInt8]
  /// What it wrote on standard error: its notes and summary lines.
  package var stderr: String

  /// Makes a run's outcome.
  package init(code: Int32, stdout: [UInt8], stderr: String) {
    self.code = code
    self.stdout = stdout
    self.stderr = stderr
  }
}

/// The live watch: the stored snapshots and changes read from the database, and the checks and
/// storefront sweeps run as the command line's own `tunes watch`, `tunes releases` and
/// `tunes where` in this process (so their requests, pacing, cache-busting and rows are the
/// same whichever asks).
package enum LiveWatch {
  /// The changes listed: those of the last 30 days (the Atom feed's window), at most 50.
  static let window: TimeInterval = 30 * 86_400
  static let limit = 50

  /// The watch over `database`; checks and sweeps need `run` (the command line), else they say
  /// the app cannot run them.
  package static func client(
    database: TunesDatabase, run: (@Sendable ([String]) async -> CommandRun)?,
    now: @escaping @Sendable () -> Date = { Date() }
  ) -> WatchClient {
    WatchClient(
      recent: {
        let since = now().addingTimeInterval(-window)
        let changes = try database.snapshots.changes(since: since, limit: limit).map(entry)
        let span = try database.snapshots.checkSpan()
        return WatchDigest(
          changes: changes, lastCheck: span?.last,
          since: max(since, span?.first ?? since))
      },
      check: { country in
        guard let run else { throw FeatureError.other(noCommandLine) }
        // `--wait 0`: the app never waits for the shared budget; a throttled check says so.
        let watch = await run(["watch", "--country", country, "--format", "json", "--wait", "0"])
        let changes = (try? JSONParser.parse(watch.stdout)).flatMap(arrayCount) ?? 0
        if watch.code != 0 { throw FeatureError.other(failure(watch)) }
        let releases = await run([
          "releases", "--country", country, "--format", "json", "--wait", "0",
        ])
        var found: [ChangeEntry] = []
        if case .array(let items)? = try? JSONParser.parse(releases.stdout) {
          let at = now()
          found = items.compactMap(CatalogItem.init(json:)).map {
            ChangeEntry(
              itemID: $0.id, country: country, itemKind: $0.kind.rawValue, title: $0.title,
              kind: .newRelease, notes: $0.author, at: at)
          }
        }
        var summary = lines(watch.stderr)
        if releases.code != 0 {
          summary.append("New releases were not checked: " + failure(releases))
        }
        return WatchCheckReport(summary: summary, changeCount: changes, releases: found)
      },
      history: { id, country in
        try database.snapshots.history(itemID: id, country: country).map {
          SeenState(
            available: $0.available, title: $0.title, prices: $0.prices, currency: $0.currency,
            version: $0.version, trackCount: $0.trackCount, from: $0.takenAt, to: $0.checkedAt)
        }
      },
      storefronts: { id, countries in
        guard let run else { throw FeatureError.other(noCommandLine) }
        let outcome = await run([
          "where", String(id), "--countries", countries.joined(separator: ","), "--format",
          "json", "--wait", "0",
        ])
        var answers: [StorefrontAnswer] = []
        if case .array(let rows)? = try? JSONParser.parse(outcome.stdout) {
          answers = rows.compactMap(answer)
        }
        if answers.isEmpty, outcome.code != 0 { throw FeatureError.other(failure(outcome)) }
        return answers
      })
  }

  static let noCommandLine = "This app was started without its command line: no check can run."

  /// A stored change as the features see it.
  static func entry(_ change: WatchChange) -> ChangeEntry {
    ChangeEntry(
      itemID: change.itemID, country: change.country, itemKind: change.itemKind,
      title: change.title,
      kind: ChangeEntry.Kind(rawValue: change.change.rawValue) ?? .priceChanged,
      field: change.field, old: change.old, new: change.new, currency: change.currency,
      notes: change.notes, at: change.foundAt)
  }

  /// A row of `tunes where --format json`.
  static func answer(_ row: JSONValue) -> StorefrontAnswer? {
    guard let country = row["country"]?.text else { return nil }
    var available = false
    if case .bool(let value)? = row["available"] { available = value }
    return StorefrontAnswer(
      country: country, available: available, price: row["price"]?.text,
      currency: row["currency"]?.text, title: row["title"]?.text,
      trackCount: row["trackCount"]?.integer.map { Int($0) })
  }

  static func arrayCount(_ value: JSONValue) -> Int? {
    if case .array(let items) = value { return items.count }
    return nil
  }

  /// A command's stderr as sentences, without the `tunes: ` each line starts with.
  static func lines(_ text: String) -> [String] {
    text.split(separator: "\n").map {
      var line = String($0).trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("tunes: ") { line.removeFirst("tunes: ".count) }
      return line
    }.filter { !$0.isEmpty }
  }

  /// What a failed command said (its last lines), or its exit code.
  static func failure(_ run: CommandRun) -> String {
    let said = lines(run.stderr)
    return said.isEmpty ? "it ended with code \(run.code)." : said.suffix(2).joined(separator: " ")
  }
}
