import Foundation
import ITunesCatalog
import ITunesClient
import TunesMCP
import TunesStorage

/// `tunes mcp [network options] [--wait SECONDS]`: the Model Context Protocol on standard input
/// and output (TunesMCP), with the client, cache, pacing and database every command uses.
enum MCPCommand {
  static let parser = ArgumentParser(
    command: "mcp",
    options: [
      Options.wait.option(
        help:
          "wait at most this long for Apple's rate limit (default 0: answer at once, saying how long)"
      ),
      Options.help.option(help: "show this help"),
    ] + NetworkOptions.options)

  /// A call that would wait for Apple's rate limit answers at once, saying how long, unless
  /// `--wait` allows a wait.
  static let defaultWaitSeconds = 0.0

  static func run(_ arguments: [String], context: CLIContext) async throws(CLIError) -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed(Options.help) {
      context.out(HelpText.mcp)
      return ExitCode.success
    }
    guard parsed.positional.isEmpty else {
      throw .usage("mcp takes no arguments, only options.", command: "mcp")
    }
    let parts = try NetworkOptions.parts(
      parsed, context: context, defaultWaitSeconds: defaultWaitSeconds)
    let client = parts.cache.map { parts.network.caching(store: $0, policy: parts.policy) }
    let lookup = BulkLookup(
      network: parts.network, cache: parts.cache, policy: parts.policy, entity: nil, limit: nil,
      sort: nil, country: nil)
    // The demo's ids are not Apple's: its favourites live in a folder of their own, for the
    // session (as the app keeps them in memory), never among the real ones.
    let demoFolder = parsed(Options.demo) ? try demoStorage() : nil
    let removeDemoFolder: @Sendable () -> Void = {
      demoFolder.map { _ = try? FileManager.default.removeItem(at: $0) }
    }
    defer { removeDemoFolder() }
    let paths = demoFolder.map { StoragePaths(environment: ["HOME": $0.path]) } ?? context.paths
    // The commands behind the watch, where and releases tools get this server's network
    // options, and its --wait (0 unless given: a tool answers at once, as every tool does).
    let forwarded = forwardedOptions(arguments) + ["--wait", parsed(Options.wait) ?? "0"]
    let services = MCPServices(
      client: client ?? parts.network,
      lookup: { ids, country in
        var run = lookup
        run.country = country
        var items: [CatalogItem] = []
        let summary = try await run.run(ids, emit: { items += $0 })
        return LookupOutcome(
          items: items, unknown: summary.unknown, notLookedUp: summary.notLookedUp,
          failure: summary.failure)
      },
      openDatabase: { writable in try context.openDatabase(paths, writable, context.now) },
      describe: { CLIError.wrap($0).message },
      now: context.now,
      command: { command in
        await runInProcess(command + forwarded, context: context, paths: paths)
      })
    let end = await MCPStdio.run(
      MCPSession(services: services, serverVersion: ITunesClient.version),
      log: { context.err($0) }, onSignal: removeDemoFolder)
    if case .outputFailed(let code) = end {
      // As for every command: `TunesCLI.run` exits 74 and says why (a closed pipe, EPIPE,
      // is the client leaving, not a failure).
      context.outputStatus.record(code, on: .standardOutput)
    }
    return ExitCode.success
  }

  /// The network options among `arguments` (`--api-base URL`, `--timeout S`, `--offline`,
  /// `--no-cache`, `--demo`), for the commands the tools run.
  static func forwardedOptions(_ arguments: [String]) -> [String] {
    let valued: Set<String> = ["--api-base", "--timeout"]
    let flags: Set<String> = ["--offline", "--no-cache", "--demo"]
    var out: [String] = []
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      if flags.contains(word) {
        out.append(word)
      } else if valued.contains(word), index + 1 < arguments.count {
        out += [word, arguments[index + 1]]
        index += 1
      } else if let name = word.split(separator: "=").first.map(String.init),
        valued.contains(name)
      {
        out.append(word)
      }
      index += 1
    }
    return out
  }

  /// Runs one command line in this process with its output captured (never on the protocol's
  /// standard output).
  static func runInProcess(
    _ arguments: [String], context: CLIContext, paths: StoragePaths
  ) async -> CommandOutcome {
    let output = CapturedOutput()
    var captured = context
    captured.writeOut = { output.append(out: $0) }
    captured.writeErr = { output.append(err: $0) }
    captured.stdoutIsTerminal = false
    captured.stderrIsTerminal = false
    captured.interactive = false
    captured.handlesSignals = false
    captured.paths = paths
    captured.readStdin = { Data() }
    let code = await TunesCLI.run(arguments, context: captured)
    return CommandOutcome(code: code, stdout: output.out, stderr: output.err)
  }

  private static func demoStorage() throws(CLIError) -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tunes-mcp-demo-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw CLIError.wrap(error)
    }
    return folder
  }
}

/// Output of a command run in-process, gathered from whichever thread writes it.
private final class CapturedOutput: @unchecked Sendable {
  private let lock = NSLock()
  private var outBytes: [UInt8] = []
  private var errBytes: [UInt8] = []

  func append(out bytes: [UInt8]) { lock.withLock { outBytes += bytes } }
  func append(err bytes: [UInt8]) { lock.withLock { errBytes += bytes } }
  var out: [UInt8] { lock.withLock { outBytes } }
  var err: String { lock.withLock { String(decoding: errBytes, as: UTF8.self) } }
}
