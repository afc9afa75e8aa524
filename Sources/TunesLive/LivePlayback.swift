import Foundation
import ITunesCatalog
import Playback
import PlaybackLive

/// The live preview player and what it plays, wired in one place for the app and the command
/// line: mpv's extra options from the config file and the environment, and `TUNES_MEDIA_BASE`.
package enum LivePlayback {
  /// The environment variable with extra mpv options, split on spaces (after the config's).
  package static let optionsKey = "TUNES_MPV_OPTIONS"

  /// The extra mpv options: the config key `mpvOptions`, then `TUNES_MPV_OPTIONS`.
  package static func options(environment: [String: String], config: TunesConfig) -> [String] {
    config.mpvOptions + PlayerConfiguration.splitOptions(environment[optionsKey])
  }

  /// The player configuration for this environment and config file (an unreadable file counts
  /// as no options). `terminalOutput` is the terminal mpv may draw videos in (its standard
  /// output), or `nil` for none.
  package static func configuration(
    environment: [String: String], configFile: URL, terminalOutput: Int32? = nil
  ) -> PlayerConfiguration {
    let config = ConfigFile.loadOrDefaults(from: configFile)
    var configuration = PlayerConfiguration(
      environment: environment, extraOptions: options(environment: environment, config: config))
    configuration.terminalOutput = terminalOutput
    return configuration
  }

  /// The live player (mpv starts on its first `play`).
  package static func player(
    environment: [String: String], configFile: URL, terminalOutput: Int32? = nil
  ) -> Player {
    Player.live(
      configuration: configuration(
        environment: environment, configFile: configFile, terminalOutput: terminalOutput))
  }

  /// How videos are shown: `flag` (`--video`, already checked) beats the config key `video`;
  /// else auto. A config value that is not a mode is ignored, with a notice saying so.
  package static func videoMode(flag: String?, config: TunesConfig) -> (VideoMode, String?) {
    if let flag, let mode = VideoMode(text: flag) { return (mode, nil) }
    guard let value = config.video else { return (.auto, nil) }
    if let mode = VideoMode(text: value) { return (mode, nil) }
    return (
      .auto,
      "The config key video takes one of \(VideoMode.values.joined(separator: ", ")), "
        + "not \(value); videos play the auto way."
    )
  }

  /// The URL to play for `item`: its whole episode or its preview (`playableURL`), moved to
  /// `TUNES_MEDIA_BASE` when that is set.
  package static func previewURL(for item: CatalogItem, environment: [String: String]) -> URL? {
    guard let url = item.playableURL else { return nil }
    return MediaURLRewrite.from(environment: environment)?.apply(url) ?? url
  }
}
