/// Something that happened at the terminal, delivered by ``TerminalInput``.
package enum TerminalEvent: Sendable, Equatable {
  /// Raw bytes read from the terminal (keys, mouse reports, pasted text); decode them with
  /// TerminalUI's input decoder.
  case bytes([UInt8])
  /// The window changed size (SIGWINCH).
  case resized(cols: Int, rows: Int)
  /// A terminating signal arrived; the terminal has already been restored.
  case signal(Int32)
  /// The process continued after a stop (Ctrl-Z, `fg`); raw mode is back, redraw fully.
  case resumed
  /// The input reached end of file; the terminal is gone.
  case eof
}
