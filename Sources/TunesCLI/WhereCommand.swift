import Dispatch
import Foundation
import ITunesCatalog
import ITunesClient
import Synchronization
import TunesStorage

#if canImport(Glibc)
  import Glibc
#endif

/// `tunes where ID… [--countries CC,CC… | GROUP | all]`: the items in many storefronts, one
/// request a storefront (up to 200 ids), each storefront's answer stored as it arrives so an
/// interrupted sweep resumes without asking a storefront again.
enum WhereCommand {
  static let parser = ArgumentParser(
    command: "where",
    options: [
      Options.countries.option(
        help: "storefronts: codes (us,gb,jp), a group (eu, english …) or all (default all)"),
      Options.idsFrom.option(help: "read ids from FILE (one a line or comma-separated)"),
      Options.fresh.option(help: "start the sweep afresh instead of resuming an unfinished one"),
      Options.format.option(help: "table, json, ndjson, csv or tsv"),
      Options.help.option(help: "show this help"),
      Options.wait.option(
        help:
          "wait at most this long for Apple's rate limit per request, else exit 75 (default 120)"),
    ] + NetworkOptions.options)

  /// Apple's documented pace, for the estimate said before a long sweep.
  static let requestsPerMinute = 20

  /// One item in one storefront.
  struct Answer: Equatable {
    var id: Int64
    var country: String
    var available: Bool
    var kind: String?
    var title: String?
    var price: String?
    var currency: String?
    var trackCount: Int?
  }

