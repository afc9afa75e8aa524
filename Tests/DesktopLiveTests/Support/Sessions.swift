import DesktopLive
import Foundation
import TestSupport

/// Test values and helpers shared by the MPRIS suites.
enum Sessions {
  struct Off: Error, CustomStringConvertible {
    var description: String
  }

  /// The track the suites play: Jack Johnson's "Upside Down", as the catalogue has it.
  static let trackID = NowPlaying.trackPath(id: 1_440_857_781)

  /// The store page of the track.
  static let storeURL = URL(
    string: "https://music.apple.com/us/album/upside-down/1440857713?i=1440857781")

  /// A playing track that allows every command.
  static let playing = NowPlaying(
    status: .playing, trackID: trackID, title: "Upside Down", artist: "Jack Johnson",
    album: "Sing-A-Longs and Lullabies for the Film Curious George",
    length: .milliseconds(208_947), artURL: URL(fileURLWithPath: "/tmp/tunes art/1440857781.jpg"),
    storeURL: storeURL, position: .seconds(12), volume: 0.8, canGoNext: true,
    canGoPrevious: true, canPlay: true, canPause: true, canSeek: true)

  /// `playing`, paused (so `Position` stays where it is put).
  static var paused: NowPlaying {
    var paused = playing
    paused.status = .paused
    return paused
  }

  /// Connects a session to `bus` on a thread of its own (`connect` blocks until the bus has
  /// answered), recording its commands in `log`.
  static func connect(
    to bus: PrivateBus, log: CommandLog = CommandLog()
  ) async throws -> MediaSession {
    let environment = bus.environment
    let record = log.record
    let connection = await DedicatedThread.run {
      MediaSession.connect(environment: environment, onCommand: record)
    }
    switch connection {
    case .on(let session): return session
    case .off(let reason): throw Off(description: reason)
    }
  }

  /// Closes `session` off the cooperative pool (close joins the bus thread).
  static func close(_ session: MediaSession) async {
    await DedicatedThread.run { session.close() }
  }
}
