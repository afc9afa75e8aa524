import TerminalPOSIX

/// The terminal as the program loop sees it: a way to write, the window size, the stream of
/// input and signal events, and suspend (Ctrl-Z). `TunesApp` builds it from TerminalPOSIX's
/// `TerminalHost`; tests pass an in-memory one.
package struct TerminalIO: Sendable {
  /// Writes bytes to the terminal.
  package var write: @Sendable ([UInt8]) -> Void
  /// The window size in cells.
  package var size: @Sendable () -> (columns: Int, rows: Int)
  /// Input bytes, resizes, signals, resumption after a stop, end of input.
  package var events: AsyncStream<TerminalEvent>
  /// Gives the terminal back and stops the process; `.resumed` follows on `fg`.
  package var suspend: @Sendable () -> Void

  /// Creates a terminal from its parts.
  package init(
    write: @escaping @Sendable ([UInt8]) -> Void,
    size: @escaping @Sendable () -> (columns: Int, rows: Int),
    events: AsyncStream<TerminalEvent>, suspend: @escaping @Sendable () -> Void = {}
  ) {
    self.write = write
    self.size = size
    self.events = events
    self.suspend = suspend
  }

  /// The live terminal of a started host.
  package static func live(_ host: TerminalHost) -> TerminalIO {
    TerminalIO(
      write: { bytes in try? host.writer.write(bytes) },
      size: {
        let size = WindowSize.read(fd: host.session.outputFD)
        return (size?.cols ?? 80, size?.rows ?? 24)
      },
      events: host.input.events,
      suspend: { host.session.suspendProcess() })
  }
}