  static func run(_ arguments: [String], context: CLIContext) async throws(CLIError) -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed(Options.help) {
      context.out(HelpText.whereHelp)
      return ExitCode.success
    }
    let format = try parsed(Options.format) ?? .table
    guard format != .m3u8 else {
      throw CLIError.usage(
        "where writes table, json, ndjson, csv or tsv: storefronts have nothing to play.",
        command: "where")
    }
    let countries = try StorefrontList.parse(parsed(Options.countries) ?? "all", command: "where")
    if parsed(Options.offline) {
      throw .usage("where asks each storefront afresh: it cannot run --offline.", command: "where")
    }
    let sources = IDList.Sources(arguments: parsed.positional, file: parsed(Options.idsFrom))
    guard !sources.arguments.isEmpty || sources.file != nil else {
      throw .usage(
        "where needs ids (e.g. tunes where 1440857781 --countries us,gb).", command: "where")
    }
    let ids = try IDList.read(sources, command: "where", context: context)
    guard ids.count <= BulkLookup.batchSize else {
      throw .usage(
        "where takes up to \(BulkLookup.batchSize) ids (one request a storefront), not \(ids.count).",
        command: "where")
    }
    let database = try WatchSupport.openDatabase(context: context)
    let key =
      ids.sorted().map(String.init).joined(separator: ",") + "|"
      + countries.sorted().joined(separator: ",")
    let now = context.now()
    var sweep: SweepStore.Sweep
    do {
      sweep = try database.sweeps.open(key: key, at: now)
      if sweep.resumed, parsed(Options.fresh) {
        try database.sweeps.finish(sweep: sweep.id, at: now)
        sweep = try database.sweeps.open(key: key, at: now)
      }
    } catch {
      throw CLIError.wrap(error)
    }
    var answers: [String: [Answer]] = [:]
    for (country, data) in sweep.answers { answers[country] = decode(data, country: country) }
    let remaining = countries.filter { answers[$0] == nil }
    if sweep.resumed, !answers.isEmpty {
      context.err(
        "tunes: resuming the sweep started \(ISODate.string(from: sweep.startedAt)): "
          + "\(countries.count - remaining.count) of \(countries.count) storefronts already "
          + "answered, \(remaining.count) to ask.")
    }
    if remaining.count > requestsPerMinute {
      let minutes = (remaining.count + requestsPerMinute - 1) / requestsPerMinute
      context.err(
        "tunes: asking \(remaining.count) storefronts, one request each at Apple's pace of about "
          + "\(requestsPerMinute) a minute: about \(minutes) minutes. Ctrl-C stops; the same "
          + "command resumes.")
    }
    let stop = StopRequest(context: context)
    defer { stop.release() }
    let parts = try NetworkOptions.parts(
      parsed, context: context, defaultWaitSeconds: WatchSupport.defaultWaitSeconds,
      onWait: { stop.waiting(for: $0) })
    var lookup = BulkLookup(
      network: parts.network, cache: parts.cache, policy: parts.policy, entity: nil, limit: nil,
      sort: nil, country: nil, cacheBuster: WatchSupport.cacheBuster(now))
    var failure: ClientError?
    var asked = 0
    for country in remaining {
      if stop.requested {
        break
      }
      // Apple's default storefront unnamed, so the answers saved per id are the ones a plain
      // `tunes lookup ID` finds.
      lookup.country = country == Country.appleDefault ? nil : country
      let wanted = Set(ids)
      let current = lookup
      stop.finished()
      // Its own task, so Ctrl-C during a wait for the rate limit (nothing sent yet) stops it.
      let task = Task { () throws -> (BulkLookup.Summary, [Answer]) in
        var found: [Answer] = []
        let summary = try await current.run(
          ids,
          emit: { items in
            for item in items where wanted.contains(item.id) {
              found.append(answer(item, country: country))
            }
          })
        return (summary, found)
      }
      stop.running(task)
      let summary: BulkLookup.Summary
      let found: [Answer]
      do {
        (summary, found) = try await task.value
      } catch {
        throw CLIError.wrap(error)
      }
      stop.finished()
      if case .cancelled? = summary.failure, stop.requested { break }
      if let error = summary.failure, !summary.notLookedUp.isEmpty {
        failure = error
        break
      }
      do {
        try database.sweeps.save(
          sweep: sweep.id, country: country, answer: encode(found), at: context.now())
      } catch {
        throw CLIError.wrap(error)
      }
      answers[country] = found
      asked += 1
      progress(asked, of: remaining.count, country: country, context: context)
    }
    if context.stderrIsTerminal { context.writeErr(Array("\r\u{1B}[2K".utf8)) }
    let complete = countries.allSatisfy { answers[$0] != nil }
    if complete {
      try? database.sweeps.finish(sweep: sweep.id, at: context.now())
    }
    let rows = table(ids: ids, countries: countries, answers: answers)
    context.writeOut(
      WhereOutput(width: context.tableWidth, color: context.color).format(rows, as: format))
    let sold = Set(rows.filter(\.available).map(\.country)).count
    let done = countries.filter { answers[$0] != nil }.count
    context.err(
      "tunes: sold in \(sold) of the \(done) storefronts asked"
        + (complete ? "." : "; \(countries.count - done) not asked yet."))
    if let failure {
      context.err(CLIError.client(failure).message)
      context.err("tunes: the same command resumes the sweep.")
      return CLIError.client(failure).exitCode
    }
    if !complete {
      context.err("tunes: interrupted; the same command resumes the sweep.")
      return ExitCode.interrupted
    }
    return ExitCode.success
  }

  /// The line on stderr after a storefront answered: redrawn on a terminal, every tenth
  /// otherwise.
  static func progress(_ asked: Int, of total: Int, country: String, context: CLIContext) {
    if context.stderrIsTerminal {
      let text = "asking storefronts: \(asked) of \(total) · \(country.uppercased())"
      context.writeErr(Array(("\r\u{1B}[2K" + text).utf8))
    } else if asked % 10 == 0, asked < total {
      context.err("tunes: \(asked) of \(total) storefronts asked")
    }
  }

  static func answer(_ item: CatalogItem, country: String) -> Answer {
    let counted: Set<ItemKind> = [.album, .podcast, .tvSeason]
    return Answer(
      id: item.id, country: country, available: true, kind: item.kind.rawValue, title: item.title,
      price: item.price.map(WatchSupport.text), currency: item.currency,
      trackCount: counted.contains(item.kind) ? item.trackCount : nil)
  }

  /// One row per id and storefront, the ids in the order given; a storefront without an
  /// answer for an id does not sell it. Titles and track counts are kept only where they differ
  /// from the first storefront that sells the item.
  static func table(
    ids: [Int64], countries: [String], answers: [String: [Answer]]
  ) -> [Answer] {
    var rows: [Answer] = []
    for id in ids {
      var reference: Answer?
      for country in countries {
        guard let answered = answers[country] else { continue }
        guard var row = answered.first(where: { $0.id == id }) else {
          rows.append(Answer(id: id, country: country, available: false))
          continue
        }
        if let reference {
          if row.title == reference.title { row.title = nil }
          if row.trackCount == reference.trackCount { row.trackCount = nil }
        } else {
          reference = row
        }
        rows.append(row)
      }
    }
    return rows
  }

  static func encode(_ answers: [Answer]) -> Data {
    let values: [JSONValue] = answers.map { answer in
      var members: [(key: String, value: JSONValue)] = [
        ("id", .number(JSONNumber(text: String(answer.id))))
      ]
      if let kind = answer.kind { members.append(("kind", .string(kind))) }
      if let title = answer.title { members.append(("title", .string(title))) }
      if let price = answer.price { members.append(("price", .string(price))) }
      if let currency = answer.currency { members.append(("currency", .string(currency))) }
      if let count = answer.trackCount {
        members.append(("trackCount", .number(JSONNumber(text: String(count)))))
      }
      return .object(members)
    }
    return Data(JSONWriter.bytes(.array(values)))
  }

  static func decode(_ data: Data, country: String) -> [Answer] {
    guard case .array(let values)? = try? JSONParser.parse(Array(data)) else { return [] }
    return values.compactMap { value in
      guard let id = value["id"]?.integer else { return nil }
      return Answer(
        id: id, country: country, available: true, kind: value["kind"]?.text,
        title: value["title"]?.text, price: value["price"]?.text,
        currency: value["currency"]?.text, trackCount: value["trackCount"]?.integer.map(Int.init))
    }
  }
}

