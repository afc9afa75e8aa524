import TerminalUI
import TunesFeatures

/// One rendered frame: the cells, where the cursor goes, what can be clicked, and what the
/// screen measured (reported to the store when it changes).
package struct Frame: Sendable, Equatable {
  /// The cells.
  package var buffer: Buffer
  /// The terminal cursor (shown in the query box while it has focus).
  package var cursor: CursorPlacement
  /// Clickable areas.
  package var hits: HitMap
  /// Visible sizes and the detail document's height, as drawn.
  package var metrics: ScreenMetrics
}
