@testable import TerminalUI

/// A small terminal emulator for checking renderer output: it understands exactly the
/// sequences the renderer may emit, and records anything else as an error.
struct VirtualTerminal {
  var width: Int
  var height: Int
  var screen: Buffer
  var x = 0
  var y = 0
  var pendingWrap = false
  var style = Style.plain
  var link: String?
  var cursorVisible = true
  var errors: [String] = []

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    self.screen = Buffer(width: width, height: height)
  }

  mutating func apply(_ bytes: [UInt8]) {
    var i = 0
    var text: [UInt8] = []
    func flushText() {
      guard !text.isEmpty else { return }
      for c in String(decoding: text, as: UTF8.self) { put(c) }
      text.removeAll()
    }
    while i < bytes.count {
      let b = bytes[i]
      if b == 0x1B {
        flushText()
        i = escape(bytes, i)
      } else if b == 0x0D {
        flushText()
        x = 0
        pendingWrap = false
        i += 1
      } else if b == 0x08 {
        flushText()
        x = max(0, x - 1)
        pendingWrap = false
        i += 1
      } else if b == 0x00, i >= 8, bytes[(i - 8)..<i].elementsEqual(Array("\u{1B}[?2026h".utf8)) {
        // The NUL the renderer writes after starting a synchronized frame (for kitty 0.26):
        // a fill character every terminal ignores. Anywhere else it is an error.
        flushText()
        i += 1
      } else if b < 0x20 {
        flushText()
        errors.append("control \(b)")
        i += 1
      } else {
        text.append(b)
        i += 1
      }
    }
    flushText()
  }

  private mutating func put(_ c: Character) {
    let w = displayWidth(of: c)
    if w == 0 { return }
    if pendingWrap || x + w > width {
      errors.append("relied on autowrap at (\(x), \(y))")
      x = 0
      y = min(height - 1, y + 1)
      pendingWrap = false
    }
    var cellStyle = style
    cellStyle.hyperlink = link
    screen.set(Cell(String(c), style: cellStyle, width: w), x: x, y: y)
    x += w
    if x >= width {
      x = width - 1
      pendingWrap = true
    }
  }

  private mutating func escape(_ bytes: [UInt8], _ start: Int) -> Int {
    guard start + 1 < bytes.count else {
      errors.append("truncated escape")
      return bytes.count
    }
    if bytes[start + 1] == 0x5D {  // OSC
      var j = start + 2
      while j + 1 < bytes.count && !(bytes[j] == 0x1B && bytes[j + 1] == 0x5C) { j += 1 }
      let body = String(decoding: bytes[(start + 2)..<j], as: UTF8.self)
      if body.hasPrefix("8;;") {
        let url = String(body.dropFirst(3))
        link = url.isEmpty ? nil : url
      } else {
        errors.append("unknown OSC \(body)")
      }
      return j + 2
    }
    guard bytes[start + 1] == 0x5B else {
      errors.append("unknown escape \(bytes[start + 1])")
      return start + 2
    }
    var j = start + 2
    while j < bytes.count && !(0x40...0x7E).contains(bytes[j]) { j += 1 }
    let body = String(decoding: bytes[(start + 2)..<j], as: UTF8.self)
    let final = j < bytes.count ? bytes[j] : 0
    csi(body, final: final)
    return j + 1
  }

  private mutating func csi(_ body: String, final: UInt8) {
    if body.hasPrefix("?") {
      switch (body, final) {
      case ("?25", 0x68): cursorVisible = true
      case ("?25", 0x6C): cursorVisible = false
      case ("?2026", 0x68), ("?2026", 0x6C): break
      default: errors.append("unknown private mode \(body) \(final)")
      }
      return
    }
    let params = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    let n = max(1, params.first ?? 1)
    pendingWrap = false
    switch final {
    case 0x48:  // H
      y = max(1, params.first ?? 1) - 1
      x = max(1, params.count > 1 ? params[1] : 1) - 1
    case 0x41: y = max(0, y - n)
    case 0x42: y = min(height - 1, y + n)
    case 0x43: x = min(width - 1, x + n)
    case 0x44: x = max(0, x - n)
    case 0x47: x = min(width - 1, n - 1)
    case 0x4A:
      if body == "2" {
        screen = Buffer(width: width, height: height)
      } else {
        errors.append("ED \(body)")
      }
    case 0x6D: sgr(body.isEmpty ? [0] : params)
    default: errors.append("unknown CSI \(body) \(final)")
    }
  }

  private mutating func sgr(_ params: [Int]) {
    var i = 0
    func color(_ base: Int) -> Color? {
      if i + 2 < params.count && params[i + 1] == 5 {
        defer { i += 2 }
        return .indexed(UInt8(params[i + 2]))
      }
      if i + 4 < params.count && params[i + 1] == 2 {
        defer { i += 4 }
        return .rgb(UInt8(params[i + 2]), UInt8(params[i + 3]), UInt8(params[i + 4]))
      }
      errors.append("bad extended colour")
      return nil
    }
    while i < params.count {
      let p = params[i]
      switch p {
      case 0: style = Style(hyperlink: nil)
      case 1: style.modifiers.insert(.bold)
      case 2: style.modifiers.insert(.dim)
      case 3: style.modifiers.insert(.italic)
      case 4: style.modifiers.insert(.underline)
      case 7: style.modifiers.insert(.reverse)
      case 22: style.modifiers.subtract([.bold, .dim])
      case 23: style.modifiers.remove(.italic)
      case 24: style.modifiers.remove(.underline)
      case 27: style.modifiers.remove(.reverse)
      case 30...37: style.foreground = .ansi(UInt8(p - 30))
      case 90...97: style.foreground = .ansi(UInt8(p - 90 + 8))
      case 40...47: style.background = .ansi(UInt8(p - 40))
      case 100...107: style.background = .ansi(UInt8(p - 100 + 8))
      case 39: style.foreground = .default
      case 49: style.background = .default
      case 38: if let c = color(38) { style.foreground = c }
      case 48: if let c = color(48) { style.background = c }
      default: errors.append("unknown SGR \(p)")
      }
      i += 1
    }
  }
}
