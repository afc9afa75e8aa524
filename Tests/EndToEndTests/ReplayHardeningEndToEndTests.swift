import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `tunes replay` as its own process, against clients that misbehave.
@Suite("tunes replay against misbehaving clients", .serialized)
struct ReplayHardeningEndToEndTests {
  /// Starts `tunes replay` through `/bin/sh` with `prefix` run first (e.g. `ulimit -n 40;`).
  static func start(_ sandbox: Sandbox, prefix: String = "") async throws
    -> (ProcessRunner.Running, UInt16)
  {
    var runner = sandbox.runner
    runner.executable = URL(fileURLWithPath: "/bin/sh")
    let binary = try TunesBinary.located.get().path
    let replay = try runner.start([
      "-c", "\(prefix) exec '\(binary)' replay '\(Fixtures.sharedITunes.path)' --port 0",
    ])
    _ = await ProcessRunner.waitUntil {
      replay.hasExited || replay.standardOutputSoFar.contains("\n")
    }
    guard let match = replay.standardOutputSoFar.firstMatch(of: /127\.0\.0\.1:(\d+)/),
      let port = UInt16(match.1)
    else {
      replay.send(SIGKILL)
      throw Sandbox.Failure(
        "no address: \(replay.standardOutputSoFar) \(replay.standardErrorSoFar)")
    }
    return (replay, port)
  }

  /// A raw request on a new connection; the answer's first line, or "" when none came.
  static func statusLine(port: UInt16, target: String) -> String {
    let fd = connectTo(port)
    guard fd >= 0 else { return "" }
    defer { close(fd) }
    var timeout = timeval(tv_sec: 20, tv_usec: 0)
    _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let request = Array("GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
    _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var chunk = [UInt8](repeating: 0, count: 4096)
    let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return "" }
    return String(decoding: chunk[..<count], as: UTF8.self).split(separator: "\r\n").first.map(
      String.init) ?? ""
  }

  static func connectTo(_ port: UInt16) -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    if result != 0 {
      close(fd)
      return -1
    }
    return fd
  }

  @Test("after running out of descriptors (EMFILE) it serves again once clients leave")
  func emfile() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let (replay, port) = try await Self.start(sandbox, prefix: "ulimit -n 48;")
    defer { replay.send(SIGKILL) }
    // More idle connections than the server has descriptors for.
    var idle: [Int32] = []
    for _ in 0..<80 {
      let fd = Self.connectTo(port)
      if fd >= 0 { idle.append(fd) }
    }
    #expect(idle.count == 80)
    for fd in idle { close(fd) }
    let served = await ProcessRunner.waitUntil(timeout: .seconds(30)) {
      Self.statusLine(port: port, target: "/nothing").hasPrefix("HTTP/1.1 404")
    }
    #expect(served, "stderr: \(replay.standardErrorSoFar.suffix(500))")
    #expect(!replay.hasExited)
  }

  @Test("the request target it logs is sanitized: no escape sequence reaches the terminal")
  func sanitizedLog() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let (replay, port) = try await Self.start(sandbox)
    defer { replay.send(SIGKILL) }
    _ = Self.statusLine(port: port, target: "/evil\u{1B}]0;pwned\u{7}\u{1B}[2Jpath")
    let logged = await ProcessRunner.waitUntil { replay.standardErrorSoFar.contains("/evil") }
    #expect(logged, "\(replay.standardErrorSoFar)")
    let log = replay.standardErrorSoFar
    #expect(!log.contains("\u{1B}"), "\(log.debugDescription)")
    #expect(!log.contains("\u{7}"))
  }

  @Test("--fault delay=1e308 and other huge values are refused at the start (64)")
  func hugeFaults() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    for spec in ["delay=1e308", "delay=1e20", "oversized=9223372036854775807"] {
      let result = try await sandbox.tunes(
        "replay", Fixtures.sharedITunes.path, "--port", "0", "--fault", spec)
      #expect(!result.exited(0), "\(spec): \(result)")
      #expect(result.signal == nil, "\(spec): \(result)")
      #expect(result.stderr.contains(spec), "\(spec): \(result)")
    }
  }
}
