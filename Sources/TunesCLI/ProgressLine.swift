/// Decides when the preview's progress line is redrawn: only when its text changed, and at most
/// once per `interval` (4 times a second); a change that comes too soon is kept and drawn when
/// the interval is over (`wake`).
struct ProgressLine {
  /// The shortest time between two draws.
  static let interval: Duration = .milliseconds(250)

  /// The text on screen.
  private(set) var drawn: String?
  /// A newer text waiting for the interval to pass.
  private(set) var pending: String?
  private var lastDraw: ContinuousClock.Instant?

  /// Offers the current text at `now`; returns the text to draw now, if any.
  mutating func offer(_ text: String, now: ContinuousClock.Instant) -> String? {
    guard text != drawn else {
      pending = nil
      return nil
    }
    if let lastDraw, now - lastDraw < Self.interval {
      pending = text
      return nil
    }
    return draw(text, now: now)
  }

  /// When a pending text is due, if one waits.
  var wake: ContinuousClock.Instant? {
    guard pending != nil, let lastDraw else { return nil }
    return lastDraw + Self.interval
  }

  /// Draws the pending text if its time has come; returns it.
  mutating func flush(now: ContinuousClock.Instant) -> String? {
    guard let pending, let wake, now >= wake else { return nil }
    return draw(pending, now: now)
  }

  private mutating func draw(_ text: String, now: ContinuousClock.Instant) -> String {
    drawn = text
    pending = nil
    lastDraw = now
    return text
  }
}
