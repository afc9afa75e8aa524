/// One decoded piece of terminal input.
public enum InputEvent: Sendable, Hashable {
  /// A key with the modifiers held.
  case key(Key, KeyModifiers)
  /// Text pasted with bracketed paste, exactly as received (not interpreted as keys; may
  /// hold control characters, so sanitize before showing it).
  case paste(String)
  /// A mouse report.
  case mouse(MouseEvent)
  /// The terminal window gained focus (`ESC[I`).
  case focusGained
  /// The terminal window lost focus (`ESC[O`).
  case focusLost
  /// A DECRQM reply (`ESC[?mode;value$y`): value 0 not recognised, 1 set, 2 reset,
  /// 3 permanently set, 4 permanently reset.
  case modeReport(mode: Int, value: Int)
  /// A primary device attributes reply (`ESC[?…c`) with its parameters.
  case deviceAttributes([Int])
  /// A cursor position report (`ESC[row;colR`), 0-based.
  case cursorPosition(Position)

  /// A key with no modifiers.
  public static func key(_ key: Key) -> InputEvent { .key(key, []) }

  /// A printable character with no modifiers.
  public static func char(_ c: Character) -> InputEvent { .key(.character(c), []) }
}
