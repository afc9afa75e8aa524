import Dispatch
import Foundation
import Glibc

/// The terminal's input and signals as one stream of ``TerminalEvent``s.
///
/// A reader thread blocks in `poll` on the input and a wake-up pipe, so an idle app uses no
/// CPU; ``stop()`` writes to the pipe to end it. Signals arrive through Dispatch sources:
/// SIGWINCH becomes `.resized`; SIGINT, SIGTERM and SIGHUP restore the terminal, emit
/// `.signal` and re-raise with the default action (exit status 128 + n); SIGTSTP restores and
/// stops the process; SIGCONT re-enters raw mode and emits `.resumed`.
package final class TerminalInput: @unchecked Sendable {
  /// The events, in arrival order; it finishes after `.eof` or ``stop()``.
  package let events: AsyncStream<TerminalEvent>

  private let continuation: AsyncStream<TerminalEvent>.Continuation
  private let session: TerminalSession
  private let pending: [UInt8]
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let lock = NSLock()
  private var sources: [any DispatchSourceSignal] = []
  /// The dispositions the handlers replaced, put back by ``stop()``: an ignored SIGINT left
  /// behind would be inherited by every program the process starts later.
  private var replaced: [(signal: Int32, previous: sighandler_t?)] = []
  private var thread: Thread?
  private var stopped = false

  /// The signals handled when `handleSignals` is on.
  package static let handledSignals: [Int32] = [
    SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH,
  ]

  /// Creates the input for a session.
  /// - Parameters:
  ///   - session: the terminal; its input descriptor is read and it is restored on signals.
  ///   - pending: bytes read earlier (by the capability probe) to deliver first.
  /// - Throws: ``TerminalPOSIXError/pipe(errno:)`` when the wake-up pipe cannot be made.
  package init(session: TerminalSession, pending: [UInt8] = []) throws {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else {
      throw TerminalPOSIXError.pipe(errno: errno)
    }
    for fd in fds {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    self.wakeRead = fds[0]
    self.wakeWrite = fds[1]
    self.session = session
    self.pending = pending
    (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
  }

  deinit {
    close(wakeRead)
    close(wakeWrite)
  }

  /// Starts the reader thread and, when `handleSignals` is true, the signal handlers.
  package func start(handleSignals: Bool = true) {
    if !pending.isEmpty { continuation.yield(.bytes(pending)) }
    if handleSignals { installSignalHandlers() }
    let reader = Thread { [self] in readLoop() }
    reader.name = "tunes.terminal-input"
    lock.withLock { thread = reader }
    reader.start()
  }

  /// Stops the reader thread and the signal handlers, and finishes the stream.
  package func stop() {
    let alreadyStopped = lock.withLock { () -> Bool in
      defer { stopped = true }
      return stopped
    }
    guard !alreadyStopped else { return }
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
    let (installed, previous) = lock.withLock {
      () -> ([any DispatchSourceSignal], [(signal: Int32, previous: sighandler_t?)]) in
      defer {
        sources = []
        replaced = []
      }
      return (sources, replaced)
    }
    for source in installed { source.cancel() }
    for (number, handler) in previous { signal(number, handler) }
    continuation.finish()
  }

  private func readLoop() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    var fds = [
      pollfd(fd: session.inputFD, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&fds, 2, -1)
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      if fds[1].revents != 0 { return }
      guard fds[0].revents != 0 else { continue }
      let count = read(session.inputFD, &buffer, buffer.count)
      if count > 0 {
        continuation.yield(.bytes(Array(buffer[..<count])))
      } else if count < 0, errno == EINTR || errno == EAGAIN {
        continue
      } else {
        continuation.yield(.eof)
        continuation.finish()
        return
      }
    }
    continuation.yield(.eof)
    continuation.finish()
  }

  private func installSignalHandlers() {
    let continuation = continuation
    let session = session
    var installed: [any DispatchSourceSignal] = []
    var previous: [(signal: Int32, previous: sighandler_t?)] = []
    for signalNumber in Self.handledSignals {
      previous.append((signalNumber, signal(signalNumber, SIG_IGN)))
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler { @Sendable in
        Self.handle(signalNumber, session: session, continuation: continuation)
      }
      source.resume()
      installed.append(source)
    }
    lock.withLock {
      sources = installed
      replaced = previous
    }
  }

  private static func handle(
    _ signalNumber: Int32, session: TerminalSession,
    continuation: AsyncStream<TerminalEvent>.Continuation
  ) {
    switch signalNumber {
    case SIGWINCH:
      if let size = WindowSize.read(fd: session.outputFD) {
        continuation.yield(.resized(cols: size.cols, rows: size.rows))
      }
    case SIGTSTP:
      session.suspendProcess()
    case SIGCONT:
      if session.resumeAfterStop() {
        // A resize while stopped is not reported after `fg` (the SIGWINCH, if any, came while
        // the shell had the terminal): read the size again, before the full redraw.
        if let size = WindowSize.read(fd: session.outputFD) {
          continuation.yield(.resized(cols: size.cols, rows: size.rows))
        }
        continuation.yield(.resumed)
      }
    default:
      session.leave()
      TerminalSession.restoreCurrent()
      continuation.yield(.signal(signalNumber))
      // Dispatch blocks the signal in its threads (it reads it through a signalfd), so
      // unblock it here before re-raising with the default action; exit if that fails.
      signal(signalNumber, SIG_DFL)
      var mask = sigset_t()
      sigemptyset(&mask)
      sigaddset(&mask, signalNumber)
      pthread_sigmask(SIG_UNBLOCK, &mask, nil)
      raise(signalNumber)
      _exit(128 + signalNumber)
    }
  }
}
