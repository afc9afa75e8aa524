/// An activity indicator whose frame is chosen from a tick number; it holds no timer, so
/// the caller drives it from its own (injected) clock.
public struct Spinner: Widget, Sendable {
  /// Braille dots, the default.
  public static let dots = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  /// Plain ASCII, for terminals without Unicode.
  public static let ascii = ["|", "/", "-", "\\"]

  /// The frames, cycled in order.
  public var frames: [String]
  /// The current tick (any integer; negative ticks count backwards).
  public var tick: Int
  /// Style of the frame.
  public var style: Style

  /// Creates a spinner at a tick.
  public init(tick: Int, frames: [String] = Spinner.dots, style: Style = .plain) {
    self.tick = tick
    self.frames = frames
    self.style = style
  }

  /// The frame for the current tick (`""` with no frames).
  public var frame: String {
    guard !frames.isEmpty else { return "" }
    let n = frames.count
    return frames[((tick % n) + n) % n]
  }

  /// Draws the frame at the top-left of `area`.
  public func render(in area: Rect, buffer: inout Buffer) {
    buffer.set(string: frame, at: Position(x: area.x, y: area.y), style: style, clippedTo: area)
  }
}
