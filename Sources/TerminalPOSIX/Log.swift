import Foundation
import Glibc

/// A diagnostics log written to the file named by `TUNES_LOG`, never to the screen.
///
/// The file is opened for appending and created with mode 0600. It must be this user's own
/// regular file: a symbolic link (`O_NOFOLLOW`), a FIFO, a device or another user's file is
/// refused and nothing is logged. When `TUNES_LOG` is unset every call is a no-op.
package final class Log: Sendable {
  private let fd: Int32?

  /// Creates a log from an environment dictionary (`TUNES_LOG` names the file).
  package init(environment: [String: String]) {
    guard let path = environment["TUNES_LOG"], !path.isEmpty else {
      fd = nil
      return
    }
    fd = Self.open(path)
  }

  /// The descriptor of `path` opened for appending, when it is this user's regular file.
  static func open(_ path: String) -> Int32? {
    let opened = Glibc.open(
      path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode_t(0o600))
    guard opened >= 0 else { return nil }
    var info = stat()
    guard fstat(opened, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid()
    else {
      close(opened)
      return nil
    }
    return opened
  }

  deinit {
    if let fd { close(fd) }
  }

  /// Whether messages go anywhere.
  package var isEnabled: Bool { fd != nil }

  /// Appends one line: the time since the epoch in seconds, then `message`.
  package func log(_ message: @autoclosure () -> String) {
    guard let fd else { return }
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let stamp = String(format: "%ld.%03d", now.tv_sec, Int(now.tv_nsec) / 1_000_000)
    let line = Array("\(stamp) \(message())\n".utf8)
    try? TerminalWriter(fd: fd).write(line)
  }
}
