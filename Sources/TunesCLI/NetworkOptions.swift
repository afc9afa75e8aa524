import Foundation
import ITunesCatalog
import ITunesClient
import TunesLive
import TunesStorage

/// Options shared by every command that reaches the network, and the client they configure.
enum NetworkOptions {
  static let options: [ArgumentParser.Option] = [
    .value(
      "api-base", "URL", help: "API base URL (default https://itunes.apple.com; env TUNES_API_BASE)"
    ),
    .value("timeout", "SECONDS", help: "give up on a request after this long (default 15)"),
    .flag("offline", help: "answer from the local cache only; a miss is an error"),
    .flag("no-cache", help: "neither read nor write the local response cache"),
    .flag("demo", help: "use the built-in demo catalogue, served on 127.0.0.1 (no network)"),
  ]

  /// The base URL and timeout the parsed options and the environment ask for.
  static func configuration(
    _ parsed: ArgumentParser.Parsed, context: CLIContext
  ) throws(CLIError) -> ClientConfiguration {
    let resolved: ClientConfiguration
    do {
      resolved = try ClientConfiguration.resolve(
        apiBase: parsed.value("api-base"), timeout: parsed.value("timeout"),
        environment: context.environment)
    } catch {
      throw .client(error)
    }
    return try DemoOption.configuration(resolved, parsed)
  }

  /// Builds the client for parsed options: configuration, then the cache layer.
  static func client(
    _ parsed: ArgumentParser.Parsed, context: CLIContext
  ) throws(CLIError) -> ITunesClient {
    let configuration = try configuration(parsed, context: context)
    if parsed.has("offline"), parsed.has("no-cache") {
      throw .usage("--offline and --no-cache cannot be used together.", command: "")
    }
    if parsed.has("demo") { return DemoOption.client(configuration, context: context) }
    let base = context.makeClient(configuration)
    let mode: ResponseCachePolicy.Mode =
      parsed.has("offline") ? .offline : parsed.has("no-cache") ? .disabled : .normal
    guard mode != .disabled else { return base }
    let store: ResponseCacheStore
    do {
      store = try ResponseCacheBridge.openThrowing(paths: context.paths, now: context.now)
    } catch {
      if mode == .offline { throw CLIError.wrap(error) }
      context.err(
        "tunes: note: the response cache is not available (\(Self.describe(error))); continuing without it."
      )
      return base
    }
    return base.caching(
      store: store, policy: ResponseCachePolicy(mode: mode, now: context.now))
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
