import Dispatch
import Foundation
import Playback

#if canImport(Glibc)
  import Glibc
#endif

/// Ends a preview cleanly when SIGTERM, SIGHUP or SIGINT arrives: restores the terminal, shuts
/// the player down (mpv quits and its socket is removed; at most 3 s), then exits with 128 + the
/// signal's number. Without this the default action would still end mpv (it dies with tunes, see
/// Playback's MPVProcess) but leave the terminal raw and the socket behind.
enum PreviewSignals {
  /// Installs the handlers; keep the returned sources alive while the preview plays.
  static func install(
    player: Player, restore: @escaping @Sendable () -> Void = {}
  ) -> [any DispatchSourceSignal] {
    [SIGTERM, SIGHUP, SIGINT].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        restore()
        let done = DispatchSemaphore(value: 0)
        Task {
          await player.shutdown()
          done.signal()
        }
        _ = done.wait(timeout: .now() + 3)
        exit(128 + number)
      }
      source.resume()
      return source
    }
  }
}
