import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The saved terminal modes, restorable from `atexit` and signal paths (C callbacks cannot
/// capture context, so this is a global).
nonisolated(unsafe) private var savedModes = termios()
nonisolated(unsafe) private var rawModeOn = false

/// Puts the terminal back: leaves the alternate screen, shows the cursor, stops mouse and
/// bracketed paste reporting, and restores the saved modes. Safe to call twice.
private func restoreTerminalModes() {
  guard rawModeOn else { return }
  rawModeOn = false
  let bytes = Array(TerminalSession.leaveSequence.utf8)
  _ = bytes.withUnsafeBufferPointer { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
  _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedModes)
}

/// The live terminal: raw mode, alternate screen, mouse (SGR), bracketed paste, the window
/// size, a reader thread for stdin and signal sources; everything undone on every exit
/// path (normal return, SIGINT/SIGTERM/SIGHUP through the loop, `exit` through `atexit`,
/// Ctrl-Z around the stop).
public final class TerminalSession: @unchecked Sendable {
  /// Written on entering: alternate screen, hide cursor, button+drag mouse in SGR mode,
  /// bracketed paste.
  static let enterSequence =
    "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h"
  /// Written on leaving, in reverse.
  static let leaveSequence =
    "\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  private var sources: [any DispatchSourceSignal] = []
  private let continuation: AsyncStream<TerminalEvent>.Continuation
  /// Input, resizes and signals.
  public let events: AsyncStream<TerminalEvent>

  /// Whether stdin and stdout are both terminals.
  public static var isInteractive: Bool {
    isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
  }

  /// Enters raw mode and the alternate screen and starts reading.
  /// - Throws: `TUIError.notATerminal` when stdin or stdout is not a terminal,
  ///   `.terminalSetupFailed` when the modes cannot be set.
  public init() throws(TUIError) {
    guard Self.isInteractive else { throw .notATerminal }
    (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    guard Self.enterRawMode() else { throw .terminalSetupFailed(String(cString: strerror(errno))) }
    atexit { restoreTerminalModes() }
    startSignals()
    startReader()
  }

  private static func enterRawMode() -> Bool {
    guard tcgetattr(STDIN_FILENO, &savedModes) == 0 else { return false }
    var raw = savedModes
    cfmakeraw(&raw)
    withUnsafeMutableBytes(of: &raw.c_cc) {
      $0[Int(VMIN)] = 1
      $0[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return false }
    rawModeOn = true
    writeAll(Array(enterSequence.utf8))
    return true
  }

  /// Writes every byte to stdout, retrying short writes and EINTR.
  static func writeAll(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBufferPointer {
        write(STDOUT_FILENO, $0.baseAddress.map { $0 + offset }, $0.count - offset)
      }
      if n < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += n
    }
  }

  /// The window size, 80×24 when the terminal does not say.
  public static func windowSize() -> (columns: Int, rows: Int) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return (80, 24) }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  private func startSignals() {
    let continuation = self.continuation
    for signalNumber in [SIGWINCH, SIGINT, SIGTERM, SIGHUP] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler { @Sendable in
        continuation.yield(signalNumber == SIGWINCH ? .resized : .signal(signalNumber))
      }
      source.resume()
      sources.append(source)
    }
  }

  private func startReader() {
    let continuation = self.continuation
    let thread = Thread {
      var chunk = [UInt8](repeating: 0, count: 4096)
      while true {
        let n = chunk.withUnsafeMutableBufferPointer {
          read(STDIN_FILENO, $0.baseAddress, $0.count)
        }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 {
          continuation.yield(.endOfInput)
          continuation.finish()
          return
        }
        continuation.yield(.input(Array(chunk[0..<n])))
      }
    }
    thread.stackSize = 1 << 18
    thread.start()
  }

  /// Restores the terminal. Idempotent; also runs at exit.
  public func restore() {
    for source in sources { source.cancel() }
    sources.removeAll()
    restoreTerminalModes()
  }

  /// Ctrl-Z: gives the terminal back, stops the process, and on `fg` takes it again.
  public static func suspend() {
    restoreTerminalModes()
    signal(SIGTSTP, SIG_DFL)
    raise(SIGTSTP)
    _ = enterRawMode()
  }

  /// This session as the loop's terminal.
  public var io: TerminalIO {
    TerminalIO(
      write: { Self.writeAll($0) }, size: { Self.windowSize() }, events: events,
      suspend: { Self.suspend() })
  }
}
