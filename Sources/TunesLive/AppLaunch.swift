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
  /// How artwork is drawn, from `--images` (already checked); `nil`: the config key, else auto.
  package var images: String?

  /// Makes a launch description.
  package init(
    configuration: ClientConfiguration, cacheMode: ResponseCachePolicy.Mode,
    environment: [String: String], images: String? = nil
  ) {
    self.images = images
    self.configuration = configuration
    self.cacheMode = cacheMode
    self.environment = environment
  }
}

extension LiveDependencies {
  /// The live dependencies for a launch, with the start-up notices (see
  /// ``make(configuration:paths:cacheMode:log:)``), and the preview player: one mpv started on
  /// the first `p`, options from the config file and `TUNES_MPV_OPTIONS`, preview URLs moved to
  /// `TUNES_MEDIA_BASE` when it is set.
  package static func make(launch: AppLaunch, log: Log) -> (
    dependencies: TunesDependencies, notices: [String]
  ) {
    let paths = StoragePaths(environment: launch.environment)
    var (dependencies, notices) = make(
      configuration: launch.configuration, paths: paths, cacheMode: launch.cacheMode, log: log)
    let environment = launch.environment
    dependencies.player = LivePlayback.player(
      environment: environment, configFile: paths.configFile)
    dependencies.previewURL = { LivePlayback.previewURL(for: $0, environment: environment) }
    return (dependencies, notices)
  }
}
