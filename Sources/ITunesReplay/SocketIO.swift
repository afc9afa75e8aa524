import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Thin wrappers around the Glibc socket calls the server needs.
enum SocketIO {
  /// Creates a listening TCP socket on 127.0.0.1 and returns it with the bound port.
  static func listen(port: UInt16) throws -> (fd: Int32, port: UInt16) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw ReplayError.socket(operation: "socket", errno: errno) }
    var yes: Int32 = 1
    _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else {
      let code = errno
      close(fd)
      throw ReplayError.socket(operation: "bind 127.0.0.1:\(port)", errno: code)
    }
    guard Glibc.listen(fd, 128) == 0 else {
      let code = errno
      close(fd)
      throw ReplayError.socket(operation: "listen", errno: code)
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard named == 0 else {
      let code = errno
      close(fd)
      throw ReplayError.socket(operation: "getsockname", errno: code)
    }
    return (fd, UInt16(bigEndian: actual.sin_port))
  }

  /// A pipe whose read end wakes the accept loop when stop() writes to it.
  static func makePipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else {
      throw ReplayError.socket(operation: "pipe", errno: errno)
    }
    _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
    return (fds[0], fds[1])
  }

  /// Waits until `listener` has a connection (returns its fd) or `wake` is readable (returns nil).
  ///
  /// A client gets `idleTimeout` as its receive and send timeouts, so a silent or stalled peer
  /// is closed instead of holding a thread forever. Running out of descriptors or memory
  /// (EMFILE, ENFILE, ENOBUFS, ENOMEM) waits a moment for some to be freed and accepts again,
  /// rather than ending the accept loop for good.
  static func accept(listener: Int32, wake: Int32, idleTimeout: Double = 30) -> Int32? {
    while true {
      var fds = [
        pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, 2, -1)
      if ready < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if fds[1].revents != 0 { return nil }
      if fds[0].revents & Int16(POLLIN) != 0 {
        let client = Glibc.accept(listener, nil, nil)
        if client >= 0 {
          _ = fcntl(client, F_SETFD, FD_CLOEXEC)
          var yes: Int32 = 1
          _ = setsockopt(
            client, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
          var timeout = timeval(
            tv_sec: Int(idleTimeout), tv_usec: Int((idleTimeout - idleTimeout.rounded(.down)) * 1e6)
          )
          _ = setsockopt(
            client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
          _ = setsockopt(
            client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
          return client
        }
        if errno == EINTR || errno == ECONNABORTED || errno == EAGAIN { continue }
        if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
          // Out of descriptors: wait a moment (or for the wake pipe), then try again.
          var wakeOnly = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
          if poll(&wakeOnly, 1, 100) > 0 { return nil }
          continue
        }
        return nil
      } else if fds[0].revents != 0 {
        return nil
      }
    }
  }

  /// Sends all of `bytes`, returning how many were sent before an error.
  @discardableResult
  static func send(_ fd: Int32, _ bytes: Data) -> Int {
    bytes.withUnsafeBytes { raw -> Int in
      guard let base = raw.baseAddress else { return 0 }
      var sent = 0
      while sent < raw.count {
        let result = Glibc.send(fd, base + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
        if result < 0 {
          if errno == EINTR { continue }
          return sent
        }
        if result == 0 { return sent }
        sent += result
      }
      return sent
    }
  }

  /// Reads what is available (blocking), or nil at end of stream or on error.
  static func receive(_ fd: Int32, max: Int = 65_536) -> [UInt8]? {
    var chunk = [UInt8](repeating: 0, count: max)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, max, 0) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return nil }
      return Array(chunk[0..<count])
    }
  }

  /// Makes the next close send a TCP reset instead of a normal shutdown.
  static func setResetOnClose(_ fd: Int32) {
    var option = linger(l_onoff: 1, l_linger: 0)
    _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
  }

  /// Wakes any thread blocked reading or writing `fd`, without releasing the descriptor.
  static func shutdownBoth(_ fd: Int32) {
    _ = shutdown(fd, Int32(SHUT_RDWR))
  }

  /// Writes one byte to the wake pipe.
  static func wake(_ fd: Int32) {
    var byte: UInt8 = 1
    _ = write(fd, &byte, 1)
  }

  /// Closes a descriptor.
  static func close(_ fd: Int32) {
    _ = Glibc.close(fd)
  }
}
