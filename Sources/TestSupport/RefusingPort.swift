import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A loopback TCP port that refuses connections and stays reserved: a socket bound to it that
/// never listens.
///
/// A stopped server's port is free again at once, and with tests running in parallel another
/// test's server can take it, so "connection refused" became that server's answer. While this
/// socket holds the port nobody else can bind it, and connecting to it is refused.
public final class RefusingPort {
  /// Why the port could not be reserved.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong, with the errno.
    public var description: String
  }

  /// The reserved port.
  public let port: UInt16
  private let fd: Int32

  /// Reserves `port` on 127.0.0.1, or any free port when it is 0.
  public init(port requested: UInt16 = 0) throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
    var one: Int32 = 1
    _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = requested.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
      }
    }
    guard bound else {
      let failure = errno
      Glibc.close(fd)
      throw Failure(description: "cannot reserve port \(requested): errno \(failure)")
    }
    self.fd = fd
    self.port = UInt16(bigEndian: address.sin_port)
  }

  /// `http://127.0.0.1:PORT`.
  public var baseURL: String { "http://127.0.0.1:\(port)" }

  deinit { Glibc.close(fd) }
}
