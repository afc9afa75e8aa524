/// What the program loop waits for: input bytes, a resize, or a signal.
public enum TerminalEvent: Sendable, Equatable {
  /// Bytes read from the terminal.
  case input([UInt8])
  /// The window changed size (SIGWINCH).
  case resized
  /// A terminating signal arrived (SIGINT, SIGTERM, SIGHUP).
  case signal(Int32)
  /// The input ended (the terminal went away).
  case endOfInput
}

/// The terminal as the program loop sees it: a way to write, the window size, a stream of
/// events, and suspend (Ctrl-Z). The live value is `TerminalSession`; tests pass a fake.
public struct TerminalIO: Sendable {
  /// Writes bytes to the terminal.
  public var write: @Sendable ([UInt8]) -> Void
  /// The window size in cells.
  public var size: @Sendable () -> (columns: Int, rows: Int)
  /// Input, resizes and signals, in order.
  public var events: AsyncStream<TerminalEvent>
  /// Gives the terminal back, stops the process (job control), and takes it again.
  public var suspend: @Sendable () -> Void

  /// Creates a terminal from its parts.
  public init(
    write: @escaping @Sendable ([UInt8]) -> Void,
    size: @escaping @Sendable () -> (columns: Int, rows: Int),
    events: AsyncStream<TerminalEvent>, suspend: @escaping @Sendable () -> Void = {}
  ) {
    self.write = write
    self.size = size
    self.events = events
    self.suspend = suspend
  }
}
