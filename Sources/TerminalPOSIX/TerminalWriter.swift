import Glibc

/// Writes bytes to the terminal, all of them, retrying on `EINTR` and waiting on `EAGAIN`.
package struct TerminalWriter: Sendable {
  /// The file descriptor written to.
  package let fd: Int32

  /// Creates a writer for `fd` (standard output by default).
  package init(fd: Int32 = STDOUT_FILENO) {
    self.fd = fd
  }

  /// Writes every byte of `bytes`.
  /// - Throws: ``TerminalPOSIXError/write(errno:)`` when the descriptor fails.
  package func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(fd, base + offset, buffer.count - offset)
        if written >= 0 {
          offset += written
          continue
        }
        switch errno {
        case EINTR:
          continue
        case EAGAIN:
          var pollFD = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
          _ = poll(&pollFD, 1, -1)
        default:
          throw TerminalPOSIXError.write(errno: errno)
        }
      }
    }
  }

  /// Writes the UTF-8 bytes of `text`.
  package func write(_ text: String) throws {
    try write(Array(text.utf8))
  }
}
