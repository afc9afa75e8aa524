import Foundation
import ITunesClient
import Playback
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
  /// Whether the app runs on the built-in demo catalogue (`tunes --demo`; `configuration`
  /// already points at the demo server).
  package var demo: Bool
  /// How artwork is drawn, from `--images` (already checked); `nil`: the config key, else auto.
  package var images: String?
  /// How video previews are shown, from `--video` (already checked); `nil`: the config key,
  /// else auto.
  package var video: String? = nil
  /// Runs a command of the command line in this process with its output captured (`watch`,
  /// `releases`, `where` for keeping watch in the app); `nil`: the app cannot check.
  package var runCommand: (@Sendable ([String]) async -> CommandRun)? = nil

  /// Makes a launch description.
  package init(
    configuration: ClientConfiguration, cacheMode: ResponseCachePolicy.Mode,
    environment: [String: String], demo: Bool = false, images: String? = nil,
    video: String? = nil
  ) {
    self.images = images
    self.video = video
    self.configuration = configuration
    self.cacheMode = cacheMode
    self.environment = environment
    self.demo = demo
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
      configuration: launch.configuration, paths: paths,
      cacheMode: launch.demo ? .disabled : launch.cacheMode, log: log,
      runCommand: launch.runCommand)
    if launch.demo {
      dependencies.client = DemoServer.client(configuration: launch.configuration)
      dependencies.history = .inMemory()
      dependencies.favorites = .inMemory()
      // The demo's invented episodes leave no places in the person's database.
      dependencies.listening = .inMemory()
      dependencies.isDemo = true
      dependencies.backgroundCheck = { nil }
      // The demo's ids are not Apple's: nothing is watched (the Changes row is not drawn).
      dependencies.watch = .unavailable
    } else {
      dependencies = DemoSwitch(configuration: launch.configuration).wrap(dependencies)
    }
    // The first-launch hint, unless something more important is to be said at start.
    if notices.isEmpty, let hint = FirstRunHint.take(paths: paths) { notices.append(hint) }
    let environment = launch.environment
    // The app runs on a terminal: mpv may draw videos in it (its standard output).
    dependencies.player = LivePlayback.player(
      environment: environment, configFile: paths.configFile,
      terminalOutput: isatty(STDOUT_FILENO) == 1 ? STDOUT_FILENO : nil)
    dependencies.previewURL = { LivePlayback.previewURL(for: $0, environment: environment) }
    let (mode, notice) = LivePlayback.videoMode(
      flag: launch.video, config: ConfigFile.loadOrDefaults(from: paths.configFile))
    dependencies.video.mode = mode
    dependencies.video.hasDisplay = VideoMode.hasDisplay(environment)
    if let notice { notices.append(notice) }
    return (dependencies, notices)
  }
}
