import Foundation

/// What the player reports while it plays, in order, on every stream from `Player.events()`.
public enum PlayerEvent: Equatable, Sendable {
  /// `play` asked mpv to load this URL.
  case loading(URL)
  /// mpv opened the file and is playing it.
  case started
  /// The position in seconds (mpv's `time-pos`), about every 50 ms while playing.
  case position(Double)
  /// The file's length in seconds (mpv's `duration`).
  case duration(Double)
  /// Playback paused (`true`) or resumed (`false`).
  case paused(Bool)
  /// A video's picture is shown (`true`: mpv's window opened, or it drew in the terminal) or
  /// no longer (`false`). Only for previews played with a `VideoOutput` other than `.none`.
  case video(Bool)
  /// The preview played to its end.
  case ended
  /// `stop` ended the preview.
  case stopped
  /// The preview cannot be played; nothing more follows for it.
  case failed(PlaybackFailure)
  /// mpv died or stopped answering and was started again; the preview reloads at the last
  /// position. The text says what happened, for a status line.
  case restarted(String)
}

/// Why a preview could not be played, with a message a person can act on.
public struct PlaybackFailure: Error, Equatable, Sendable, LocalizedError {
  /// The kind of failure, for exit codes.
  public enum Kind: Equatable, Sendable {
    /// The URL could not be loaded (404, refused, a server that stalls).
    case unavailable
    /// The URL answered, but not with audio mpv can play (HTML, a truncated or foreign file).
    case unplayable
    /// mpv itself failed (missing, died again after a restart, stopped answering).
    case player
  }

  /// The kind of failure.
  public var kind: Kind
  /// One line saying what happened.
  public var message: String

  /// Makes a failure.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var errorDescription: String? { message }
}

/// What is playing, folded from the events: the shape a screen draws from.
public struct PlayerState: Equatable, Sendable {
  /// Where a preview is in its life.
  public enum Phase: Equatable, Sendable {
    /// Nothing loaded.
    case idle
    /// Loading `url`.
    case loading
    /// Playing (or paused: see `paused`).
    case playing
    /// Played to the end.
    case ended
    /// Stopped by `stop`.
    case stopped
    /// Failed with this reason.
    case failed(PlaybackFailure)
  }

  /// The preview's URL, once `play` was called.
  public var url: URL?
  /// Where the preview is.
  public var phase: Phase = .idle
  /// Seconds played.
  public var position: Double = 0
  /// Length in seconds, once mpv knows it.
  public var duration: Double?
  /// Whether playback is paused.
  public var paused = false
  /// Whether the preview's picture is shown (a window, the terminal).
  public var videoShown = false
  /// The last restart notice, if mpv was restarted during this preview.
  public var notice: String?

  /// An idle state.
  public init() {}

  /// Whether a preview is loaded or playing (paused included).
  public var isActive: Bool { phase == .loading || phase == .playing }

  /// Applies one event.
  public mutating func apply(_ event: PlayerEvent) {
    switch event {
    case .loading(let url):
      self = PlayerState()
      self.url = url
      phase = .loading
    case .started: phase = .playing
    case .position(let seconds): position = seconds
    case .duration(let seconds): duration = seconds
    case .paused(let flag): paused = flag
    case .video(let flag): videoShown = flag
    case .ended:
      phase = .ended
      if let duration { position = duration }
    case .stopped: phase = .stopped
    case .failed(let failure): phase = .failed(failure)
    case .restarted(let text): notice = text
    }
  }

  /// The progress text, e.g. `▶ 0:12 / 0:30` (`⏸` while paused; `--:--` before the length is
  /// known).
  public var progressText: String {
    let mark = paused ? "⏸" : "▶"
    let total = duration.map { Self.clock($0.rounded()) } ?? "--:--"
    return "\(mark) \(Self.clock(position)) / \(total)"
  }

  /// `m:ss` for a number of seconds (rounded down, never negative).
  public static func clock(_ seconds: Double) -> String {
    let whole = seconds.isFinite ? max(0, Int(seconds.rounded(.down))) : 0
    let rest = whole % 60
    return "\(whole / 60):\(rest < 10 ? "0" : "")\(rest)"
  }
}
