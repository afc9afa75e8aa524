import Foundation

/// Plays previews: a dependency of `@Sendable` closures, with a live value (`Player.live` in
/// PlaybackLive, one long-lived mpv) and an in-memory double (`InMemoryPlayer`).
///
/// ```swift
/// let player = Player.live(configuration: PlayerConfiguration(environment: env))
/// let events = player.events()
/// try await player.play(url)
/// for await event in events { if case .ended = event { break } }
/// await player.shutdown()
/// ```
///
/// Commands throw `PlaybackError` when mpv cannot be started or reached (`.mpvMissing` carries the
/// install line); a preview that cannot be played arrives as `PlayerEvent.failed` instead.
public struct Player: Sendable {
  /// Loads and plays a URL as audio only, replacing whatever played (starts mpv on first use).
  public var play: @Sendable (URL) async throws -> Void
  /// Loads and plays a URL with its picture sent to an output (a window, the terminal; `.none`
  /// is `play`), replacing whatever played.
  public var playMedia: @Sendable (URL, VideoOutput) async throws -> Void
  /// Pauses or resumes.
  public var togglePause: @Sendable () async throws -> Void
  /// Seeks relative to the position, in seconds (negative: back).
  public var seekBy: @Sendable (Double) async throws -> Void
  /// Stops the preview; mpv stays, idle, for the next one.
  public var stop: @Sendable () async throws -> Void
  /// A new stream of events from now on; each call subscribes once more (streams end at
  /// `shutdown`).
  public var events: @Sendable () -> AsyncStream<PlayerEvent>
  /// Ends mpv and every stream; the player refuses commands afterwards. Safe to call twice.
  public var shutdown: @Sendable () async -> Void
  /// Loads and plays a URL as audio only from a position in seconds (a podcast episode resumed
  /// where it was left), replacing whatever played.
  public var playFrom: @Sendable (URL, Double) async throws -> Void
  /// Sets the volume in percent (0–100), for this preview and the ones after it.
  public var setVolume: @Sendable (Int) async throws -> Void

  /// Makes a player from its closures.
  public init(
    play: @escaping @Sendable (URL) async throws -> Void,
    togglePause: @escaping @Sendable () async throws -> Void,
    seekBy: @escaping @Sendable (Double) async throws -> Void,
    stop: @escaping @Sendable () async throws -> Void,
    events: @escaping @Sendable () -> AsyncStream<PlayerEvent>,
    shutdown: @escaping @Sendable () async -> Void,
    playMedia: (@Sendable (URL, VideoOutput) async throws -> Void)? = nil,
    playFrom: (@Sendable (URL, Double) async throws -> Void)? = nil,
    setVolume: (@Sendable (Int) async throws -> Void)? = nil
  ) {
    self.play = play
    self.playMedia = playMedia ?? { url, _ in try await play(url) }
    self.playFrom = playFrom ?? { url, _ in try await play(url) }
    self.setVolume = setVolume ?? { _ in }
    self.togglePause = togglePause
    self.seekBy = seekBy
    self.stop = stop
    self.events = events
    self.shutdown = shutdown
  }

  /// Seeks by `seconds` from the position (negative: back).
  public func seek(by seconds: Double) async throws { try await seekBy(seconds) }
}

extension Player {
  /// A player without mpv: every command throws `PlaybackError.mpvMissing` and the event
  /// streams end at once. The default where no live player is wired (tests, `TunesDependencies`).
  public static var unavailable: Player {
    Player(
      play: { _ in throw PlaybackError.mpvMissing },
      togglePause: { throw PlaybackError.mpvMissing },
      seekBy: { _ in throw PlaybackError.mpvMissing },
      stop: { throw PlaybackError.mpvMissing },
      events: { AsyncStream { $0.finish() } },
      shutdown: {},
      playMedia: { _, _ in throw PlaybackError.mpvMissing },
      playFrom: { _, _ in throw PlaybackError.mpvMissing },
      setVolume: { _ in throw PlaybackError.mpvMissing })
  }
}
