import DesktopLive
import Foundation
import Glibc
import TestSupport
import Testing

/// Without a usable bus the session is off with a sentence, and never hangs.
@Suite("MPRIS without a bus")
struct ConnectFailureTests {
  @Test("no DBUS_SESSION_BUS_ADDRESS and no runtime bus: off, saying so")
  func offWithoutAddress() async {
    let connection = await DedicatedThread.run {
      MediaSession.connect(environment: ["HOME": "/nonexistent"]) { _ in }
    }
    guard case .off(let reason) = connection else {
      Issue.record("connected without a bus")
      return
    }
    #expect(reason == "MPRIS is off: no session bus (DBUS_SESSION_BUS_ADDRESS is not set).")
    #expect(DesktopNotifier.connect(environment: [:]) == nil)
  }

  @Test("an address where nothing listens: off, naming the address")
  func offWhenUnreachable() async throws {
    let directory = try TemporaryDirectory(prefix: "tunes-nobus")
    defer { directory.remove() }
    let address = "unix:path=\(directory.path)/bus"
    let connection = await DedicatedThread.run {
      MediaSession.connect(environment: ["DBUS_SESSION_BUS_ADDRESS": address]) { _ in }
    }
    guard case .off(let reason) = connection else {
      Issue.record("connected to nothing")
      return
    }
    #expect(reason.hasPrefix("MPRIS is off: the session bus at \(address) cannot be reached ("))
  }

  @Test("a bus that accepts but never answers: off after the timeout")
  func offWhenSilent() async throws {
    let directory = try TemporaryDirectory(prefix: "tunes-silent")
    defer { directory.remove() }
    let path = directory.path + "/bus"
    let listener = try #require(SilentListener(path: path))
    defer { listener.close() }
    let address = "unix:path=\(path)"
    let connection = await DedicatedThread.run {
      MediaSession.connect(
        environment: ["DBUS_SESSION_BUS_ADDRESS": address], timeout: .milliseconds(300)
      ) { _ in }
    }
    guard case .off(let reason) = connection else {
      Issue.record("connected to a silent socket")
      return
    }
    #expect(reason == "MPRIS is off: the session bus at \(address) did not answer within 0.3 s.")
    // The same for notifications: no notifier rather than a hang.
    let notifier = await DedicatedThread.run {
      DesktopNotifier.connect(
        environment: ["DBUS_SESSION_BUS_ADDRESS": address], timeout: .milliseconds(300))
    }
    #expect(notifier == nil)
  }

  @Test("XDG_RUNTIME_DIR/bus is the address when the variable is not set")
  func runtimeDirectoryBus() throws {
    let directory = try TemporaryDirectory(prefix: "tunes-runtime")
    defer { directory.remove() }
    #expect(SessionBus.address(in: ["XDG_RUNTIME_DIR": directory.path]) == nil)
    let listener = try #require(SilentListener(path: directory.path + "/bus"))
    defer { listener.close() }
    #expect(
      SessionBus.address(in: ["XDG_RUNTIME_DIR": directory.path])
        == "unix:path=\(directory.path)/bus")
    #expect(
      SessionBus.address(in: [
        "XDG_RUNTIME_DIR": directory.path, "DBUS_SESSION_BUS_ADDRESS": "unix:path=/x",
      ]) == "unix:path=/x")
  }
}

/// A Unix socket that listens (so a connect succeeds through the backlog) and never accepts or
/// answers: a bus that does not answer.
final class SilentListener: Sendable {
  private let descriptor: Int32

  init?(path: String) {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0, listen(descriptor, 8) == 0 else {
      Glibc.close(descriptor)
      return nil
    }
    self.descriptor = descriptor
  }

  func close() { Glibc.close(descriptor) }
}
