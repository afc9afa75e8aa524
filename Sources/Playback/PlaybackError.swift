import Foundation

/// Why the player could not start mpv or talk to it. Failures of one preview (a 404, a file that is
/// not audio) are not thrown: they arrive as `PlayerEvent.failed`.
public enum PlaybackError: Error, Equatable, Sendable {
  /// No executable `mpv` in any folder of `PATH`.
  case mpvMissing
  /// A helper the player starts mpv through (`setpriv` from util-linux, `/bin/sh`) is missing.
  case helperMissing(String)
  /// The IPC socket's path is longer than a Unix socket address holds (107 bytes).
  case socketPathTooLong(String, limit: Int)
  /// The private folder for the socket could not be made.
  case socketFolder(String, errno: Int32)
  /// `posix_spawn` failed.
  case spawnFailed(String, errno: Int32)
  /// mpv ran but did not open its IPC socket within the wait.
  case socketTimeout(path: String, seconds: Double)
  /// mpv exited before it opened its IPC socket.
  case exitedAtStart(status: String, detail: String)
  /// mpv did not answer a command within its deadline.
  case notResponding(seconds: Double)
  /// The IPC connection closed (mpv exited or was killed).
  case connectionLost
  /// mpv answered a command with an error.
  case commandFailed(command: String, error: String)
  /// The player was shut down; it plays nothing more.
  case shutDown
}

extension PlaybackError: LocalizedError {
  /// The install line for a missing mpv, printed as is by the command line and the app.
  public static let installLine = "Install mpv to play previews: apt-get install mpv"

  /// What happened.
  public var errorDescription: String? {
    switch self {
    case .mpvMissing: return Self.installLine
    case .helperMissing(let name):
      return "Cannot start mpv: \(name) is missing (it ties mpv's life to tunes')."
    case .socketPathTooLong(let path, let limit):
      return "The mpv socket path is \(path.utf8.count) bytes, longer than the \(limit) a Unix "
        + "socket allows: \(path)"
    case .socketFolder(let path, let code):
      return "Cannot make a private folder for the mpv socket at \(path): \(describe(code))."
    case .spawnFailed(let path, let code): return "Cannot start \(path): \(describe(code))."
    case .socketTimeout(let path, let seconds):
      return "mpv did not open its IPC socket \(path) within \(format(seconds)) s."
    case .exitedAtStart(let status, let detail):
      let why = detail.isEmpty ? "" : ": \(detail)"
      return "mpv exited (\(status)) before opening its IPC socket\(why)"
    case .notResponding(let seconds):
      return "mpv did not answer within \(format(seconds)) s."
    case .connectionLost: return "The connection to mpv closed."
    case .commandFailed(let command, let error): return "mpv refused \(command): \(error)."
    case .shutDown: return "The player has been shut down."
    }
  }

  /// What to do about it.
  public var recoverySuggestion: String? {
    switch self {
    case .mpvMissing: return nil
    case .helperMissing: return "Install util-linux (it provides setpriv)."
    case .socketPathTooLong:
      return "Set XDG_RUNTIME_DIR (or TMPDIR) to a shorter folder."
    case .socketFolder: return "Check that TMPDIR (or /tmp) is writable."
    case .exitedAtStart, .socketTimeout:
      return "Check the extra mpv options (config key mpvOptions, TUNES_MPV_OPTIONS)."
    case .spawnFailed, .notResponding, .connectionLost, .commandFailed, .shutDown: return nil
    }
  }

  private func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

  private func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
  }
}
