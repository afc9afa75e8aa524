/// The SGR-relevant part of a style after colour downgrading, as the terminal holds it.
struct PenStyle: Equatable {
  var foreground: Color
  var background: Color
  var modifiers: Modifiers

  static let plain = PenStyle(foreground: .default, background: .default, modifiers: [])

  init(foreground: Color, background: Color, modifiers: Modifiers) {
    self.foreground = foreground
    self.background = background
    self.modifiers = modifiers
  }

  init(_ style: Style, depth: ColorDepth) {
    switch depth {
    case .truecolor:
      foreground = style.foreground
      background = style.background
    default:
      foreground = style.foreground.downgraded(to: depth) ?? .default
      background = style.background.downgraded(to: depth) ?? .default
    }
    modifiers = style.modifiers
  }
}

/// Appends escape sequences to a byte array.
struct ANSIWriter {
  var bytes: [UInt8] = []
  private var incremental: [UInt8] = []
  private var full: [UInt8] = []

  init(capacity: Int) {
    bytes.reserveCapacity(capacity)
    incremental.reserveCapacity(32)
    full.reserveCapacity(32)
  }

  mutating func append(_ literal: StaticString) {
    literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  static func digits(_ n: Int) -> Int {
    var count = 1
    var v = n
    while v >= 10 {
      v /= 10
      count += 1
    }
    return count
  }

  static func appendNumber(_ n: Int, to out: inout [UInt8]) {
    if n < 10 {
      out.append(0x30 + UInt8(truncatingIfNeeded: max(0, n)))
    } else if n < 100 {
      out.append(0x30 + UInt8(truncatingIfNeeded: n / 10))
      out.append(0x30 + UInt8(truncatingIfNeeded: n % 10))
    } else if n < 1000 {
      out.append(0x30 + UInt8(truncatingIfNeeded: n / 100))
      out.append(0x30 + UInt8(truncatingIfNeeded: (n / 10) % 10))
      out.append(0x30 + UInt8(truncatingIfNeeded: n % 10))
    } else {
      appendNumber(n / 1000, to: &out)
      let rest = n % 1000
      out.append(0x30 + UInt8(truncatingIfNeeded: rest / 100))
      out.append(0x30 + UInt8(truncatingIfNeeded: (rest / 10) % 10))
      out.append(0x30 + UInt8(truncatingIfNeeded: rest % 10))
    }
  }

  // MARK: Cursor movement

  /// Moves the cursor from `from` (if known) to `to` by the shortest sequence.
  mutating func move(from: Position?, to: Position) {
    let cupLength = 3 + Self.digits(to.y + 1) + (to.x == 0 ? 0 : 1 + Self.digits(to.x + 1))
    guard let from else {
      cup(to)
      return
    }
    if from == to { return }
    let dy = to.y - from.y
    let vertical = dy == 0 ? 0 : (abs(dy) == 1 ? 3 : 3 + Self.digits(abs(dy)))
    let dx = to.x - from.x
    var horizontal = 0
    var horizontalKind = 0  // 0 none, 1 CR, 2 relative, 3 backspaces, 4 CHA
    if dx != 0 {
      if to.x == 0 {
        horizontal = 1
        horizontalKind = 1
      } else if dx < 0 && dx >= -3 {
        horizontal = -dx
        horizontalKind = 3
      } else {
        let relative = abs(dx) == 1 ? 3 : 3 + Self.digits(abs(dx))
        let absolute = 3 + Self.digits(to.x + 1)
        horizontal = min(relative, absolute)
        horizontalKind = relative <= absolute ? 2 : 4
      }
    }
    if cupLength < vertical + horizontal {
      cup(to)
      return
    }
    switch horizontalKind {
    case 1: bytes.append(0x0D)
    case 2: csi(abs(dx), final: dx > 0 ? 0x43 : 0x44)
    case 3: for _ in 0..<(-dx) { bytes.append(0x08) }
    case 4: csi(to.x + 1, final: 0x47)
    default: break
    }
    if dy != 0 { csi(abs(dy), final: dy > 0 ? 0x42 : 0x41) }
  }

  /// `ESC [ n final`, with `n` left out when it is 1.
  private mutating func csi(_ n: Int, final: UInt8) {
    bytes.append(0x1B)
    bytes.append(0x5B)
    if n != 1 { Self.appendNumber(n, to: &bytes) }
    bytes.append(final)
  }

  /// Absolute cursor position (CUP), shortest form.
  mutating func cup(_ p: Position) {
    bytes.append(0x1B)
    bytes.append(0x5B)
    if p.x == 0 && p.y == 0 {
      bytes.append(0x48)
      return
    }
    Self.appendNumber(p.y + 1, to: &bytes)
    if p.x != 0 {
      bytes.append(0x3B)
      Self.appendNumber(p.x + 1, to: &bytes)
    }
    bytes.append(0x48)
  }

  // MARK: SGR

  /// Switches the terminal from `current` to `target` with one SGR sequence, choosing the
  /// shorter of an incremental change and a reset followed by the target's attributes.
  mutating func sgr(from current: PenStyle, to target: PenStyle) {
    if current == target { return }
    if target == .plain {
      append("\u{1B}[0m")
      return
    }
    let removed = current.modifiers.subtracting(target.modifiers)
    var toAdd = target.modifiers.subtracting(current.modifiers)
    let foregroundChanged = current.foreground != target.foreground
    let backgroundChanged = current.background != target.background
    // A reset can only be shorter when something must be switched off; otherwise write the
    // changes straight into the output (the common case, e.g. per-cell image colours).
    let resetMayWin =
      !removed.isEmpty || (foregroundChanged && target.foreground == .default)
      || (backgroundChanged && target.background == .default)
    if !resetMayWin {
      bytes.append(0x1B)
      bytes.append(0x5B)
      Self.modifierParams(toAdd, &bytes)
      if foregroundChanged { Self.colorParams(target.foreground, background: false, &bytes) }
      if backgroundChanged { Self.colorParams(target.background, background: true, &bytes) }
      bytes.append(0x6D)
      return
    }
    incremental.removeAll(keepingCapacity: true)
    full.removeAll(keepingCapacity: true)
    if !removed.isDisjoint(with: [.bold, .dim]) {
      Self.param(22, &incremental)
      toAdd.formUnion(target.modifiers.intersection([.bold, .dim]))
    }
    if removed.contains(.italic) { Self.param(23, &incremental) }
    if removed.contains(.underline) { Self.param(24, &incremental) }
    if removed.contains(.reverse) { Self.param(27, &incremental) }
    Self.modifierParams(toAdd, &incremental)
    if foregroundChanged { Self.colorParams(target.foreground, background: false, &incremental) }
    if backgroundChanged { Self.colorParams(target.background, background: true, &incremental) }
    Self.param(0, &full)
    Self.modifierParams(target.modifiers, &full)
    if target.foreground != .default {
      Self.colorParams(target.foreground, background: false, &full)
    }
    if target.background != .default {
      Self.colorParams(target.background, background: true, &full)
    }
    bytes.append(0x1B)
    bytes.append(0x5B)
    bytes.append(contentsOf: incremental.count <= full.count ? incremental : full)
    bytes.append(0x6D)
  }

  /// Appends one SGR parameter, with a `;` unless it is the first (after `[` or at the start
  /// of a scratch array).
  private static func param(_ n: Int, _ out: inout [UInt8]) {
    if let last = out.last, last != 0x5B { out.append(0x3B) }
    appendNumber(n, to: &out)
  }

  private static func modifierParams(_ m: Modifiers, _ out: inout [UInt8]) {
    if m.contains(.bold) { param(1, &out) }
    if m.contains(.dim) { param(2, &out) }
    if m.contains(.italic) { param(3, &out) }
    if m.contains(.underline) { param(4, &out) }
    if m.contains(.reverse) { param(7, &out) }
  }

  private static func colorParams(_ color: Color, background: Bool, _ out: inout [UInt8]) {
    switch color {
    case .default:
      param(background ? 49 : 39, &out)
    case .ansi(let raw):
      let n = Int(raw % 16)
      if n < 8 {
        param((background ? 40 : 30) + n, &out)
      } else {
        param((background ? 100 : 90) + n - 8, &out)
      }
    case .indexed(let n):
      param(background ? 48 : 38, &out)
      param(5, &out)
      param(Int(n), &out)
    case .rgb(let r, let g, let b):
      param(background ? 48 : 38, &out)
      param(2, &out)
      param(Int(r), &out)
      param(Int(g), &out)
      param(Int(b), &out)
    }
  }

  // MARK: Hyperlinks

  /// OSC 8 open (`url` non-nil) or close (`nil`). Bytes outside printable ASCII are
  /// dropped from the URL so it cannot end the sequence early.
  mutating func hyperlink(_ url: String?) {
    append("\u{1B}]8;;")
    if let url {
      for byte in url.utf8 where byte > 0x20 && byte < 0x7F { bytes.append(byte) }
    }
    append("\u{1B}\\")
  }
}
