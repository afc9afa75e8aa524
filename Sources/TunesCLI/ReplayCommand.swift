import Dispatch
import Foundation
import ITunesCatalog
import ITunesReplay

#if canImport(Glibc)
  import Glibc
#endif

/// `tunes replay DIR [--port N] [--fault SPEC]`: serve recorded responses on 127.0.0.1.
enum ReplayCommand {
  static let parser = ArgumentParser(
    command: "replay",
    options: [
      Options.port.option(help: "port on 127.0.0.1 (default: any free port)"),
      Options.fault.option(help: "inject a fault into every answer: " + ReplayFault.specSummary),
      Options.randomFaults.option(
        help: "fault a random share of the answers (see --fault-rate) with faults drawn from"
          + " SEED: delays, 403, 5xx, truncation, resets, hangs, invalid UTF-8"),
      Options.faultRate.option(
        help: "the share of answers --random-faults faults, 0 to 1 (default 0.2)"),
      Options.rateLimit.option(
        help: "answer 403, as Apple does, to API requests beyond N in any minute"),
      Options.quiet.option(help: "do not log each request", short: false),
      Options.catalog.option(
        help: "also answer every search and lookup the recordings can (not only the exact ones)"),
      Options.demo.option(help: "serve the built-in demo catalogue (no DIR)"),
      Options.help.option(help: "show this help"),
    ])

