import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A one-thread loopback HTTP server for what the replay server does not show: the request head the
/// client sent, whether the client closed its connection, and bodies without `Content-Length`.
final class TinyServer: @unchecked Sendable {
  /// What to do after reading a request head.
  enum Behaviour: Sendable {
    /// Send nothing and wait until the client closes the connection.
    case holdOpen
    /// Send these bytes, then close.
    case respond(Data)
    /// Send these bytes after every request, keeping the connection open between requests.
    case respondKeepAlive(Data)
  }

  private let lock = NSLock()
  private let listener: Int32
  let port: UInt16
  private let behaviour: Behaviour
  private var heads: [String] = []
  private var closes = 0
  private var accepted = 0

  init(_ behaviour: Behaviour) throws {
    self.behaviour = behaviour
    let (fd, port) = try Self.listen()
    self.listener = fd
    self.port = port
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  var baseURL: String { "http://127.0.0.1:\(port)" }
  /// Request heads received so far.
  var requestHeads: [String] { lock.withLock { heads } }
  /// How many connections the server has accepted.
  var connectionCount: Int { lock.withLock { accepted } }
  /// How many connections the client closed while the server held them open.
  var clientCloseCount: Int { lock.withLock { closes } }

  func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  private func acceptLoop() {
    while true {
      let client = accept(listener, nil, nil)
      guard client >= 0 else { return }
      lock.withLock { accepted += 1 }
      Thread.detachNewThread { [self] in serve(client) }
    }
  }

  private func serve(_ fd: Int32) {
    defer { close(fd) }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      while received.headEnd == nil {
        let count = recv(fd, &buffer, buffer.count, 0)
        guard count > 0 else { return }
        received.append(contentsOf: buffer[0..<count])
      }
      let end = received.headEnd ?? received.count
      let head = String(decoding: received[0..<end], as: UTF8.self)
      received.removeFirst(end)
      lock.withLock { heads.append(head) }
      switch behaviour {
      case .holdOpen:
        while recv(fd, &buffer, buffer.count, 0) > 0 {}
        lock.withLock { closes += 1 }
        return
      case .respond(let data):
        Self.send(data, to: fd)
        return
      case .respondKeepAlive(let data):
        guard Self.send(data, to: fd) else { return }
      }
    }
  }

  @discardableResult
  private static func send(_ data: Data, to fd: Int32) -> Bool {
    data.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count, let base = raw.baseAddress {
        let sent = Glibc.send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
        if sent <= 0 { return false }
        offset += sent
      }
      return true
    }
  }

  struct SocketFailure: Error {}

  /// Binds 127.0.0.1 on a free port and listens.
  static func listen() throws -> (fd: Int32, port: UInt16) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw SocketFailure() }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
      }
    }
    guard bound, Glibc.listen(fd, 16) == 0 else {
      close(fd)
      throw SocketFailure()
    }
    return (fd, UInt16(bigEndian: address.sin_port))
  }
}

extension [UInt8] {
  /// The index just past the first blank line (`\r\n\r\n`), if a whole head has arrived.
  fileprivate var headEnd: Int? {
    let end: [UInt8] = [13, 10, 13, 10]
    guard count >= 4 else { return nil }
    for start in 0...(count - 4) where self[start..<start + 4].elementsEqual(end) {
      return start + 4
    }
    return nil
  }
}
