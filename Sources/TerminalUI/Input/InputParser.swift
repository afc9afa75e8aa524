/// The stateless part of input decoding: one event (or sequence) at a time.
enum InputParser {
  enum Result {
    case events([InputEvent], length: Int)
    case pasteStart(length: Int)
    /// A sequence too long to be real: drop `length` bytes and the rest of it.
    case runaway(length: Int)
    case incomplete
  }

  static let pasteTerminator: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC[201~
  private static let maximumSequence = 64

  static func pasteEnd(in bytes: [UInt8], from start: Int) -> Int? {
    let t = pasteTerminator
    var i = start
    while i + t.count <= bytes.count {
      if bytes[i] == 0x1B && bytes[i + 1] == 0x5B
        && bytes[(i + 2)..<(i + t.count)].elementsEqual(t[2...])
      {
        return i
      }
      i += 1
    }
    return nil
  }

  /// How many bytes at the end could be the start of the paste terminator.
  static func partialTerminatorLength(in bytes: [UInt8], from start: Int) -> Int {
    let available = bytes.count - start
    var n = min(pasteTerminator.count - 1, available)
    while n > 0 {
      if bytes[(bytes.count - n)...].elementsEqual(pasteTerminator[..<n]) { return n }
      n -= 1
    }
    return 0
  }

  static func decodePaste(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  static func parse(_ bytes: [UInt8], at i: Int) -> Result {
    let b = bytes[i]
    if b == 0x1B { return escape(bytes, at: i) }
    if b < 0x20 || b == 0x7F { return .events([controlKey(b)], length: 1) }
    return text(bytes, at: i)
  }

  static func controlKey(_ b: UInt8) -> InputEvent {
    switch b {
    case 0x0D: return .key(.enter, [])
    case 0x09: return .key(.tab, [])
    case 0x7F: return .key(.backspace, [])
    case 0x00: return .key(.character(" "), .control)
    case 0x01...0x1A:
      return .key(.character(Character(Unicode.Scalar(b + 0x60))), .control)
    case 0x1C...0x1F:
      return .key(.character(Character(Unicode.Scalar(b + 0x40))), .control)
    default:
      return .key(.escape, [])
    }
  }

  /// A run of printable text (ASCII and UTF-8), one key per grapheme cluster.
  private static func text(_ bytes: [UInt8], at start: Int) -> Result {
    var j = start
    while j < bytes.count {
      let b = bytes[j]
      if b < 0x20 || b == 0x7F { break }
      if b < 0x80 {
        j += 1
        continue
      }
      let length = utf8Length(b)
      if length == 0 { break }
      if j + length > bytes.count {
        if j == start { return .incomplete }
        break
      }
      var valid = true
      for k in 1..<length where bytes[j + k] & 0xC0 != 0x80 { valid = false }
      if !valid { break }
      j += length
    }
    if j == start { return .events([], length: 1) }  // invalid UTF-8 byte: drop it
    let string = String(decoding: bytes[start..<j], as: UTF8.self)
    return .events(string.map { .key(.character($0), []) }, length: j - start)
  }

  private static func utf8Length(_ lead: UInt8) -> Int {
    switch lead {
    case 0xC2...0xDF: return 2
    case 0xE0...0xEF: return 3
    case 0xF0...0xF4: return 4
    default: return 0
    }
  }

  private static func escape(_ bytes: [UInt8], at i: Int) -> Result {
    guard i + 1 < bytes.count else { return .incomplete }
    let next = bytes[i + 1]
    switch next {
    case 0x5B:
      return csi(bytes, at: i)
    case 0x4F:
      guard i + 2 < bytes.count else { return .incomplete }
      let key: Key?
      switch bytes[i + 2] {
      case 0x41: key = .up
      case 0x42: key = .down
      case 0x43: key = .right
      case 0x44: key = .left
      case 0x48: key = .home
      case 0x46: key = .end
      case 0x50: key = .function(1)
      case 0x51: key = .function(2)
      case 0x52: key = .function(3)
      case 0x53: key = .function(4)
      case 0x4D: key = .enter
      default: key = nil
      }
      return .events(key.map { [.key($0, [])] } ?? [], length: 3)
    case 0x1B:
      return .events([.key(.escape, [])], length: 1)
    default:
      switch parse(bytes, at: i + 1) {
      case .incomplete:
        return .incomplete
      case .pasteStart, .runaway:
        return .events([], length: 1)
      case .events(let events, let length):
        guard case .key(let key, let mods)? = events.first else {
          return .events([], length: 1 + length)
        }
        // Alt applies to the first key only; the rest of a text run follows unmodified.
        if events.count > 1 {
          let firstLength = firstKeyLength(bytes, at: i + 1)
          return .events([.key(key, mods.union(.alt))], length: 1 + firstLength)
        }
        return .events([.key(key, mods.union(.alt))], length: 1 + length)
      }
    }
  }

  private static func firstKeyLength(_ bytes: [UInt8], at i: Int) -> Int {
    let b = bytes[i]
    return b < 0x80 ? 1 : max(1, min(utf8Length(b), bytes.count - i))
  }

  private static func csi(_ bytes: [UInt8], at i: Int) -> Result {
    var j = i + 2
    while j < bytes.count {
      let b = bytes[j]
      if b >= 0x40 && b <= 0x7E { break }
      if b < 0x20 || b > 0x3F { return .events([], length: j - i) }  // malformed: drop
      j += 1
      if j - i > maximumSequence { return .runaway(length: j - i) }
    }
    guard j < bytes.count else { return .incomplete }
    if j == i + 2 && bytes[j] == 0x4D {  // legacy X10 mouse: ESC [ M b x y, raw bytes
      guard i + 5 < bytes.count else { return .incomplete }
      let code = Int(bytes[i + 3]) - 32
      let event = CSISequence.mouse(
        code: code, column: Int(bytes[i + 4]) - 32, row: Int(bytes[i + 5]) - 32,
        released: code & 3 == 3 && code & 64 == 0)
      return .events([event], length: 6)
    }
    let length = j - i + 1
    let sequence = CSISequence(bytes[(i + 2)..<j], final: bytes[j])
    if sequence.isPasteStart { return .pasteStart(length: length) }
    return .events(sequence.event.map { [$0] } ?? [], length: length)
  }
}
