/// A mouse button.
public enum MouseButton: Sendable, Hashable {
  /// The primary (usually left) button.
  case left
  /// The middle button or wheel click.
  case middle
  /// The secondary (usually right) button.
  case right
}

/// A mouse report (SGR 1006 encoding), with 0-based cell coordinates.
public struct MouseEvent: Sendable, Hashable {
  /// What happened.
  public enum Kind: Sendable, Hashable {
    /// A button went down.
    case press(MouseButton)
    /// A button came up.
    case release(MouseButton)
    /// The pointer moved with a button held.
    case drag(MouseButton)
    /// The pointer moved with no button held (only with any-motion tracking).
    case moved
    /// The wheel turned up (away from the user).
    case scrollUp
    /// The wheel turned down.
    case scrollDown
    /// The wheel tilted left.
    case scrollLeft
    /// The wheel tilted right.
    case scrollRight
  }

  /// What happened.
  public var kind: Kind
  /// Column, 0-based.
  public var x: Int
  /// Row, 0-based.
  public var y: Int
  /// Shift, Alt and Control held (Meta is never reported for the mouse).
  public var modifiers: KeyModifiers

  /// Creates a mouse event.
  public init(kind: Kind, x: Int, y: Int, modifiers: KeyModifiers = []) {
    self.kind = kind
    self.x = x
    self.y = y
    self.modifiers = modifiers
  }

  /// The cell position.
  public var position: Position { Position(x: x, y: y) }
}
