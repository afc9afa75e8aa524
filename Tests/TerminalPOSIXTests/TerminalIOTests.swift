import Foundation
import Glibc
import Synchronization
import TestSupport
import Testing

@testable import TerminalPOSIX

@Suite("Terminal input, output and log")
struct TerminalIOTests {
  @Test("the input stream delivers pending bytes, typed bytes, then finishes on stop")
  func inputStream() async throws {
    let pty = try PseudoTerminal()
    let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
    try session.enter()
    defer { session.leave() }
    let input = try TerminalInput(session: session, pending: [0x61])
    input.start(handleSignals: false)
    var iterator = input.events.makeAsyncIterator()
    #expect(await iterator.next() == .bytes([0x61]))
    pty.type([0x1b, 0x5b, 0x41])
    var typed: [UInt8] = []
    while typed.count < 3, case .bytes(let chunk)? = await iterator.next() {
      typed += chunk
    }
    #expect(typed == [0x1b, 0x5b, 0x41])
    input.stop()
    #expect(await iterator.next() == nil)
  }

  @Test("the input stream ends with eof when the terminal goes away")
  func inputEOF() async throws {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    defer { close(fds[0]) }
    let session = TerminalSession(inputFD: fds[0], outputFD: fds[1])
    let input = try TerminalInput(session: session)
    input.start(handleSignals: false)
    close(fds[1])
    var events: [TerminalEvent] = []
    for await event in input.events { events.append(event) }
    #expect(events == [.eof])
  }

  @Test("the writer writes every byte, even through a full non-blocking pipe")
  func writerWritesAll() async throws {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
    let payload = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let (readFD, writeFD) = (fds[0], fds[1])
    // Both ends block (read, and poll on a full pipe), so each runs on a thread of its own: on
    // the cooperative pool the writer could wait forever for a reader that never gets a thread.
    let reader = Task {
      await DedicatedThread.run { () -> [UInt8] in
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
          let got = read(readFD, &buffer, buffer.count)
          if got <= 0 { return received }
          received.append(contentsOf: buffer[..<got])
        }
      }
    }
    try await DedicatedThread.run {
      try TerminalWriter(fd: writeFD).write(payload)
      close(writeFD)
    }
    let received = await reader.value
    close(fds[0])
    #expect(received.count == payload.count)
    #expect(received == payload)
  }

  @Test("writing to a closed descriptor throws a write error")
  func writerError() {
    #expect(throws: TerminalPOSIXError.write(errno: EBADF)) {
      try TerminalWriter(fd: -1).write("x")
    }
  }

  @Test("the log appends to a 0600 file only when TUNES_LOG is set")
  func log() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tunes-log-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("tunes.log").path

    let disabled = Log(environment: [:])
    #expect(!disabled.isEnabled)
    disabled.log("nothing")
    #expect(!FileManager.default.fileExists(atPath: path))

    let log = Log(environment: ["TUNES_LOG": path])
    #expect(log.isEnabled)
    log.log("first")
    log.log("second")
    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o600)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.hasSuffix(" first") == true)
    #expect(lines.last?.hasSuffix(" second") == true)
  }

  @Test("re-exec for backtraces happens only on a terminal without SWIFT_BACKTRACE")
  func backtraceSafety() {
    #expect(BacktraceSafety.shouldReexec(stdinIsTerminal: true, backtraceSetting: nil))
    #expect(!BacktraceSafety.shouldReexec(stdinIsTerminal: false, backtraceSetting: nil))
    "interactive=no".withCString { setting in
      #expect(!BacktraceSafety.shouldReexec(stdinIsTerminal: true, backtraceSetting: setting))
    }
  }
}

@Suite("Terminal host start-up")
struct TerminalHostTests {
  @Test("start enters raw mode, probes, keeps early keys, and stop restores")
  func startAndStop() async throws {
    let pty = try PseudoTerminal()
    var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    #expect(ioctl(pty.master, UInt(TIOCSWINSZ), &size) == 0)
    let before = Modes(pty.attributes())
    let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
    // TCSAFLUSH at enter discards earlier input, so answer from a thread (not a task: the
    // probe blocks its thread, which could starve the cooperative pool) once the query shows.
    let answered = Mutex<Bool?>(nil)
    Thread {
      let expected = TerminalSession.enterSequence + CapabilityProbe.query
      let query = pty.readOutput(count: expected.count)
      answered.withLock { $0 = query == expected }
      pty.type(Array("k\u{1b}[?2026;1$y\u{1b}[?62c".utf8))
    }.start()
    let host = try TerminalHost.start(
      session: session, environment: ["TERM": "xterm-256color"], probeTimeout: .seconds(5),
      handleSignals: false)
    #expect(answered.withLock { $0 } == true)
    #expect(host.capabilities.synchronizedOutput == .yes)
    #expect(host.capabilities.colorDepth == .ansi256)
    #expect(host.initialSize == WindowSize(cols: 80, rows: 24))
    var iterator = host.input.events.makeAsyncIterator()
    #expect(await iterator.next() == .bytes([UInt8(ascii: "k")]))
    host.stop()
    #expect(await iterator.next() == nil)
    #expect(Modes(pty.attributes()) == before)
  }
}
