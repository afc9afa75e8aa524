import TerminalUI

/// The clickable areas of a frame, topmost last.
package struct HitMap: Sendable, Equatable {
  /// Rectangles and their targets, in drawing order.
  package private(set) var regions: [(rect: Rect, target: HitTarget)] = []

  /// An empty map.
  package init() {}

  /// Adds a region drawn above the earlier ones.
  package mutating func add(_ rect: Rect, _ target: HitTarget) {
    if !rect.isEmpty { regions.append((rect, target)) }
  }

  /// Removes every region (an overlay covers the screen).
  package mutating func removeAll() { regions.removeAll() }

  /// The topmost target under a cell, if any.
  package func target(at position: Position) -> HitTarget? {
    regions.last { $0.rect.contains(column: position.x, row: position.y) }?.target
  }

  /// Two maps are equal when they hold the same regions in the same order.
  package static func == (lhs: HitMap, rhs: HitMap) -> Bool {
    lhs.regions.elementsEqual(rhs.regions) { $0.rect == $1.rect && $0.target == $1.target }
  }
}