  static func run(_ arguments: [String], context: CLIContext) throws(CLIError) -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed(Options.help) {
      context.out(HelpText.replay)
      return ExitCode.success
    }
    let demo = parsed(Options.demo)
    guard parsed.positional.count == (demo ? 0 : 1) else {
      throw .usage(
        demo
          ? "replay --demo serves the built-in catalogue and takes no directory."
          : "replay needs one recordings directory (its index.tsv, else every .json file).",
        command: "replay")
    }
    var port: UInt16 = 0
    if let text = parsed(Options.port) {
      guard let value = UInt16(text) else {
        throw .usage("--port needs a number from 0 to 65535, not \"\(text)\".", command: "replay")
      }
      port = value
    }
    let directory = parsed.positional.first.map { URL(fileURLWithPath: $0, isDirectory: true) }
    // A directory without an index.tsv has no exact requests to replay: every .json file in it
    // is read into a catalogue, as if --catalog were given.
    let catalog =
      parsed(Options.catalog)
      || directory.map {
        !FileManager.default.fileExists(atPath: $0.appendingPathComponent("index.tsv").path)
      } == true
    let server: ReplayServer
    // Each line through the CLI's stderr, so the request target a client sent (any bytes) is
    // sanitized like every other text tunes shows.
    let sanitizedLog: ReplayServer.LogSink = { entry in context.err(entry.line) }
    do {
      server = try ReplayCatalogSetup.server(
        directory: directory, catalog: catalog, demo: demo, port: port,
        log: parsed(Options.quiet) || context.quiet ? ReplayServer.silentLog : sanitizedLog,
        context: context)
      if let spec = parsed(Options.fault) { server.setFault(try ReplayFault(spec: spec)) }
      if let random = try randomFaults(parsed) { server.setRandomFaults(random) }
      if let text = parsed(Options.rateLimit) {
        guard let requests = Int(text), requests > 0 else {
          throw CLIError.usage(
            "--rate-limit needs a number of requests a minute, not \"\(text)\".",
            command: "replay")
        }
        server.enforce(ReplayRateLimit(requests: requests))
      }
      try server.start()
      if demo { server.serve(catalogue: DemoCatalogue.make(base: server.baseURL)) }
    } catch let error as CLIError {
      throw error
    } catch let error as ReplayError {
      let text = CLIError.describe(error).replacingOccurrences(of: "tunes: ", with: "")
      throw .file(text, code: Self.exitCode(for: error))
    } catch {
      throw .other("\(error)")
    }
    // Before the address is announced: a client may signal as soon as it reads it.
    var (sources, previous) = stopOnSignals(server)
    if catalog, let directory, !demo {
      previous.append((SIGHUP, signal(SIGHUP, SIG_IGN)))
      sources.append(reloadOnHangUp(server, directory: directory, context: context))
    }
    context.out(
      "Replaying \(directory?.path ?? "the demo catalogue") at \(server.baseURL.absoluteString)\n")
    if let random = try randomFaults(parsed) {
      context.out(
        "Random faults: seed \(random.seed), \(Int((random.rate * 100).rounded())) % of answers\n")
    }
    // A search this server answers: from its catalogue or its recordings, never a fixed term.
    if let search = server.suggestedSearch {
      context.out("Try: TUNES_API_BASE=\(server.baseURL.absoluteString) tunes search \(search)\n")
    }
    server.wait()
    // Run in-process (tests), the process must not go on ignoring them.
    for source in sources { source.cancel() }
    for (number, handler) in previous { signal(number, handler) }
    return ExitCode.success
  }

  /// `--random-faults SEED` with its `--fault-rate`, or nil when not asked for.
  static func randomFaults(_ parsed: ArgumentParser.Parsed) throws(CLIError) -> RandomFaults? {
    let rateText = parsed(Options.faultRate)
    guard let text = parsed(Options.randomFaults) else {
      if rateText != nil {
        throw .usage("--fault-rate goes with --random-faults SEED.", command: "replay")
      }
      return nil
    }
    guard let seed = UInt64(text) else {
      throw .usage(
        "--random-faults needs a seed, a whole number from 0 to \(UInt64.max), not \"\(text)\".",
        command: "replay")
    }
    var rate = RandomFaults.defaultRate
    if let rateText {
      guard let value = Double(rateText), value.isFinite, (0...1).contains(value) else {
        throw .usage(
          "--fault-rate needs a share from 0 to 1, such as 0.2, not \"\(rateText)\".",
          command: "replay")
      }
      rate = value
    }
    return RandomFaults(seed: seed, rate: rate)
  }

  /// 66 for a recordings folder that cannot be read, 64 for a bad fault spec, 69 when the
  /// server cannot listen (a busy port).
  static func exitCode(for error: ReplayError) -> Int32 {
    switch error {
    case .indexMissing, .indexMalformed, .recordingMissing: return ExitCode.noInput
    case .unknownFault, .invalidRequest, .invalidStatus: return ExitCode.usage
    case .socket, .alreadyStarted: return ExitCode.unavailable
    }
  }

  /// Reads DIR's catalogue again on SIGHUP, so a test or a demo can change Apple's answers
  /// between two runs of a client (the exact recordings of its index.tsv stay as they were).
  private static func reloadOnHangUp(
    _ server: ReplayServer, directory: URL, context: CLIContext
  ) -> any DispatchSourceSignal {
    let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
    source.setEventHandler { @Sendable in
      do {
        let engine = try RecordingCatalogue.load(directory: directory)
        server.serve(catalogue: engine)
        context.err("replay: reloaded the catalogue: \(Plural.count(engine.records.count, "item"))")
      } catch {
        context.err("replay: could not reload \(directory.path): \(error)")
      }
    }
    source.resume()
    return source
  }

  /// Stops the server on SIGINT/SIGTERM so `wait()` returns and the process exits 0.
  /// Returns the sources and the dispositions they replaced.
  private static func stopOnSignals(_ server: ReplayServer) -> (
    [any DispatchSourceSignal], [(Int32, sighandler_t?)]
  ) {
    var previous: [(Int32, sighandler_t?)] = []
    let sources = [SIGINT, SIGTERM].map { sig in
      previous.append((sig, signal(sig, SIG_IGN)))
      let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
      source.setEventHandler { @Sendable in server.stop() }
      source.resume()
      return source
    }
    return (sources, previous)
  }
}
