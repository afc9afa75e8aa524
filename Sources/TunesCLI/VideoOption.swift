import Playback
import TunesLive

/// `--video auto|window|terminal|audio`, for the app and `tunes preview`: how video previews are
/// shown (the config key `video` when it is not given).
enum VideoOption {
  static let option = Options.video.option(
    help:
      "how video previews are shown: auto (a window with a display, else the terminal), "
      + "window, terminal, audio")

  /// The value of `--video`, lower-cased; `nil` when not given.
  /// - Throws: a usage error naming the accepted values.
  static func value(_ parsed: ArgumentParser.Parsed, command: String) throws(CLIError) -> String? {
    guard let text = parsed(Options.video) else { return nil }
    guard let mode = VideoMode(text: text) else {
      throw .usage(
        "--video takes one of \(VideoMode.values.joined(separator: ", ")), not \(text).",
        command: command)
    }
    return mode.rawValue
  }
}
