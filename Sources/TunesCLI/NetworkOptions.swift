import Foundation
import ITunesCatalog
import ITunesClient
import Synchronization
import TunesLive
import TunesStorage

/// Options shared by every command that reaches the network, and the client they configure.
enum NetworkOptions {
  static let options: [ArgumentParser.Option] = [
    Options.apiBase.option(
      help: "API base URL (default https://itunes.apple.com; env TUNES_API_BASE)"
    ),
    Options.timeout.option(help: "give up on a request after this long (default 15)"),
    Options.offline.option(help: "answer from the local cache only; a miss is an error"),
    Options.noCache.option(help: "neither read nor write the local response cache"),
    Options.demo.option(help: "use the built-in demo catalogue, served on 127.0.0.1 (no network)"),
  ]

  /// `--wait`, for the commands that send requests (not the app, which shows a countdown).
  static let pacingOptions: [ArgumentParser.Option] = [
    Options.wait.option(
      help: "wait at most this long for Apple's rate limit, else exit 75 at once (default 66)")
  ]

  /// How long a command waits for the shared rate limit unless `--wait` says otherwise: the
  /// pacing window (61 s, `RateLimit.paced`) and 5 s more, so the 21st of 21 back-to-back
  /// requests (which waits a whole window) and a bulk lookup of any size wait instead of failing.
  static let defaultWaitSeconds = Int(RateLimit.paced.period.components.seconds) + 5

  /// The pacing policy `--wait` asks for: wait up to that long, and say so on stderr.
  static func pacing(
    _ parsed: ArgumentParser.Parsed, context: CLIContext,
    defaultWaitSeconds: Double = Double(defaultWaitSeconds),
    alsoOnWait: (@Sendable (Duration) -> Void)? = nil
  ) throws(CLIError) -> PacingPolicy {
    var seconds = defaultWaitSeconds
    if let text = parsed(Options.wait) {
      guard let value = Double(text), value.isFinite, value >= 0, value <= 86_400 else {
        throw .usage(
          "--wait needs a number of seconds from 0 to 86400, not \"\(text)\".", command: "")
      }
      seconds = value
    }
    let noted = Atomic<Bool>(false)
    return PacingPolicy(
      maxWait: .milliseconds(Int64((seconds * 1000).rounded())),
      onWait: { wait in
        alsoOnWait?(wait)
        // On a terminal, over a progress line that may be drawn there.
        if context.stderrIsTerminal { context.writeErr(Array("\r\u{1B}[2K".utf8)) }
        context.err("tunes: waiting \(PacingPolicy.seconds(wait)) s for Apple's rate limit")
      },
      onSharingLost: { reason in
        guard !noted.exchange(true, ordering: .relaxed) else { return }
        context.err(
          "tunes: note: the rate limit shared by every tunes on this computer is not available "
            + "(\(reason)); this process paces itself alone.")
      })
  }

  /// The base URL and timeout the parsed options and the environment ask for.
  static func configuration(
    _ parsed: ArgumentParser.Parsed, context: CLIContext
  ) throws(CLIError) -> ClientConfiguration {
    let resolved: ClientConfiguration
    do {
      resolved = try ClientConfiguration.resolve(
        apiBase: parsed(Options.apiBase), timeout: parsed(Options.timeout),
        environment: context.environment)
    } catch {
      throw .client(error)
    }
    return try DemoOption.configuration(resolved, parsed)
  }

  /// The pieces a command's client is made of: the paced network client, the response cache
  /// (`nil` with `--no-cache`, or when it cannot be opened: said on stderr) and the policy.
  struct Parts {
    var network: ITunesClient
    var cache: ResponseCacheStore?
    var policy: ResponseCachePolicy
  }

  /// Builds the pieces for parsed options (`tunes mcp` waits for the rate limit only when
  /// `--wait` says so: `defaultWaitSeconds` 0).
  static func parts(
    _ parsed: ArgumentParser.Parsed, context: CLIContext,
    defaultWaitSeconds: Double = Double(defaultWaitSeconds),
    onWait: (@Sendable (Duration) -> Void)? = nil
  ) throws(CLIError) -> Parts {
    let configuration = try configuration(parsed, context: context)
    if parsed(Options.offline), parsed(Options.noCache) {
      throw .usage("--offline and --no-cache cannot be used together.", command: "")
    }
    if parsed(Options.demo) {
      return Parts(
        network: DemoOption.client(configuration, context: context), cache: nil,
        policy: ResponseCachePolicy(mode: .disabled, now: context.now))
    }
    let base = context.makeClient(
      configuration,
      try pacing(
        parsed, context: context, defaultWaitSeconds: defaultWaitSeconds, alsoOnWait: onWait))
    let mode: ResponseCachePolicy.Mode =
      parsed(Options.offline) ? .offline : parsed(Options.noCache) ? .disabled : .normal
    let policy = ResponseCachePolicy(mode: mode, now: context.now)
    guard mode != .disabled else { return Parts(network: base, cache: nil, policy: policy) }
    do {
      let store = try ResponseCacheBridge.openThrowing(
        paths: context.paths, origin: configuration.baseURL, now: context.now)
      return Parts(network: base, cache: store, policy: policy)
    } catch {
      if mode == .offline { throw CLIError.wrap(error) }
      context.err(
        "tunes: note: the response cache is not available (\(Self.describe(error))); continuing without it."
      )
      return Parts(network: base, cache: nil, policy: policy)
    }
  }

  /// Builds the client for parsed options: configuration, then the cache layer.
  static func client(
    _ parsed: ArgumentParser.Parsed, context: CLIContext
  ) throws(CLIError) -> ITunesClient {
    let parts = try parts(parsed, context: context)
    guard let cache = parts.cache else { return parts.network }
    return parts.network.caching(store: cache, policy: parts.policy)
  }

  /// Sends one request with the client these options configure, and notes on stderr when the answer
  /// came from the cache because the network failed.
  static func fetch(
    _ request: CatalogRequest, _ parsed: ArgumentParser.Parsed, context: CLIContext
  ) async throws(CLIError) -> CatalogResponse {
    let client = try client(parsed, context: context)
    let response: CatalogResponse
    do {
      response = try await client.fetch(request)
    } catch {
      throw CLIError.wrap(error)
    }
    noteSource(response, context: context)
    return response
  }

  /// Writes the stale-answer note when a response came from the cache because the network failed.
  static func noteSource(_ response: CatalogResponse, context: CLIContext) {
    guard case .cache(let fetchedAt, let stale, let because) = response.source,
      stale || because != nil
    else { return }
    var note = "tunes: note: showing the cached answer from \(ISODate.string(from: fetchedAt))"
    if let because {
      note += " because the request failed: \(because.errorDescription ?? "\(because)")"
    }
    context.err(note + ".")
  }

  static func describe(_ error: any Error) -> String {
    (error as? LocalizedError)?.errorDescription ?? "\(error)"
  }
}
