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
      now: context.now)
    return await MCPStdio.run(
      MCPSession(services: services, serverVersion: ITunesClient.version),
      log: { context.err($0) }, onSignal: removeDemoFolder)
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
