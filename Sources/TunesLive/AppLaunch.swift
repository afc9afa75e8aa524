import ITunesClient
import TerminalPOSIX
import TunesFeatures
import TunesStorage

/// What the command line decided when it is the app that starts: where the API is, how long
/// to wait, how to use the cache, and the process environment.
package struct AppLaunch: Sendable {
  /// The client's base URL and timeout, already validated.
  package var configuration: ClientConfiguration
  /// `.normal`, `.offline` (`--offline`) or `.disabled` (`--no-cache`).
  package var cacheMode: ResponseCachePolicy.Mode
  /// The process environment (`XDG_*`, `TERM`, `TUNES_LOG` …).
  package var environment: [String: String]

  /// Makes a launch description.
  package init(
    configuration: ClientConfiguration, cacheMode: ResponseCachePolicy.Mode,
    environment: [String: String]
  ) {
    self.configuration = configuration
    self.cacheMode = cacheMode
    self.environment = environment
  }
}

extension LiveDependencies {
  /// The live dependencies for a launch, with the start-up notices (see
  /// ``make(configuration:paths:cacheMode:log:)``).
  package static func make(launch: AppLaunch, log: Log) -> (
    dependencies: TunesDependencies, notices: [String]
  ) {
    make(
      configuration: launch.configuration, paths: StoragePaths(environment: launch.environment),
      cacheMode: launch.cacheMode, log: log)
  }
}
