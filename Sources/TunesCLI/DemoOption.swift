import ITunesClient
import TunesLive

/// `--demo`: every network command (and the app) on the built-in demo catalogue, served in this
/// process on a loopback port; no response cache, no pacing, no history.
enum DemoOption {
  /// The configuration `--demo` asks for: the demo server's URL, with the timeout given.
  static func configuration(
    _ resolved: ClientConfiguration, _ parsed: ArgumentParser.Parsed
  ) throws(CLIError) -> ClientConfiguration {
    guard parsed(Options.demo) else { return resolved }
    if parsed(Options.apiBase) != nil {
      throw .usage("--demo and --api-base cannot be used together.", command: "")
    }
    if parsed(Options.offline) {
      throw .usage("--demo and --offline cannot be used together.", command: "")
    }
    do {
      return try DemoServer.configuration(like: resolved)
    } catch {
      throw .other("The demo catalogue could not start: \(NetworkOptions.describe(error))")
    }
  }

  /// The client of the demo server (tests' `makeClient` is bypassed: the demo is real).
  static func client(_ configuration: ClientConfiguration, context: CLIContext) -> ITunesClient {
    DemoServer.client(configuration: configuration)
  }
}
