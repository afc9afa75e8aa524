/// The app as the desktop sees it (MPRIS, notifications): told the state after every frame, and
/// able to send actions back (a media key, `playerctl pause`). The live value is TunesLive's
/// `DesktopPresence`; the default does nothing.
public struct AppPresence: Sendable {
  /// Starts it: `send` delivers an action to the app from any thread.
  public var start: @Sendable (_ send: @escaping @Sendable (AppAction) -> Void) -> Void
  /// The app's state at a frame (called on the UI loop; cheap when nothing it shows changed).
  /// Returns bytes for the terminal (its own notification, where there is no bus), which the
  /// loop writes with the frame: only the loop writes to the terminal.
  public var update: @Sendable (AppState) -> [UInt8]
  /// Leaves the bus (the app quits). Safe to call twice.
  public var stop: @Sendable () -> Void

  /// Makes a presence from its closures.
  public init(
    start: @escaping @Sendable (_ send: @escaping @Sendable (AppAction) -> Void) -> Void,
    update: @escaping @Sendable (AppState) -> [UInt8], stop: @escaping @Sendable () -> Void
  ) {
    self.start = start
    self.update = update
    self.stop = stop
  }

  /// No desktop: nothing is announced and nothing comes back.
  public static let none = AppPresence(start: { _ in }, update: { _ in [] }, stop: {})
}
