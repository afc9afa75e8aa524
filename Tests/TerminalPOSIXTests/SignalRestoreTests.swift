import Foundation
import Glibc
import Testing

@testable import TerminalPOSIX

/// Runs this test binary again as a child on a pty: the child enters raw mode with signal
/// handling on, the parent sends SIGTERM and checks that the terminal was restored and the
/// child died of the signal.
@Suite("Signals restore the terminal in a real process")
struct SignalRestoreTests {
  static let childVariable = "TUNES_POSIX_SIGNAL_CHILD"

  @Test("the child role: enter raw mode, say ready, wait for a signal")
  func childRole() async throws {
    guard ProcessInfo.processInfo.environment[Self.childVariable] == "1" else { return }
    let session = TerminalSession()
    try session.enter()
    let input = try TerminalInput(session: session)
    input.start(handleSignals: true)
    try TerminalWriter().write("READY")
    for await _ in input.events {}
  }

  @Test("SIGTERM restores the terminal and the process dies of SIGTERM")
  func sigtermRestores() throws {
    guard ProcessInfo.processInfo.environment[Self.childVariable] == nil else { return }
    let pty = try PseudoTerminal()
    let before = Modes(pty.attributes())
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    process.arguments = [
      "--testing-library", "swift-testing", "--filter", "childRole",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment[Self.childVariable] = "1"
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let handle = FileHandle(fileDescriptor: pty.slave, closeOnDealloc: false)
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = FileHandle.nullDevice
    try process.run()
    let ready = Array("READY".utf8)
    var output: [UInt8] = []
    let deadline = ContinuousClock.now + .seconds(20)
    while !output.ends(with: ready), ContinuousClock.now < deadline {
      output += pty.readOutput(count: 1)
    }
    #expect(output.ends(with: ready))
    #expect(Modes(pty.attributes()) != before)
    // Dispatch registers the signal source asynchronously; until it does, SIGTERM is
    // ignored, so repeat it until the child is gone (bounded).
    let killDeadline = ContinuousClock.now + .seconds(10)
    while process.isRunning, ContinuousClock.now < killDeadline {
      kill(process.processIdentifier, SIGTERM)
      var pollFD = pollfd(fd: -1, events: 0, revents: 0)
      _ = poll(&pollFD, 0, 50)
    }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGTERM)
    #expect(Modes(pty.attributes()) == before)
    let rest = pty.drainOutput()
    #expect(rest.ends(with: TerminalSession.leaveSequence))
  }
}

extension Array where Element == UInt8 {
  fileprivate func ends(with suffix: [UInt8]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}
