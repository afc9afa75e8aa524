import Foundation
import ITunesCatalog
import ITunesClient
import TunesStorage

/// `tunes watch [ID… | - | --ids-from FILE] [--country CC,CC…] [--format F]`: looks every watched
/// item up (the favourites unless ids are given), 200 a request per storefront with a
/// cache-buster, stores what matters as a dated snapshot and prints what changed since the last
/// check. Changes are stored when found, so each is reported once.
enum WatchCommand {
  static let parser = ArgumentParser(
    command: "watch",
    options: [
      Options.idsFrom.option(
        help: "watch the ids in FILE (- for standard input), not the favourites"),
      Options.country.option(help: "storefronts to check, comma-separated (default us)"),
      Options.watchFormat.option(help: "table, json, ndjson, csv, tsv or atom"),
      Options.help.option(help: "show this help"),
      Options.wait.option(
        help:
          "wait at most this long for Apple's rate limit per request, else exit 75 (default 120)"),
    ] + NetworkOptions.options)

  /// One watched id, with what is known of it before it is looked up.
  struct Watched {
    var id: Int64
    var kind: String?
    var title: String?
    var storeURL: String?
  }

  static func run(_ arguments: [String], context: CLIContext) async throws(CLIError) -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed(Options.help) {
      context.out(HelpText.watch)
      return ExitCode.success
    }
    let format = try parsed(Options.watchFormat) ?? .table
    let countries = try StorefrontList.parse(parsed(Options.country), command: "watch")
    if parsed(Options.offline) {
      throw .usage(
        "watch asks Apple for news: it cannot run --offline (tunes favorites list can).",
        command: "watch")
    }
    let database = try WatchSupport.openDatabase(context: context)
    let watched = try watchedItems(parsed, database: database, context: context)
    guard !watched.isEmpty else {
      context.err(
        "tunes: nothing to watch: no favourites yet. Add some with tunes favorites add ID, or "
          + "give ids (tunes watch --ids-from FILE).")
      return ExitCode.success
    }
    let parts = try NetworkOptions.parts(
      parsed, context: context, defaultWaitSeconds: WatchSupport.defaultWaitSeconds)
    let now = context.now()
    var lookup = BulkLookup(
      network: parts.network, cache: parts.cache, policy: parts.policy, entity: nil, limit: nil,
      sort: nil, country: nil, cacheBuster: WatchSupport.cacheBuster(now))
    let ids = watched.map(\.id)
    let known = Dictionary(watched.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var changes: [WatchChange] = []
    var links: [Int64: String] = known.compactMapValues(\.storeURL)
    var failed: ClientError?
    let progress = BulkProgressLine(context: context)
    for country in countries {
      // Apple's default storefront unnamed, so the answers saved per id are the ones a plain
      // `tunes lookup ID` finds.
      lookup.country = country == Country.appleDefault ? nil : country
      // An id can name an artist as well as an app or album: the answer must be of the kind
      // the item was (the favourite's, or the last snapshot's), else the item is not sold.
      let expected: [Int64: String]
      do {
        expected = try database.snapshots.latest(ids: ids, country: country).mapValues(\.kind)
          .merging(known.compactMapValues(\.kind)) { _, favourite in favourite }
      } catch {
        throw CLIError.wrap(error)
      }
      var items: [Int64: CatalogItem] = [:]
      let summary: BulkLookup.Summary
      do {
        summary = try await lookup.run(
          ids,
          emit: { batch in
            for item in batch where known[item.id] != nil {
              let wanted = expected[item.id]
              if let wanted, wanted != "item", item.kind.rawValue != wanted { continue }
              if wanted == nil, item.kind == .artist, items[item.id] != nil { continue }
              if items[item.id] == nil || items[item.id]?.kind == .artist { items[item.id] = item }
            }
          }, progress: { progress.show($0) })
      } catch {
        progress.clear()
        throw CLIError.wrap(error)
      }
      progress.clear()
      // Not sold there: ids Apple answered with nothing, or only with something of another kind.
      let notLookedUp = Set(summary.notLookedUp)
      let unknown = Set(summary.unknown).union(
        ids.filter { !notLookedUp.contains($0) && items[$0] == nil })
      var snapshots: [WatchSnapshot] = []
      for id in ids {
        if let item = items[id] {
          snapshots.append(WatchSupport.snapshot(of: item, country: country, at: now))
          if let url = item.storeURLText { links[id] = url }
        } else if unknown.contains(id) {
          snapshots.append(
            .unavailable(
              itemID: id, country: country, kind: expected[id] ?? "item", at: now))
        }
      }
      let outcome: SnapshotStore.Outcome
      do {
        outcome = try database.snapshots.record(snapshots)
      } catch {
        throw CLIError.wrap(error)
      }
      changes += outcome.changes
      if !snapshots.isEmpty {
        context.err(status(outcome, checked: snapshots.count, country: country))
      }
      if let failure = summary.failure, !summary.notLookedUp.isEmpty {
        failed = failure
        context.err(
          "tunes: \(summary.notLookedUp.count) of the \(ids.count) ids were not checked in "
            + "\(country.uppercased()): " + BulkLookupCommand.list(summary.notLookedUp) + ".")
        context.err(CLIError.client(failure).message)
      }
    }
    let output = WatchOutput(
      width: context.tableWidth, color: context.color, links: links, now: now)
    if format == .atom {
      // A feed reader wants the recent changes, not only this run's: entries keep their ids,
      // so a reader shows each once however often the feed is written.
      let recent =
        (try? database.snapshots.changes(since: now.addingTimeInterval(-30 * 86_400), limit: 200))
        ?? changes
      context.writeOut(output.atom(recent))
    } else if !changes.isEmpty {
      context.writeOut(output.format(changes, as: format))
    } else if format == .json {
      context.out("[]\n")
    } else if format == .csv || format == .tsv {
      context.writeOut(output.format([], as: format))
    }
    if let failed { return CLIError.client(failed).exitCode }
    return ExitCode.success
  }

