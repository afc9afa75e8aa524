/// A key on the keyboard, as decoded from terminal input.
public enum Key: Sendable, Hashable {
  /// A printable grapheme cluster (letters, digits, CJK, emoji, space). With `.control`, a
  /// Ctrl-letter arrives as its lowercase letter (Ctrl-A is `.character("a")`).
  case character(Character)
  /// Return / Enter.
  case enter
  /// Tab.
  case tab
  /// Shift-Tab (`ESC[Z`).
  case backTab
  /// Backspace (DEL, 0x7F).
  case backspace
  /// Forward delete (`ESC[3~`).
  case delete
  /// Escape, alone.
  case escape
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Insert.
  case insert
  /// A function key, F1 to F12.
  case function(Int)
}

/// Modifier keys held with a key or mouse event.
public struct KeyModifiers: OptionSet, Sendable, Hashable {
  /// The raw bits (xterm's order: shift 1, alt 2, control 4, meta 8).
  public let rawValue: UInt8
  /// Creates modifiers from raw bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  /// Shift.
  public static let shift = KeyModifiers(rawValue: 1)
  /// Alt / Option (also an ESC prefix).
  public static let alt = KeyModifiers(rawValue: 2)
  /// Control.
  public static let control = KeyModifiers(rawValue: 4)
  /// Meta / Super.
  public static let meta = KeyModifiers(rawValue: 8)

  /// Decodes the xterm modifier parameter (`1 + bits`, as in `ESC[1;5C`).
  init(xtermParameter p: Int) {
    self.init(rawValue: UInt8(truncatingIfNeeded: max(0, p - 1) & 0x0F))
  }
}
