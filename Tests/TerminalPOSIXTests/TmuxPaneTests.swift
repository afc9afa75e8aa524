import Foundation
import Glibc
import TerminalUI
import Testing

@testable import TerminalPOSIX

@Suite("tunes' tmux pane: passthrough on and back, the probe wrapped")
struct TmuxPaneTests {
  static let tmuxInstalled = ["/usr/bin/tmux", "/usr/local/bin/tmux"].contains {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// A private tmux server with one detached session; its pane.
  final class Server {
    let name = "tunes-pane-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let control: TmuxPane
    let pane: TmuxPane

    init() throws {
      control = TmuxPane(paneID: nil, socketName: name)
      guard
        control.run(["new-session", "-d", "-x", "80", "-y", "24", "sleep 120"]) != nil,
        let id = control.run(["display-message", "-p", "#{pane_id}"])?
          .trimmingCharacters(in: .whitespacesAndNewlines), !id.isEmpty
      else { throw Failure("tmux -L \(name) did not start") }
      pane = TmuxPane(paneID: id, socketName: name)
    }

    /// The pane's own `allow-passthrough` line, empty when it inherits.
    func own() -> String {
      (control.run(["show-options", "-p", "-t", pane.paneID ?? "", "allow-passthrough"]) ?? "?")
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit { _ = control.run(["kill-server"]) }
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  @Test(
    "a tmux server started through the pane's commands holds none of this process's pipes",
    .enabled(if: tmuxInstalled, "needs tmux"))
  func serverInheritsNoDescriptors() throws {
    // An inheritable pipe, as Foundation's are: were the server to keep its write end, its
    // reader would never see end-of-file (a test's child waiting on standard input hung so).
    var fds: [Int32] = [-1, -1]
    try #require(pipe(&fds) == 0)
    defer { close(fds[0]) }
    let server = try Server()
    close(fds[1])
    var poller = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
    try #require(poll(&poller, 1, 10_000) == 1, "the pipe's end never came")
    var byte: UInt8 = 0
    #expect(read(fds[0], &byte, 1) == 0)
    _ = server
  }

  @Test(
    "passthrough is turned on for the pane only and unset again; a value of its own comes back",
    .enabled(if: tmuxInstalled, "needs tmux"))
  func passthroughRestored() throws {
    let server = try Server()
    #expect(server.own() == "")
    #expect(server.pane.enablePassthrough() == .enabled)
    #expect(server.own() == "allow-passthrough on")
    let global = server.control.run(["show-options", "-gwv", "allow-passthrough"])
    #expect(global?.trimmingCharacters(in: .whitespacesAndNewlines) == "off")
    server.pane.restorePassthrough()
    #expect(server.own() == "")
    server.pane.restorePassthrough()  // a second time does nothing
    #expect(server.own() == "")

    let id = try #require(server.pane.paneID)
    _ = server.control.run(["set-option", "-p", "-t", id, "allow-passthrough", "off"])
    let again = TmuxPane(paneID: server.pane.paneID, socketName: server.name)
    #expect(again.enablePassthrough() == .enabled)
    #expect(server.own() == "allow-passthrough on")
    again.restorePassthrough()
    #expect(server.own() == "allow-passthrough off")

    _ = server.control.run(["set-option", "-p", "-t", id, "allow-passthrough", "on"])
    let on = TmuxPane(paneID: server.pane.paneID, socketName: server.name)
    #expect(on.enablePassthrough() == .alreadyOn)
    on.restorePassthrough()
    #expect(server.own() == "allow-passthrough on")
  }

  @Test("tmux's answer about its client and the pane's offset", .enabled(if: tmuxInstalled))
  func info() throws {
    let server = try Server()
    let info = try #require(server.pane.info())
    #expect(info.version?.first?.isNumber == true)
    #expect(info.clientTerminal == nil)  // detached: no client
    #expect(info.origin == Position(x: 0, y: 0))
    let parsed = TmuxPane.parseInfo("3.3a\txterm-256color\tXTerm(379)\t9\t19\t61\t2\ton\ttop\n")
    #expect(parsed?.origin == Position(x: 61, y: 3))
    #expect(parsed?.cellPixels == PixelSize(width: 9, height: 19))
    #expect(parsed?.clientType == "XTerm(379)")
    #expect(TmuxPane.parseInfo("3.3a\t\t\t\t\t0\t0\t2\ttop")?.origin == Position(x: 0, y: 2))
    #expect(TmuxPane.parseInfo("3.3a\t\t\t\t\t0\t5\ton\tbottom")?.origin == Position(x: 0, y: 5))
    #expect(TmuxPane.parseInfo("garbage") == nil)
  }

  @Test("the probe inside tmux never sends an unwrapped APC (tmux would take it for a title)")
  func probeWrapped() {
    func unwrappedAPC(_ bytes: [UInt8]) -> Bool {
      // Inside a passthrough every ESC is doubled; an ESC _ not after another ESC is raw.
      var index = 0
      while index + 1 < bytes.count {
        if bytes[index] == 0x1B, bytes[index + 1] == 0x1B {
          index += 2
          continue
        }
        if bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "_") { return true }
        index += 1
      }
      return false
    }
    #expect(unwrappedAPC(CapabilityProbe.query))
    let through = CapabilityProbe.query(tmuxPassthrough: true)
    #expect(!unwrappedAPC(through))
    #expect(String(decoding: through, as: UTF8.self).contains("\u{1B}Ptmux;\u{1B}\u{1B}_Gi=31"))
    let without = CapabilityProbe.query(tmuxPassthrough: false)
    #expect(!without.contains(UInt8(ascii: "_")))
    #expect(String(decoding: without, as: UTF8.self).hasSuffix("\u{1B}[5n"))
  }

  @Test("a final-leave action runs once at leave, not when Ctrl-Z stops the process")
  func finalLeave() throws {
    let pty = try PseudoTerminal()
    let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
    let count = Counter()
    session.onFinalLeave { count.add() }
    try session.enter()
    session.prepareForStop()
    #expect(count.value == 0)
    session.leave()
    session.leave()
    #expect(count.value == 1)
  }

  final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
  }
}
