import Foundation
import ITunesClient
import Playback
import TerminalGraphics
import TerminalPOSIX
import TunesFeatures
import TunesStorage

#if canImport(Glibc)
  import Glibc
#endif

/// The live values the command line works with, made here, in the composition root, and handed
/// to `TunesCLI` by the executable: the network client, the preview player and the database.
package struct LiveCommandValues: Sendable {
  /// The live client for a configuration and pacing policy.
  package var makeClient: @Sendable (ClientConfiguration, PacingPolicy) -> ITunesClient
  /// The live preview player for an environment and config file.
  package var makePlayer: @Sendable ([String: String], URL) -> Player
  /// Opens the history and favourites database (`LiveStorage.open`).
  package var openDatabase: LiveStorage.Opener

  /// Makes the values from their closures (tests pass doubles).
  package init(
    makeClient: @escaping @Sendable (ClientConfiguration, PacingPolicy) -> ITunesClient,
    makePlayer: @escaping @Sendable ([String: String], URL) -> Player,
    openDatabase: @escaping LiveStorage.Opener = LiveStorage.open
  ) {
    self.makeClient = makeClient
    self.makePlayer = makePlayer
    self.openDatabase = openDatabase
  }

  /// The values of this process: the client paced through the shared file under `environment`'s
  /// paths; one mpv, which may draw a video on standard output when that is a terminal.
  package static func process(environment: [String: String]) -> LiveCommandValues {
    let paths = StoragePaths(environment: environment)
    return LiveCommandValues(
      makeClient: { configuration, pacing in
        LiveClient.make(
          configuration: configuration, pacing: pacing, paths: paths,
          onError: pacing.onSharingLost)
      },
      makePlayer: { environment, configFile in
        LivePlayback.player(
          environment: environment, configFile: configFile,
          terminalOutput: isatty(STDOUT_FILENO) == 1 ? STDOUT_FILENO : nil)
      },
      openDatabase: LiveStorage.open)
  }
}

/// Everything the terminal app runs on, made here for a launch the command line validated: the
/// dependencies (client, storage, player, browser opener …), the start-up notices, the log and
/// the artwork (how it is to be drawn, its pixels and its loader). `TunesTUI` takes it from
/// there: the terminal host and the graphics probe are the terminal app's own.
package struct LiveApp: Sendable {
  /// The app's dependencies.
  package var dependencies: TunesDependencies
  /// What the person must know about the start.
  package var notices: [String]
  /// Diagnostics (`TUNES_LOG`).
  package var log: Log
  /// How artwork is to be drawn: `--images`, else the config key, else auto.
  package var images: GraphicsChoice.Request
  /// The decoded image for a placement's source.
  package var pixels: @Sendable (String) async -> RGBAImage?
  /// Fetches, decodes and caches one artwork; `nil` when ready, else why not.
  package var loadArtwork: @Sendable (ArtworkNeed) async -> String?
  /// The config key `theme` (`auto`, `light`, `dark`), `nil` when it is not set.
  package var theme: String? = nil

  /// The live app for `launch`.
  package static func make(launch: AppLaunch) -> LiveApp {
    let log = Log(environment: launch.environment)
    log.log(
      "api base \(ClientConfiguration.redactingPassword(launch.configuration.baseURL.absoluteString))"
    )
    var (dependencies, notices) = LiveDependencies.make(launch: launch, log: log)
    let artwork = LiveArtwork.make(environment: launch.environment, log: log)
    let config = ConfigFile.loadOrDefaults(
      from: StoragePaths(environment: launch.environment).configFile)
    dependencies.presence =
      DesktopPresence(
        mpris: .init(config.mpris), notifications: .init(config.notifications),
        environment: launch.environment, log: log, cover: artwork.cover
      ).presence
    return LiveApp(
      dependencies: dependencies, notices: notices, log: log,
      images: LiveArtwork.request(flag: launch.images, environment: launch.environment),
      pixels: artwork.pixels, loadArtwork: artwork.load, theme: config.theme)
  }
}