/// Ctrl-C during a sweep: the storefront being asked is finished and stored, then the sweep
/// stops; while the request still waits for Apple's rate limit (nothing sent yet) it is
/// cancelled instead, so the stop is prompt and nothing is asked twice. A second Ctrl-C ends the
/// process at once. Only in the real process; tests ask through `CLIContext.stopRequested`.
final class StopRequest: Sendable {
  /// What the signal handler and the sweep share.
  private struct State {
    var stopped = false
    /// Until when the current request waits for the rate limit (not sent before then).
    var waitingUntil: ContinuousClock.Instant?
    /// Cancels the current storefront's task.
    var cancel: (@Sendable () -> Void)?
  }

  /// The state behind a lock the signal handler can hold on to.
  private final class Shared: Sendable {
    let mutex = Mutex(State())
  }

  private let shared = Shared()
  private let source: SignalSource?
  private let asked: @Sendable () -> Bool

  /// The signal source, kept only to be cancelled.
  private final class SignalSource: @unchecked Sendable {
    let source: any DispatchSourceSignal
    init(_ source: any DispatchSourceSignal) { self.source = source }
  }

  init(context: CLIContext) {
    asked = context.stopRequested
    guard context.handlesSignals else {
      source = nil
      return
    }
    signal(SIGINT, SIG_IGN)
    // A queue of its own (a thread of its own when needed): the global queues share their
    // threads with the sweep's work and, on a busy machine, ran the handler seconds late.
    let signals = DispatchSource.makeSignalSource(
      signal: SIGINT, queue: DispatchQueue(label: "tunes.where.interrupt"))
    source = SignalSource(signals)
    let shared = self.shared
    signals.setEventHandler {
      // The next Ctrl-C is the default one: stop now.
      signal(SIGINT, SIG_DFL)
      let cancel = shared.mutex.withLock { state -> (@Sendable () -> Void)? in
        state.stopped = true
        // A margin: a wait about to end may be sending its request already.
        guard let until = state.waitingUntil, ContinuousClock.now < until - .milliseconds(300)
        else { return nil }
        return state.cancel
      }
      cancel?()
    }
    signals.resume()
  }

  /// Whether the sweep should stop before the next storefront.
  var requested: Bool { shared.mutex.withLock { $0.stopped } || asked() }

  /// The current storefront's task.
  func running<T: Sendable>(_ task: Task<T, any Error>) {
    let cancel: @Sendable () -> Void = { task.cancel() }
    // The wait it may already have started is kept: the task runs from the moment it is made.
    shared.mutex.withLock { $0.cancel = cancel }
  }

  /// The current storefront's task is done.
  func finished() {
    shared.mutex.withLock { state in
      state.waitingUntil = nil
      state.cancel = nil
    }
  }

  /// The current request starts waiting `wait` for the rate limit.
  func waiting(for wait: Duration) {
    shared.mutex.withLock { $0.waitingUntil = ContinuousClock.now + wait }
  }

  /// Gives SIGINT back.
  func release() {
    guard let source else { return }
    source.source.cancel()
    signal(SIGINT, SIG_DFL)
  }
}
