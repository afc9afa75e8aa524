import Foundation

/// Where a preview's picture goes: nowhere (audio only), an mpv window, or the terminal.
public enum VideoOutput: Equatable, Sendable {
  /// Audio only: mpv's `vid=no`, no window and nothing drawn (songs, and videos with
  /// `--video audio`).
  case none
  /// An mpv window on the display (`$DISPLAY` or `$WAYLAND_DISPLAY`); it closes when the preview
  /// ends or stops (mpv drops its video output when it goes idle).
  case window
  /// Full screen in the terminal mpv writes to (its standard output,
  /// `PlayerConfiguration.terminalOutput`), with `--vo=tct` or `--vo=sixel`.
  case terminal(TerminalVideo)

  /// Whether a picture is shown at all.
  public var showsVideo: Bool { self != .none }
}

/// A picture drawn in the terminal by mpv itself: which of its terminal outputs, and the area it
/// covers, from the top-left corner (the whole screen: nothing else writes there meanwhile).
public struct TerminalVideo: Equatable, Sendable {
  /// mpv's terminal video outputs.
  public enum Driver: String, Equatable, Sendable {
    /// True-colour half blocks (`--vo=tct`): works in every colour terminal.
    case tct
    /// DEC sixel graphics (`--vo=sixel`), where the terminal draws sixel.
    case sixel
  }

  /// The output.
  public var driver: Driver
  /// Cells across.
  public var columns: Int
  /// Cells down.
  public var rows: Int
  /// Pixels across one cell (sixel sizes its picture with it).
  public var cellWidth: Int
  /// Pixels down one cell.
  public var cellHeight: Int

  /// Makes a terminal area.
  public init(
    driver: Driver, columns: Int, rows: Int, cellWidth: Int = CellSize.assumedWidth,
    cellHeight: Int = CellSize.assumedHeight
  ) {
    self.driver = driver
    self.columns = max(1, columns)
    self.rows = max(1, rows)
    self.cellWidth = max(1, cellWidth)
    self.cellHeight = max(1, cellHeight)
  }
}

/// How a video preview is shown: the app's `--video`, `tunes preview --video` and the config key
/// `video`.
public enum VideoMode: String, Equatable, Sendable, CaseIterable {
  /// A window where there is a display, else the terminal, else audio only.
  case auto
  /// Always an mpv window (needs `$DISPLAY` or `$WAYLAND_DISPLAY`).
  case window
  /// Always the terminal (needs one).
  case terminal
  /// Sound only.
  case audio

  /// The accepted values, for help and error messages.
  public static let values = allCases.map(\.rawValue)

  /// Parses a value, any case; `nil` when it is none of ``values``.
  public init?(text: String) {
    self.init(rawValue: text.lowercased())
  }

  /// Whether the environment has a display a window can open on.
  public static func hasDisplay(_ environment: [String: String]) -> Bool {
    !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
  }

  /// Where a preview goes in this mode.
  /// - Parameters:
  ///   - isVideo: whether the preview is a video (a song always plays as audio).
  ///   - hasDisplay: whether a window can open (``hasDisplay(_:)``).
  ///   - terminal: the terminal area mpv may draw in, or `nil` without a terminal.
  /// - Returns: the output, or why this mode cannot show the video here.
  public func output(
    isVideo: Bool, hasDisplay: Bool, terminal: TerminalVideo?
  ) -> Result<VideoOutput, PlaybackFailure> {
    guard isVideo else { return .success(.none) }
    switch self {
    case .audio: return .success(.none)
    case .window:
      guard hasDisplay else {
        return .failure(
          PlaybackFailure(
            .player,
            "No display for a video window (DISPLAY and WAYLAND_DISPLAY are not set); "
              + "choose video terminal or audio."))
      }
      return .success(.window)
    case .terminal:
      guard let terminal else {
        return .failure(
          PlaybackFailure(
            .player, "Video in the terminal needs a terminal; choose video window or audio."))
      }
      return .success(.terminal(terminal))
    case .auto:
      if hasDisplay { return .success(.window) }
      return .success(terminal.map(VideoOutput.terminal) ?? .none)
    }
  }
}
