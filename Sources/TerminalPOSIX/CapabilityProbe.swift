import Glibc

/// Asks the terminal at start-up whether it supports synchronized output (mode 2026).
///
/// It writes DECRQM for mode 2026 followed by DA1 (`ESC[c`). Every terminal answers DA1, so
/// the wait ends as soon as that answer arrives, or after the timeout. Bytes read meanwhile
/// that are not replies (keys typed early) are kept for the input stream.
package enum CapabilityProbe {
  /// The query: DECRQM for mode 2026, then DA1.
  package static let query: [UInt8] = Array("\u{1b}[?2026$p\u{1b}[c".utf8)

  /// What the probe found.
  package struct Result: Sendable, Equatable {
    /// The DECRQM status for mode 2026 (0 not recognised, 1 set, 2 reset, 3/4 permanent),
    /// or `nil` when the terminal did not answer.
    package var mode2026: Int?
    /// Whether the DA1 answer arrived.
    package var sawDeviceAttributes: Bool
    /// Bytes that were not replies, in order, to deliver as input.
    package var leftover: [UInt8]

    /// Creates a result.
    package init(mode2026: Int?, sawDeviceAttributes: Bool, leftover: [UInt8]) {
      self.mode2026 = mode2026
      self.sawDeviceAttributes = sawDeviceAttributes
      self.leftover = leftover
    }

    /// Synchronized output support: yes for status 1 or 2, no for other answers, unknown
    /// without one.
    package var synchronizedOutput: TerminalCapabilities.Support {
      guard let mode2026 else { return .unknown }
      return mode2026 == 1 || mode2026 == 2 ? .yes : .no
    }
  }

  /// Sends the query on `session`'s output and reads replies from its input, which must be
  /// in raw mode, for at most `timeout`.
  package static func run(session: TerminalSession, timeout: Duration = .milliseconds(150))
    -> Result
  {
    try? TerminalWriter(fd: session.outputFD).write(query)
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1024)
    while true {
      let result = parse(received)
      if result.sawDeviceAttributes { return result }
      let remaining = deadline - clock.now
      guard remaining > .zero else { return result }
      let millis = Int32(
        max(
          1,
          remaining.components.seconds * 1000
            + remaining.components.attoseconds / 1_000_000_000_000_000))
      var pollFD = pollfd(fd: session.inputFD, events: Int16(POLLIN), revents: 0)
      let ready = poll(&pollFD, 1, millis)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { return result }
      let count = read(session.inputFD, &buffer, buffer.count)
      guard count > 0 else {
        if count < 0, errno == EINTR || errno == EAGAIN { continue }
        return result
      }
      received.append(contentsOf: buffer[..<count])
    }
  }

  /// Finds the DECRQM reply `ESC[?2026;Ps$y` and a DA1 reply `ESC[?…c` in `bytes`, and
  /// returns the other bytes as leftover.
  package static func parse(_ bytes: [UInt8]) -> Result {
    var mode2026: Int?
    var sawDA1 = false
    var leftover: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if let (end, reply) = csiPrivateReply(bytes, at: index) {
        if reply.final == UInt8(ascii: "y"), reply.intermediate == UInt8(ascii: "$"),
          reply.parameters.first == 2026, reply.parameters.count == 2
        {
          mode2026 = reply.parameters[1]
          index = end
          continue
        }
        if reply.final == UInt8(ascii: "c"), reply.intermediate == nil {
          sawDA1 = true
          index = end
          continue
        }
      }
      leftover.append(bytes[index])
      index += 1
    }
    return Result(mode2026: mode2026, sawDeviceAttributes: sawDA1, leftover: leftover)
  }

  private struct Reply {
    var parameters: [Int]
    var intermediate: UInt8?
    var final: UInt8
  }

  /// Parses `ESC [ ? digits(;digits)* [intermediate] final` starting at `start`.
  private static func csiPrivateReply(_ bytes: [UInt8], at start: Int) -> (Int, Reply)? {
    guard start + 3 < bytes.count, bytes[start] == 0x1b, bytes[start + 1] == UInt8(ascii: "["),
      bytes[start + 2] == UInt8(ascii: "?")
    else { return nil }
    var index = start + 3
    var parameters: [Int] = []
    var current: Int?
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        current = (current ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
        guard (current ?? 0) < 1_000_000 else { return nil }
      case UInt8(ascii: ";"):
        parameters.append(current ?? 0)
        current = nil
      case 0x20...0x2f:
        guard index + 1 < bytes.count, (0x40...0x7e).contains(bytes[index + 1]) else { return nil }
        if let current { parameters.append(current) }
        return (
          index + 2, Reply(parameters: parameters, intermediate: byte, final: bytes[index + 1])
        )
      case 0x40...0x7e:
        if let current { parameters.append(current) }
        return (index + 1, Reply(parameters: parameters, intermediate: nil, final: byte))
      default:
        return nil
      }
      index += 1
    }
    return nil
  }
}
