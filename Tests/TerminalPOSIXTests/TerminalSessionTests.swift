import Glibc
import Testing

@testable import TerminalPOSIX

@Suite("Terminal session on a pseudo-terminal")
struct TerminalSessionTests {
  @Test("enter switches to raw mode and writes the enter sequence")
  func enterRaw() throws {
    let pty = try PseudoTerminal()
    let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
    try session.enter()
    defer { session.leave() }
    let raw = pty.attributes()
    #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
    #expect(raw.c_oflag & tcflag_t(OPOST) == 0)
    var cc = raw.c_cc
    let (vmin, vtime) = withUnsafeBytes(of: &cc) { ($0[Int(VMIN)], $0[Int(VTIME)]) }
    #expect(vmin == 1 && vtime == 0)
    let written = pty.readOutput(count: TerminalSession.enterSequence.count)
    #expect(
      String(decoding: written, as: UTF8.self)
        == "\u{1b}[?1049h\u{1b}[?25l\u{1b}[?1000h\u{1b}[?1002h\u{1b}[?1006h\u{1b}[?2004h"
        + "\u{1b}[?1004h")
    #expect(session.isActive)
  }

  @Test("leave writes the exact reverse and restores the attributes exactly")
  func leaveRestores() throws {
    let pty = try PseudoTerminal()
    let before = Modes(pty.attributes())
    let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
    try session.enter()
    #expect(Modes(pty.attributes()) != before)
    _ = pty.readOutput(count: TerminalSession.enterSequence.count)
    session.leave()
    #expect(Modes(pty.attributes()) == before)
    let written = pty.drainOutput()
    #expect(
      String(decoding: written, as: UTF8.self)
        == "\u{1b}[?1004l\u{1b}[?2004l\u{1b}[?1006l\u{1b}[?1002l\u{1b}[?1000l\u{1b}[?25h"
        + "\u{1b}[?1049l\u{1b}[0m")
    #expect(!session.isActive)
  }

  @Test("enter and leave are idempotent")
  func idempotent() throws {
    let pty = try PseudoTerminal()
    let before = Modes(pty.attributes())
    let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
    try session.enter()
    try session.enter()
    #expect(pty.drainOutput() == TerminalSession.enterSequence)
    session.leave()
    session.leave()
    #expect(pty.drainOutput() == TerminalSession.leaveSequence)
    #expect(Modes(pty.attributes()) == before)
  }

  @Test("withRawMode restores the terminal when the body throws")
  func withRawModeRestoresOnError() throws {
    struct Boom: Error {}
    let pty = try PseudoTerminal()
    let before = Modes(pty.attributes())
    let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
    #expect(throws: Boom.self) {
      try session.withRawMode { () throws -> Void in
        #expect(session.isActive)
        throw Boom()
      }
    }
    #expect(!session.isActive)
    #expect(Modes(pty.attributes()) == before)
  }

  @Test("suspending restores the terminal and resuming re-enters with the original saved")
  func suspendAndResume() throws {
    let pty = try PseudoTerminal()
    let before = Modes(pty.attributes())
    let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
    try session.enter()
    session.prepareForStop()
    #expect(Modes(pty.attributes()) == before)
    #expect(session.resumeAfterStop())
    #expect(session.isActive)
    #expect(!session.resumeAfterStop() || session.isActive)
    session.leave()
    #expect(Modes(pty.attributes()) == before)
  }

  @Test("entering a descriptor that is not a terminal fails with a readable error")
  func notATerminal() throws {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    defer { for fd in fds { close(fd) } }
    let session = TerminalSession(inputFD: fds[0], outputFD: fds[1])
    let error = #expect(throws: TerminalPOSIXError.self) { try session.enter() }
    guard case .notATerminal(let fd, _) = error else {
      Issue.record("unexpected \(String(describing: error))")
      return
    }
    #expect(fd == fds[0])
    #expect(error?.errorDescription?.contains("not a terminal") == true)
    #expect(error?.recoverySuggestion != nil)
  }

  @Test("the window size is read from the pty, pixels included")
  func windowSize() throws {
    let pty = try PseudoTerminal()
    var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 1600, ws_ypixel: 960)
    #expect(ioctl(pty.master, UInt(TIOCSWINSZ), &size) == 0)
    let read = WindowSize.read(fd: pty.slave)
    #expect(read == WindowSize(cols: 100, rows: 30, pixelWidth: 1600, pixelHeight: 960))
    #expect(read?.cellPixelSize?.width == 16 && read?.cellPixelSize?.height == 32)
    #expect(WindowSize.read(fd: -1) == nil)
  }
}
