import Foundation
import Glibc
import Synchronization

/// Raw mode and the alternate screen, entered once and restored on every way out.
///
/// `enter()` saves the terminal's attributes, switches to raw mode (`cfmakeraw`, VMIN 1,
/// VTIME 0) and writes ``enterSequence``; `leave()` writes ``leaveSequence`` and restores the
/// saved attributes with `TCSAFLUSH`. Both are idempotent and thread-safe. The entered
/// session is also restored at `exit` (an `atexit` hook) and by ``TerminalInput``'s signal
/// handling.
package final class TerminalSession: @unchecked Sendable {
  /// Alternate screen, hide cursor, SGR mouse (press, drag), bracketed paste, focus reports
  /// (`ESC[I` / `ESC[O`: notifications are sent while the terminal is not in front).
  package static let enterSequence: [UInt8] = Array(
    ("\u{1b}[?1049h\u{1b}[?25l\u{1b}[?1000h\u{1b}[?1002h\u{1b}[?1006h\u{1b}[?2004h"
      + "\u{1b}[?1004h").utf8)
  /// The exact reverse of ``enterSequence``, then reset the graphic rendition.
  package static let leaveSequence: [UInt8] = Array(
    ("\u{1b}[?1004l\u{1b}[?2004l\u{1b}[?1006l\u{1b}[?1002l\u{1b}[?1000l\u{1b}[?25h"
      + "\u{1b}[?1049l\u{1b}[0m").utf8)

  /// The terminal read from.
  package let inputFD: Int32
  /// The terminal written to.
  package let outputFD: Int32

  private struct State {
    var saved: termios?
    var active = false
    var suspended = false
    var finalActions: [@Sendable () -> Void] = []
  }

  private let lock = NSLock()
  private var state = State()

  private static let current = Mutex<TerminalSession?>(nil)
  private static let atexitInstalled = Mutex(false)

  /// Creates a session for a terminal; nothing changes until ``enter()``.
  package init(inputFD: Int32 = STDIN_FILENO, outputFD: Int32 = STDOUT_FILENO) {
    self.inputFD = inputFD
    self.outputFD = outputFD
  }

  /// Whether raw mode is on.
  package var isActive: Bool { lock.withLock { state.active } }

  /// The attributes saved by ``enter()``, restored by ``leave()``.
  package var savedAttributes: termios? { lock.withLock { state.saved } }

  /// Switches to raw mode and the alternate screen; does nothing when already entered.
  /// - Throws: ``TerminalPOSIXError`` when the input is not a terminal or cannot be changed.
  package func enter() throws {
    try enter(reusingSaved: false)
  }

  private func enter(reusingSaved: Bool) throws {
    try lock.withLock {
      guard !state.active else { return }
      var current = termios()
      guard tcgetattr(inputFD, &current) == 0 else {
        throw TerminalPOSIXError.notATerminal(fd: inputFD, errno: errno)
      }
      let original = reusingSaved ? (state.saved ?? current) : current
      var raw = original
      cfmakeraw(&raw)
      withUnsafeMutableBytes(of: &raw.c_cc) { cc in
        cc[Int(VMIN)] = 1
        cc[Int(VTIME)] = 0
      }
      guard tcsetattr(inputFD, TCSAFLUSH, &raw) == 0 else {
        throw TerminalPOSIXError.setAttributes(errno: errno)
      }
      state.saved = original
      state.active = true
      state.suspended = false
      try? TerminalWriter(fd: outputFD).write(Self.enterSequence)
    }
    Self.current.withLock { $0 = self }
    Self.installAtexitOnce()
  }

  /// Leaves the alternate screen and restores the saved attributes; does nothing when not
  /// entered. Safe to call from any thread, any number of times.
  package func leave() {
    let actions = lock.withLock { () -> [@Sendable () -> Void] in
      restoreLocked()
      defer { state.finalActions = [] }
      return state.finalActions
    }
    for action in actions { action() }
  }

  /// Runs `action` once, at the first ``leave()`` (quit, a terminating signal, exit), after
  /// the terminal is restored; not when Ctrl-Z stops the process. tunes puts tmux's
  /// passthrough option back this way.
  package func onFinalLeave(_ action: @escaping @Sendable () -> Void) {
    lock.withLock { state.finalActions.append(action) }
  }

  /// Runs `body` in raw mode and restores the terminal however it ends.
  package func withRawMode<T>(_ body: () throws -> T) throws -> T {
    try enter()
    defer { leave() }
    return try body()
  }

  /// Runs the asynchronous `body` in raw mode and restores the terminal however it ends.
  package func withRawMode<T>(_ body: () async throws -> T) async throws -> T {
    try enter()
    defer { leave() }
    return try await body()
  }

  /// Restores the terminal and stops the process (what Ctrl-Z does); after `fg`, the
  /// SIGCONT handling of ``TerminalInput`` calls ``resumeAfterStop()``.
  package func suspendProcess() {
    prepareForStop()
    raise(SIGSTOP)
  }

  /// Restores the terminal before the process stops, remembering to re-enter on continue.
  package func prepareForStop() {
    lock.withLock {
      guard state.active else { return }
      restoreLocked()
      state.suspended = true
    }
  }

  /// Re-enters raw mode after the process continued.
  /// - Returns: whether the session was (or should be) active, so the app must redraw.
  @discardableResult
  package func resumeAfterStop() -> Bool {
    let wasSuspended = lock.withLock { () -> Bool in
      let wasSuspended = state.suspended
      state.suspended = false
      if state.active {
        // Stopped by a signal we did not handle: the shell may have changed the modes.
        state.active = false
        return true
      }
      return wasSuspended
    }
    guard wasSuspended else { return false }
    return (try? enter(reusingSaved: true)) != nil
  }

  /// Restores whichever session is entered (used by `atexit` and signal handlers).
  package static func restoreCurrent() {
    current.withLock { $0 }?.leave()
  }

  private func restoreLocked() {
    guard state.active, var saved = state.saved else { return }
    state.active = false
    try? TerminalWriter(fd: outputFD).write(Self.leaveSequence)
    _ = tcsetattr(inputFD, TCSAFLUSH, &saved)
  }

  private static func installAtexitOnce() {
    let install = atexitInstalled.withLock { installed -> Bool in
      defer { installed = true }
      return !installed
    }
    if install {
      atexit { TerminalSession.restoreCurrent() }
    }
  }
}
