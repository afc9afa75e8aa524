import Foundation

/// How the live player starts mpv and how long it waits for it.
public struct PlayerConfiguration: Sendable {
  /// The environment mpv is looked up in (`PATH`) and started with; `XDG_RUNTIME_DIR` and
  /// `TMPDIR` choose the socket's folder.
  public var environment: [String: String]
  /// Options appended to mpv's fixed ones (`--ao=null`, `--ao=pcm --ao-pcm-file=F`…).
  public var extraOptions: [String]
  /// How long mpv may take to open its IPC socket.
  public var socketWait: Duration
  /// How often the watchdog pings mpv while a preview is loaded.
  public var pingInterval: Duration
  /// How long a ping (or any command) may wait for its answer before mpv counts as hung.
  public var answerDeadline: Duration
  /// How many times one preview may restart mpv before it fails.
  public var maxRestarts: Int
  /// The terminal mpv writes to (its standard output) for videos in the terminal
  /// (`VideoOutput.terminal`), or `nil`: `/dev/null`. mpv runs with `--no-terminal`, so it writes
  /// nothing there but a terminal video's picture.
  public var terminalOutput: Int32? = nil

  /// Makes a configuration.
  public init(
    environment: [String: String], extraOptions: [String] = [],
    socketWait: Duration = .seconds(10), pingInterval: Duration = .seconds(2),
    answerDeadline: Duration = .seconds(5), maxRestarts: Int = 2
  ) {
    self.environment = environment
    self.extraOptions = extraOptions
    self.socketWait = socketWait
    self.pingInterval = pingInterval
    self.answerDeadline = answerDeadline
    self.maxRestarts = maxRestarts
  }

  /// The options every mpv of tunes starts with, before `extraOptions` (which may override
  /// them: mpv keeps the last): idle and waiting for commands, no terminal, no user config or
  /// scripts, no video unless a preview asks for it (each `load` sets `vid`), no youtube-dl
  /// lookups, and a server that stalls fails the preview after 15 s rather than mpv's 60.
  public static let fixedOptions = [
    "--idle", "--no-terminal", "--no-config", "--load-scripts=no", "--ytdl=no", "--no-video",
    "--network-timeout=15",
  ]

  /// Splits an option string (the config key `mpvOptions`, the variable `TUNES_MPV_OPTIONS`) on
  /// spaces, dropping empty pieces. Options with spaces inside are not supported.
  public static func splitOptions(_ text: String?) -> [String] {
    (text ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
  }
}
