import Foundation
import Playback

extension Player {
  /// The live player: one long-lived mpv, started on first use as
  /// `mpv --idle --no-terminal --no-config … --input-ipc-server=SOCKET` plus
  /// `configuration.extraOptions`, watched by a watchdog, and ended by `shutdown` or, whatever
  /// way tunes ends, by the kernel (see `MPVProcess`).
  public static func live(configuration: PlayerConfiguration) -> Player {
    live(engine: PlaybackEngine(configuration: configuration))
  }

  static func live(engine: PlaybackEngine) -> Player {
    Player(
      play: { url in try await engine.play(url) },
      togglePause: { try await engine.togglePause() },
      seekBy: { seconds in try await engine.seek(by: seconds) },
      stop: { try await engine.stop() },
      events: { engine.events() },
      shutdown: { await engine.shutdown() },
      playMedia: { url, output in try await engine.play(url, output: output) },
      playFrom: { url, seconds in try await engine.play(url, from: seconds) },
      setVolume: { percent in try await engine.setVolume(percent) })
  }
}
