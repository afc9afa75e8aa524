/// A complete control sequence (`ESC [ prefix params intermediates final`), interpreted.
struct CSISequence {
  var prefix: UInt8?
  var params: [Int] = []
  var intermediates: [UInt8] = []
  var final: UInt8

  init(_ body: ArraySlice<UInt8>, final: UInt8) {
    self.final = final
    var rest = body[...]
    if let first = rest.first, first >= 0x3C, first <= 0x3F {
      prefix = first
      rest = rest.dropFirst()
    }
    var current: Int?
    var inSubparameter = false
    for b in rest {
      switch b {
      case 0x30...0x39:
        if !inSubparameter { current = min(99_999, (current ?? 0) * 10 + Int(b - 0x30)) }
      case 0x3B:
        params.append(current ?? 0)
        current = nil
        inSubparameter = false
      case 0x3A:
        inSubparameter = true
      case 0x20...0x2F:
        intermediates.append(b)
      default:
        break
      }
    }
    if current != nil || !params.isEmpty { params.append(current ?? 0) }
  }

  var isPasteStart: Bool { prefix == nil && final == 0x7E && params.first == 200 }

  private func param(_ index: Int, default value: Int) -> Int {
    index < params.count && params[index] != 0 ? params[index] : value
  }

  private var modifiers: KeyModifiers { KeyModifiers(xtermParameter: param(1, default: 1)) }

  var event: InputEvent? {
    switch prefix {
    case 0x3C:  // <
      return mouse
    case 0x3F:  // ?
      if final == 0x79, intermediates == [0x24], params.count >= 2 {
        return .modeReport(mode: params[0], value: params[1])
      }
      if final == 0x63 { return .deviceAttributes(params) }
      return nil
    case nil:
      return plain
    default:
      return nil
    }
  }

  private var plain: InputEvent? {
    guard intermediates.isEmpty else { return nil }
    switch final {
    case 0x41: return .key(.up, modifiers)
    case 0x42: return .key(.down, modifiers)
    case 0x43: return .key(.right, modifiers)
    case 0x44: return .key(.left, modifiers)
    case 0x48: return .key(.home, modifiers)
    case 0x46: return .key(.end, modifiers)
    case 0x50: return .key(.function(1), modifiers)
    case 0x51: return .key(.function(2), modifiers)
    case 0x53: return .key(.function(4), modifiers)
    case 0x52:
      if params.count == 2, !(params[0] == 1 && (2...16).contains(params[1])) {
        return .cursorPosition(Position(x: max(0, params[1] - 1), y: max(0, params[0] - 1)))
      }
      return .key(.function(3), modifiers)
    case 0x5A: return .key(.backTab, modifiers.union(.shift))
    case 0x49: return params.isEmpty ? .focusGained : nil
    case 0x4F: return params.isEmpty ? .focusLost : nil
    case 0x7E: return tilde
    default: return nil
    }
  }

  private var tilde: InputEvent? {
    let key: Key
    switch params.first ?? 0 {
    case 1, 7: key = .home
    case 2: key = .insert
    case 3: key = .delete
    case 4, 8: key = .end
    case 5: key = .pageUp
    case 6: key = .pageDown
    case 11...15: key = .function((params.first ?? 11) - 10)
    case 17...21: key = .function((params.first ?? 17) - 11)
    case 23, 24: key = .function((params.first ?? 23) - 12)
    default: return nil
    }
    return .key(key, modifiers)
  }

  private var mouse: InputEvent? {
    guard final == 0x4D || final == 0x6D, params.count >= 3, intermediates.isEmpty else {
      return nil
    }
    return Self.mouse(
      code: params[0], column: params[1], row: params[2], released: final == 0x6D)
  }

  /// A mouse event from an xterm button code and 1-based column and row.
  static func mouse(code: Int, column: Int, row: Int, released: Bool) -> InputEvent {
    var mods: KeyModifiers = []
    if code & 4 != 0 { mods.insert(.shift) }
    if code & 8 != 0 { mods.insert(.alt) }
    if code & 16 != 0 { mods.insert(.control) }
    let buttonBits = code & 3
    let buttons: [MouseButton?] = [.left, .middle, .right, nil]
    let button = buttons[buttonBits]
    let kind: MouseEvent.Kind
    if code & 64 != 0 {
      kind = [.scrollUp, .scrollDown, .scrollLeft, .scrollRight][buttonBits]
    } else if code & 32 != 0 {
      kind = button.map { .drag($0) } ?? .moved
    } else if released {
      kind = .release(button ?? .left)
    } else if let button {
      kind = .press(button)
    } else {
      kind = .release(.left)
    }
    return .mouse(
      MouseEvent(kind: kind, x: max(0, column - 1), y: max(0, row - 1), modifiers: mods))
  }
}
