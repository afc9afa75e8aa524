import Foundation
import ITunesReplay
import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// Collects log entries from the server's threads.
final class LogBox: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [ReplayLogEntry] = []

  var entries: [ReplayLogEntry] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }

  var sink: ReplayServer.LogSink {
    { entry in
      self.lock.lock()
      self.stored.append(entry)
      self.lock.unlock()
    }
  }
}

enum TestClient {
  /// A session that never caches and allows many connections at once.
  static func session(timeout: TimeInterval = 30) -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.httpMaximumConnectionsPerHost = 20
    configuration.urlCache = nil
    return URLSession(configuration: configuration)
  }

  /// One session for the whole suite: creating a new `URLSession` for every request, hundreds
  /// of them at once in a parallel run, now and then left a request hanging until its timeout.
  static let shared = session()

  /// GETs `target` (path and query, sent as written) from the server.
  static func get(
    _ server: ReplayServer, _ target: String, method: String = "GET",
    headers: [String: String] = [:], session: URLSession = shared
  ) async throws -> (Data, HTTPURLResponse) {
    guard let url = URL(string: server.baseURL.absoluteString + target) else {
      throw URLError(.badURL)
    }
    var request = URLRequest(url: url)
    request.httpMethod = method
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await session.data(for: request)
    guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
    return (data, http)
  }

  /// Starts a silent server on the project's own fixtures (plus `more` directories).
  static func ownServer(log: @escaping ReplayServer.LogSink = ReplayServer.silentLog) throws
    -> ReplayServer
  {
    let server = try ReplayServer(directory: ownReplay, log: log)
    try server.start()
    return server
  }

  static var ownReplay: URL { Fixtures.own.appendingPathComponent("replay", isDirectory: true) }

  /// Polls `condition` (TestSupport's `eventually`).
  static func eventually(within seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
    await TestSupport.eventually(within: seconds) { condition() }
  }
}

/// A blocking raw TCP client, for what URLSession hides (resets, keep-alive, bad requests).
final class RawConnection {
  let fd: Int32

  init(port: UInt16, receiveTimeout: Int = 10) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EBADF) }
    var timeout = timeval(tv_sec: receiveTimeout, tv_usec: 0)
    _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      close(fd)
      throw POSIXError(.ECONNREFUSED)
    }
  }

  deinit { close(fd) }

  func send(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
  }

  /// Reads until the peer closes; returns the bytes and the errno that ended reading (0 on EOF).
  func readToEnd() -> (bytes: [UInt8], error: Int32) {
    var all: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        all += chunk[0..<count]
      } else if count == 0 {
        return (all, 0)
      } else {
        if errno == EINTR { continue }
        return (all, errno)
      }
    }
  }

  /// Reads one full response: the head, then `Content-Length` bytes (none for a HEAD answer).
  func readResponse(head onlyHead: Bool = false) -> String {
    var all: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let text = String(decoding: all, as: UTF8.self)
      if let range = text.range(of: "\r\n\r\n") {
        let head = text[..<range.lowerBound].lowercased()
        let length =
          head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
          .flatMap {
            Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
          }
          ?? 0
        let bodyCount = text.utf8.count - text[..<range.upperBound].utf8.count
        if onlyHead || bodyCount >= length { return text }
      }
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return text }
      all += chunk[0..<count]
    }
  }
}
