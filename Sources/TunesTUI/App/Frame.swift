import TerminalUI
import TunesFeatures

/// One rendered frame: the cells, where the cursor goes, what can be clicked, and what the
/// screen measured (reported to the store when it changes).
public struct Frame: Sendable, Equatable {
  /// The cells.
  public var buffer: Buffer
  /// The terminal cursor (shown in the query box while it has focus).
  public var cursor: CursorPlacement
  /// Clickable areas.
  public var hits: HitMap
  /// Visible sizes and the detail document's height, as drawn.
  public var metrics: ScreenMetrics
}