  /// The line on stderr after a storefront was checked.
  static func status(_ outcome: SnapshotStore.Outcome, checked: Int, country: String) -> String {
    let store = country.uppercased()
    if outcome.firstSeen == checked {
      return
        "tunes: first check of \(Plural.count(checked, "item")) in \(store): recorded; nothing to compare yet."
    }
    var parts: [String] = []
    if outcome.firstSeen > 0 {
      parts.append("\(outcome.firstSeen) new to the watch (nothing to compare yet)")
    }
    parts.append(
      outcome.changes.isEmpty
        ? "no changes since the last check" : Plural.count(outcome.changes.count, "change"))
    return "tunes: checked \(Plural.count(checked, "item")) in \(store): "
      + parts.joined(separator: ", ") + "."
  }

  /// The ids given (`ID…`, `-`, `--ids-from FILE` or `--ids-from -`), else the favourites.
  static func watchedItems(
    _ parsed: ArgumentParser.Parsed, database: TunesDatabase, context: CLIContext
  ) throws(CLIError) -> [Watched] {
    var arguments = parsed.positional
    var file = parsed(Options.idsFrom)
    if file == "-" {
      arguments.append("-")
      file = nil
    }
    if !arguments.isEmpty || file != nil {
      let ids = try IDList.read(
        IDList.Sources(arguments: arguments, file: file), command: "watch", context: context)
      return ids.map { Watched(id: $0) }
    }
    let records: [FavoriteRecord]
    do {
      records = try database.favorites.list()
    } catch {
      throw CLIError.wrap(error)
    }
    var seen = Set<Int64>()
    return records.compactMap { record in
      guard seen.insert(record.id).inserted else { return nil }
      let item = FavoritesCommand.item(from: record)
      return Watched(
        id: record.id, kind: record.kind, title: record.title, storeURL: item?.storeURLText)
    }
  }
}

/// What `watch`, `where` and `releases` share.
enum WatchSupport {
  /// How long a request of `watch`, `where` or `releases` may wait for Apple's rate limit
  /// unless `--wait` says otherwise: a whole window (61 s) and then some, because these runs
  /// are expected to take longer than 20 requests (a 174-storefront sweep is nine minutes).
  static let defaultWaitSeconds: Double = 120
  /// The database, writable, with its recovery note on stderr.
  static func openDatabase(context: CLIContext) throws(CLIError) -> TunesDatabase {
    let database: TunesDatabase
    do {
      database = try context.database(writable: true)
    } catch {
      throw CLIError.wrap(error)
    }
    if let recovery = database.recovery { context.err("tunes: " + recovery.message) }
    return database
  }

  /// The value of Apple's ignored `_` parameter for a run at `date`: milliseconds, so two runs
  /// never share one.
  static func cacheBuster(_ date: Date) -> String {
    String(Int64((date.timeIntervalSince1970 * 1000).rounded()))
  }

  /// What matters of `item` in `country` at `date`.
  static func snapshot(of item: CatalogItem, country: String, at date: Date) -> WatchSnapshot {
    var prices: [String: String] = [:]
    if let price = item.price { prices["price"] = text(price) }
    if let movie = item.movie {
      if let value = movie.rentalPrice { prices["rentalPrice"] = text(value) }
      if let value = movie.hdPrice { prices["hdPrice"] = text(value) }
      if let value = movie.hdRentalPrice { prices["hdRentalPrice"] = text(value) }
    }
    let counted: Set<ItemKind> = [.album, .podcast, .tvSeason]
    return WatchSnapshot(
      itemID: item.id, country: country, kind: item.kind.rawValue, title: item.title,
      currency: item.currency, prices: prices, version: item.app?.version,
      versionDate: item.app?.currentVersionReleaseDate, releaseNotes: item.app?.releaseNotes,
      trackCount: counted.contains(item.kind) ? item.trackCount : nil,
      ratingCount: item.app?.ratingCount ?? item.book?.ratingCount, takenAt: date)
  }

  /// A price as plain decimal text (`0.99`, `250`).
  static func text(_ value: Decimal) -> String {
    NSDecimalNumber(decimal: value).stringValue
  }
}

/// `--country us,gb,jp`, a named group or `all`.
enum StorefrontList {
  /// The storefronts `text` names (lower case, in order, each once); `us` when `nil`.
  static func parse(_ text: String?, command: String) throws(CLIError) -> [String] {
    guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
      return [Country.appleDefault]
    }
    var codes: [String] = []
    for word in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      if let group = Country.storefrontGroups[word.lowercased()] {
        codes += group
      } else if let code = Country.normalized(word) {
        codes.append(code.lowercased())
      } else {
        var message = "\"\(word)\" is not a storefront: give two-letter codes (us,gb,jp)"
        message +=
          ", a group (" + Country.storefrontGroups.keys.sorted().joined(separator: ", ") + ")."
        throw .usage(message, command: command)
      }
    }
    var seen = Set<String>()
    return codes.filter { seen.insert($0).inserted }
  }
}
