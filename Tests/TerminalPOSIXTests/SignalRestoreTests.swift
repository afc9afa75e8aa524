import Foundation
import Glibc
import TestSupport
import Testing

@testable import TerminalPOSIX

/// Runs this test binary again as a child on a pty: the child enters raw mode with signal
/// handling on and reports events; the parent sends signals and checks the terminal.
@Suite("Signals restore the terminal in a real process")
struct SignalRestoreTests {
  static let childVariable = "TUNES_POSIX_SIGNAL_CHILD"

  @Test("the child role: enter raw mode, report resizes and resumes, wait for a signal")
  func childRole() async throws {
    guard ProcessInfo.processInfo.environment[Self.childVariable] == "1" else { return }
    let session = TerminalSession()
    try session.enter()
    let input = try TerminalInput(session: session)
    input.start(handleSignals: true)
    let writer = TerminalWriter()
    try writer.write("READY")
    for await event in input.events {
      switch event {
      case .resized: try writer.write("<resized>")
      case .resumed: try writer.write("<resumed>")
      default: break
      }
    }
  }

  @Test("Ctrl-Z restores, continuing re-enters, SIGTERM restores and kills with SIGTERM")
  func signals() async throws {
    guard ProcessInfo.processInfo.environment[Self.childVariable] == nil else { return }
    let pty = try PseudoTerminal()
    var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(pty.master, UInt(TIOCSWINSZ), &size)
    let before = Modes(pty.attributes())
    let child = try launchChild(on: pty)
    defer { if child.isRunning { kill(child.processIdentifier, SIGKILL) } }
    var output: [UInt8] = []
    #expect(await pty.awaitOutput(&output, toContain: "READY"))

    // Dispatch registers signal sources asynchronously; SIGWINCH is registered last, so once
    // a resize is reported every handler is live.
    let childID = child.processIdentifier
    let resized = await pty.awaitOutput(&output, toContain: "<resized>") {
      kill(childID, SIGWINCH)
    }
    #expect(resized)

    kill(child.processIdentifier, SIGTSTP)
    #expect(await waitUntil { Modes(pty.attributes()) == before })
    kill(child.processIdentifier, SIGCONT)
    #expect(await pty.awaitOutput(&output, toContain: "<resumed>"))
    #expect(Modes(pty.attributes()) != before)

    output = []
    kill(child.processIdentifier, SIGTERM)
    #expect(await waitUntil { !child.isRunning })
    await DedicatedThread.run { child.waitUntilExit() }
    #expect(child.terminationReason == .uncaughtSignal)
    #expect(child.terminationStatus == SIGTERM)
    #expect(Modes(pty.attributes()) == before)
    output += pty.drainOutput()
    #expect(
      output.suffix(TerminalSession.leaveSequence.count) == TerminalSession.leaveSequence[...])
  }

  private func launchChild(on pty: PseudoTerminal) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    process.arguments = ["--testing-library", "swift-testing", "--filter", "childRole"]
    var environment = ProcessInfo.processInfo.environment
    environment[Self.childVariable] = "1"
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let handle = FileHandle(fileDescriptor: pty.slave, closeOnDealloc: false)
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// Polls `condition` every 50 ms for up to 10 s, on a thread of its own (the waits block).
  private func waitUntil(_ condition: @escaping @Sendable () -> Bool) async -> Bool {
    await DedicatedThread.run {
      let deadline = ContinuousClock.now + .seconds(10)
      while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        var none = pollfd(fd: -1, events: 0, revents: 0)
        _ = poll(&none, 0, 50)
      }
      return true
    }
  }
}

extension PseudoTerminal {
  /// Reads output into `output` until it contains `marker`, calling `nudge` before each
  /// read, for up to 10 s.
  func waitFor(_ output: inout [UInt8], toContain marker: String, nudge: () -> Void = {}) -> Bool {
    let deadline = ContinuousClock.now + .seconds(10)
    while !String(decoding: output, as: UTF8.self).contains(marker) {
      guard ContinuousClock.now < deadline else { return false }
      nudge()
      var pollFD = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&pollFD, 1, 50) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let got = read(master, &buffer, buffer.count)
      if got > 0 { output += buffer[..<got] }
    }
    return true
  }

  /// `waitFor(_:toContain:nudge:)` on a thread of its own, so its blocking polls (up to 10 s)
  /// never hold one of the cooperative pool's few threads.
  func awaitOutput(
    _ output: inout [UInt8], toContain marker: String,
    nudge: @escaping @Sendable () -> Void = {}
  ) async -> Bool {
    let start = output
    let (found, result) = await DedicatedThread.run { () -> (Bool, [UInt8]) in
      var collected = start
      let found = self.waitFor(&collected, toContain: marker, nudge: nudge)
      return (found, collected)
    }
    output = result
    return found
  }
}
