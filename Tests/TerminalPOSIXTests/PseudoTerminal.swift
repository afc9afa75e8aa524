import Foundation
import Glibc

/// A pseudo-terminal pair for tests: the app side (`slave`) and the terminal side (`master`).
final class PseudoTerminal: Sendable {
  let master: Int32
  let slave: Int32

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  // Glibc's Swift module does not export the XSI pty functions, so look them up by name.
  private typealias OpenFunction = @convention(c) (Int32) -> Int32
  private typealias NameFunction = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32

  private static func function<T>(_ name: String, as type: T.Type) -> T? {
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, name) else { return nil }
    return unsafeBitCast(symbol, to: type)
  }

  init() throws {
    guard let openPT = Self.function("posix_openpt", as: OpenFunction.self),
      let grantPT = Self.function("grantpt", as: OpenFunction.self),
      let unlockPT = Self.function("unlockpt", as: OpenFunction.self),
      let nameOfPT = Self.function("ptsname_r", as: NameFunction.self)
    else { throw Failure(description: "the pty functions are missing") }
    master = openPT(O_RDWR | O_NOCTTY)
    var name = [CChar](repeating: 0, count: 128)
    guard master >= 0, grantPT(master) == 0, unlockPT(master) == 0,
      nameOfPT(master, &name, name.count) == 0
    else { throw Failure(description: "cannot open a pty: \(errno)") }
    let path = String(
      decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    slave = open(path, O_RDWR | O_NOCTTY)
    guard slave >= 0 else {
      close(master)
      throw Failure(description: "cannot open the pty slave: \(errno)")
    }
  }

  deinit {
    close(slave)
    close(master)
  }

  /// Writes bytes as if typed or answered by the terminal.
  func type(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Reads what the app wrote, until `count` bytes arrived or 5 s passed.
  func readOutput(count: Int) -> [UInt8] {
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let deadline = ContinuousClock.now + .seconds(5)
    while result.count < count, ContinuousClock.now < deadline {
      var pollFD = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&pollFD, 1, 100) > 0 else { continue }
      let got = read(master, &buffer, buffer.count)
      if got > 0 { result.append(contentsOf: buffer[..<got]) }
    }
    return result
  }

  /// Reads whatever the app wrote within a short bound (for "nothing was written" checks).
  func drainOutput() -> [UInt8] {
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      var pollFD = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&pollFD, 1, 50) > 0 else { return result }
      let got = read(master, &buffer, buffer.count)
      guard got > 0 else { return result }
      result.append(contentsOf: buffer[..<got])
    }
  }

  /// The slave's current attributes.
  func attributes() -> termios {
    var current = termios()
    _ = tcgetattr(slave, &current)
    return current
  }
}

/// The parts of termios that raw mode changes, comparable.
struct Modes: Equatable {
  var iflag: tcflag_t
  var oflag: tcflag_t
  var lflag: tcflag_t
  var cflag: tcflag_t
  var cc: [UInt8]

  init(_ value: termios) {
    var copy = value
    iflag = value.c_iflag
    oflag = value.c_oflag
    lflag = value.c_lflag
    cflag = value.c_cflag
    cc = withUnsafeBytes(of: &copy.c_cc) { Array($0) }
  }
}
