import Foundation
import Glibc

/// A diagnostics log written to the file named by `TUNES_LOG`, never to the screen.
///
/// The file is opened for appending and created with mode 0600. When `TUNES_LOG` is unset
/// every call is a no-op.
package final class Log: Sendable {
  private let fd: Int32?

  /// Creates a log from an environment dictionary (`TUNES_LOG` names the file).
  package init(environment: [String: String]) {
    guard let path = environment["TUNES_LOG"], !path.isEmpty else {
      fd = nil
      return
    }
    let opened = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, mode_t(0o600))
    fd = opened >= 0 ? opened : nil
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
