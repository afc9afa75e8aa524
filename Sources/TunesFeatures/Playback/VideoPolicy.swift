import ITunesCatalog
import Playback

/// How the app shows video previews: the mode the person chose (`--video`, the config key
/// `video`), whether a window can open, and how mpv draws in this terminal. TunesLive sets the
/// mode and the display; the terminal app sets the driver and cell size from its start-up probe
/// (`GraphicsChoice`: sixel where images are drawn as sixel, else `tct`).
public struct VideoPolicy: Equatable, Sendable {
  /// `auto`, `window`, `terminal` or `audio`.
  public var mode: VideoMode
  /// Whether `$DISPLAY` or `$WAYLAND_DISPLAY` is set.
  public var hasDisplay: Bool
  /// Whether the app owns a terminal mpv can draw in (the live app; not tests of the reducer
  /// that say so).
  public var hasTerminal: Bool
  /// mpv's terminal output here.
  public var terminalDriver: TerminalVideo.Driver
  /// Pixels across and down one cell (for sixel).
  public var cellWidth: Int
  /// Pixels down one cell.
  public var cellHeight: Int

  /// Makes a policy. The default plays every preview as sound (what tests and a player without a
  /// terminal get).
  public init(
    mode: VideoMode = .audio, hasDisplay: Bool = false, hasTerminal: Bool = false,
    terminalDriver: TerminalVideo.Driver = .tct, cellWidth: Int = CellSize.assumedWidth,
    cellHeight: Int = CellSize.assumedHeight
  ) {
    self.mode = mode
    self.hasDisplay = hasDisplay
    self.hasTerminal = hasTerminal
    self.terminalDriver = terminalDriver
    self.cellWidth = cellWidth
    self.cellHeight = cellHeight
  }

  /// Turns on videos in the terminal the app owns: with sixel where the terminal draws sixel
  /// (what the app's start-up probe chose for images), else with half blocks (`tct`).
  public mutating func useTerminal(sixel: Bool, cellWidth: Int, cellHeight: Int) {
    hasTerminal = true
    terminalDriver = sixel ? .sixel : .tct
    self.cellWidth = cellWidth
    self.cellHeight = cellHeight
  }

  /// Where `item`'s preview goes on a screen of `viewport`: a song as sound; a video by the mode.
  /// In the terminal mpv gets the whole screen but its last row, where the app says what plays.
  public func output(for item: CatalogItem, viewport: Viewport) -> Result<
    VideoOutput, PlaybackFailure
  > {
    let terminal =
      hasTerminal
      ? TerminalVideo(
        driver: terminalDriver, columns: viewport.columns,
        rows: viewport.rows > 2 ? viewport.rows - 1 : viewport.rows,
        cellWidth: cellWidth, cellHeight: cellHeight)
      : nil
    return mode.output(isVideo: item.previewIsVideo, hasDisplay: hasDisplay, terminal: terminal)
  }
}

/// Where the preview that plays is shown, as screens need to know it.
public enum PlaybackSurface: Equatable, Sendable {
  /// Sound only (a song, or `--video audio`).
  case audio
  /// An mpv window; the app keeps its screen.
  case window
  /// mpv draws in the terminal: the app hands the whole screen over while it plays, and takes
  /// it back (drawn afresh) when the preview ends, stops or fails.
  case terminal

  init(_ output: VideoOutput) {
    switch output {
    case .none: self = .audio
    case .window: self = .window
    case .terminal: self = .terminal
    }
  }
}
