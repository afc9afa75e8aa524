import Glibc
import TerminalUI

/// Asks the terminal at start-up, before anything is drawn, what it can do.
///
/// It writes, in order: the kitty graphics query (a 1×1 image to check, `a=q`), DECRQM for
/// synchronized output (mode 2026), `CSI 16 t` (the cell size in pixels), XTVERSION
/// (`CSI > q`, the terminal's name and version), primary device attributes (DA1, where 4 means
/// sixel), the background colour (OSC 11, for a palette that reads on it) and last `CSI 5 n`, a status report every terminal answers: the wait ends as soon
/// as that answer arrives, or after the timeout. Bytes read meanwhile that are not replies
/// (keys typed early) are kept for the input stream.
package enum CapabilityProbe {
  /// The queries, in the order above.
  package static let query: [UInt8] = Array(
    ("\u{1b}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1b}\\" + "\u{1b}[?2026$p" + "\u{1b}[16t"
      + "\u{1b}[>q" + "\u{1b}[c" + "\u{1b}]11;?\u{1b}\\" + "\u{1b}[5n").utf8)

  /// The queries inside tmux. tmux would take the kitty query's APC for a pane title, and it
  /// answers the device attributes itself, so: with passthrough, synchronized output is asked
  /// of tmux and everything else of the outer terminal, wrapped (`ESC P tmux; … ESC \`), the
  /// closing status report too (the outer terminal answers in order, after the rest); without
  /// passthrough no APC at all, and tmux answers.
  package static func query(tmuxPassthrough: Bool) -> [UInt8] {
    guard tmuxPassthrough else {
      return Array(("\u{1b}[?2026$p" + "\u{1b}[>q" + "\u{1b}[c" + "\u{1b}[5n").utf8)
    }
    let outer = Array(
      ("\u{1b}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1b}\\" + "\u{1b}[16t" + "\u{1b}[>q"
        + "\u{1b}[c" + "\u{1b}[5n").utf8)
    var bytes = Array("\u{1b}[?2026$p".utf8)
    bytes.append(contentsOf: Array("\u{1b}Ptmux;".utf8))
    for byte in outer {
      if byte == 0x1b { bytes.append(0x1b) }
      bytes.append(byte)
    }
    bytes.append(contentsOf: [0x1b, UInt8(ascii: "\\")])
    return bytes
  }

  /// What the probe found.
  package struct Result: Sendable, Equatable {
    /// The DECRQM status for mode 2026 (0 not recognised, 1 set, 2 reset, 3/4 permanent),
    /// or `nil` when the terminal did not answer.
    package var mode2026: Int?
    /// The DA1 attributes (`ESC [ ? 62 ; 4 c` → [62, 4]), or `nil` without an answer.
    package var deviceAttributes: [Int]?
    /// Whether the terminal answered the kitty graphics query with `OK`; `nil`: no answer.
    package var kittyGraphics: Bool?
    /// The cell size in pixels from `CSI 6 ; height ; width t`.
    package var cellPixels: PixelSize?
    /// The XTVERSION text (`kitty(0.26.5)`, `XTerm(379)`).
    package var version: String?
    /// The background colour from OSC 11 (`ESC ] 11 ; rgb:RRRR/GGGG/BBBB`), as `.rgb`, or `nil`
    /// when the terminal did not say.
    package var background: Color?
    /// Whether the closing status report arrived (every reply before it has too).
    package var sawStatusReport: Bool
    /// Bytes that were not replies, in order, to deliver as input.
    package var leftover: [UInt8]

    /// Creates a result.
    package init(
      mode2026: Int? = nil, deviceAttributes: [Int]? = nil, kittyGraphics: Bool? = nil,
      cellPixels: PixelSize? = nil, version: String? = nil, background: Color? = nil,
      sawStatusReport: Bool = false, leftover: [UInt8] = []
    ) {
      self.background = background
      self.mode2026 = mode2026
      self.deviceAttributes = deviceAttributes
      self.kittyGraphics = kittyGraphics
      self.cellPixels = cellPixels
      self.version = version
      self.sawStatusReport = sawStatusReport
      self.leftover = leftover
    }

    /// Whether the DA1 answer arrived.
    package var sawDeviceAttributes: Bool { deviceAttributes != nil }

    /// Synchronized output support: yes for status 1 or 2, no for other answers, unknown
    /// without one.
    package var synchronizedOutput: TerminalCapabilities.Support {
      guard let mode2026 else { return .unknown }
      return mode2026 == 1 || mode2026 == 2 ? .yes : .no
    }
  }

  /// Sends the query on `session`'s output and reads replies from its input, which must be
  /// in raw mode, for at most `timeout`.
  /// - Parameter tmuxPassthrough: inside tmux, whether passthrough reaches the outer terminal
  ///   (see ``query(tmuxPassthrough:)``); `nil` outside tmux.
  package static func run(
    session: TerminalSession, timeout: Duration = .seconds(1), tmuxPassthrough: Bool? = nil
  ) -> Result {
    try? TerminalWriter(fd: session.outputFD).write(
      tmuxPassthrough.map { query(tmuxPassthrough: $0) } ?? query)
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1024)
    while true {
      let result = parse(received)
      if result.sawStatusReport { return result }
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

  /// Finds the replies in `bytes` and returns the other bytes as leftover.
  package static func parse(_ bytes: [UInt8]) -> Result {
    var result = Result()
    var index = 0
    while index < bytes.count {
      if let (end, reply) = csiReply(bytes, at: index) {
        switch (reply.marker, reply.intermediate, reply.final) {
        case (UInt8(ascii: "?"), UInt8(ascii: "$"), UInt8(ascii: "y"))
        where reply.parameters.first == 2026 && reply.parameters.count == 2:
          result.mode2026 = reply.parameters[1]
          index = end
          continue
        case (UInt8(ascii: "?"), nil, UInt8(ascii: "c")):
          result.deviceAttributes = reply.parameters
          index = end
          continue
        case (nil, nil, UInt8(ascii: "t"))
        where reply.parameters.count == 3
          && reply.parameters[0] == 6:
          let (height, width) = (reply.parameters[1], reply.parameters[2])
          if width > 0, height > 0 { result.cellPixels = PixelSize(width: width, height: height) }
          index = end
          continue
        case (nil, nil, UInt8(ascii: "n")) where reply.parameters == [0]:
          result.sawStatusReport = true
          index = end
          continue
        default:
          break
        }
      }
      if let (end, body) = oscReply(bytes, at: index) {
        if body.starts(with: Array("11;".utf8)) {
          result.background = Self.color(String(decoding: body.dropFirst(3), as: UTF8.self))
        }
        index = end
        continue
      }
      if let (end, kind, body) = stringReply(bytes, at: index) {
        if kind == UInt8(ascii: "_"), body.first == UInt8(ascii: "G") {
          // `G i=31;OK` or `G i=31;ENOTSUPPORTED:…`
          if let semicolon = body.firstIndex(of: UInt8(ascii: ";")) {
            result.kittyGraphics = Array(body[(semicolon + 1)...]) == Array("OK".utf8)
          } else {
            result.kittyGraphics = false
          }
          index = end
          continue
        }
        if kind == UInt8(ascii: "P"), body.starts(with: Array(">|".utf8)) {
          result.version = String(decoding: body.dropFirst(2), as: UTF8.self)
          index = end
          continue
        }
      }
      result.leftover.append(bytes[index])
      index += 1
    }
    return result
  }

  /// An APC (`ESC _ … ESC \`) or DCS (`ESC P … ESC \`) string starting at `start`: where it
  /// ends, its kind (`_` or `P`) and its body. Bodies over 512 bytes are not replies.
  private static func stringReply(_ bytes: [UInt8], at start: Int) -> (Int, UInt8, [UInt8])? {
    guard start + 1 < bytes.count, bytes[start] == 0x1b,
      bytes[start + 1] == UInt8(ascii: "_") || bytes[start + 1] == UInt8(ascii: "P")
    else { return nil }
    var index = start + 2
    while index + 1 < bytes.count, index - start < 512 {
      if bytes[index] == 0x1b, bytes[index + 1] == UInt8(ascii: "\\") {
        return (index + 2, bytes[start + 1], Array(bytes[(start + 2)..<index]))
      }
      index += 1
    }
    return nil
  }

  /// An OSC string (`ESC ] … BEL` or `ESC ] … ESC \\`) starting at `start`: where it ends and
  /// its body. Bodies over 512 bytes are not replies.
  private static func oscReply(_ bytes: [UInt8], at start: Int) -> (Int, [UInt8])? {
    guard start + 1 < bytes.count, bytes[start] == 0x1b, bytes[start + 1] == UInt8(ascii: "]")
    else { return nil }
    var index = start + 2
    while index < bytes.count, index - start < 512 {
      if bytes[index] == 0x07 { return (index + 1, Array(bytes[(start + 2)..<index])) }
      if bytes[index] == 0x1b, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") {
        return (index + 2, Array(bytes[(start + 2)..<index]))
      }
      index += 1
    }
    return nil
  }

  /// An X11 colour spec as terminals answer OSC 11: `rgb:R/G/B` with 1 to 4 hex digits a
  /// channel (scaled to 8 bits), or `#RRGGBB`.
  package static func color(_ spec: String) -> Color? {
    func channel(_ text: Substring) -> UInt8? {
      guard (1...4).contains(text.count), let value = UInt32(text, radix: 16) else { return nil }
      let maximum = (UInt32(1) << (4 * UInt32(text.count))) - 1
      return UInt8((value * 255 + maximum / 2) / maximum)
    }
    if spec.hasPrefix("rgb:") || spec.hasPrefix("rgba:") {
      let parts = spec.drop(while: { $0 != ":" }).dropFirst().split(separator: "/")
      guard parts.count >= 3, let r = channel(parts[0]), let g = channel(parts[1]),
        let b = channel(parts[2])
      else { return nil }
      return .rgb(r, g, b)
    }
    if spec.hasPrefix("#"), spec.count == 7 {
      let hex = spec.dropFirst()
      guard let r = channel(hex.prefix(2)), let g = channel(hex.dropFirst(2).prefix(2)),
        let b = channel(hex.dropFirst(4))
      else { return nil }
      return .rgb(r, g, b)
    }
    return nil
  }

  private struct Reply {
    var marker: UInt8?
    var parameters: [Int]
    var intermediate: UInt8?
    var final: UInt8
  }

  /// Parses `ESC [ [?>] digits(;digits)* [intermediate] final` starting at `start`.
  private static func csiReply(_ bytes: [UInt8], at start: Int) -> (Int, Reply)? {
    guard start + 2 < bytes.count, bytes[start] == 0x1b, bytes[start + 1] == UInt8(ascii: "[")
    else { return nil }
    var index = start + 2
    var marker: UInt8?
    if bytes[index] == UInt8(ascii: "?") || bytes[index] == UInt8(ascii: ">") {
      marker = bytes[index]
      index += 1
    }
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
          index + 2,
          Reply(marker: marker, parameters: parameters, intermediate: byte, final: bytes[index + 1])
        )
      case 0x40...0x7e:
        if let current { parameters.append(current) }
        return (
          index + 1, Reply(marker: marker, parameters: parameters, intermediate: nil, final: byte)
        )
      default:
        return nil
      }
      index += 1
    }
    return nil
  }
}
