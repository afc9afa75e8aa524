import Testing

@testable import TerminalUI

@Suite("Grid")
struct GridTests {
  func grid(count: Int = 7, record: (@Sendable (Int, Rect, Bool) -> Void)? = nil) -> Grid {
    Grid(columns: 2, tileHeight: 3, itemCount: count) { index, rect, buffer, selected in
      buffer.set(string: "#\(index)", at: Position(x: rect.x, y: rect.y), clippedTo: rect)
      record?(index, rect, selected)
    }
  }

  let area = Rect(width: 20, height: 7)

  @Test("tile rectangles share the width and clip the last row")
  func rects() {
    let g = grid()
    let state = GridState()
    #expect(g.visibleRows(in: area) == 2)
    #expect(g.tileRect(0, in: area, state: state) == Rect(x: 0, y: 0, width: 10, height: 3))
    #expect(g.tileRect(3, in: area, state: state) == Rect(x: 11, y: 3, width: 9, height: 3))
    #expect(g.tileRect(4, in: area, state: state) == Rect(x: 0, y: 6, width: 10, height: 1))
    #expect(g.tileRect(6, in: area, state: state) == nil)
    #expect(g.tileRect(0, in: area, state: GridState(selected: 0, rowOffset: 1)) == nil)
  }

  @Test(
    "hit-testing a point gives the tile under it",
    arguments: [
      (Position(x: 5, y: 1), 0, Int?.some(0)), (Position(x: 10, y: 1), 0, nil),
      (Position(x: 12, y: 4), 0, 3), (Position(x: 0, y: 6), 0, 4), (Position(x: 15, y: 6), 0, 5),
      (Position(x: 5, y: 6), 1, 6), (Position(x: 15, y: 6), 1, nil),
      (Position(x: 25, y: 1), 0, nil),
      (Position(x: -1, y: 1), 0, nil),
    ])
  func hitTest(point: Position, rowOffset: Int, expected: Int?) {
    let state = GridState(selected: 0, rowOffset: rowOffset)
    #expect(grid().tileIndex(at: point, in: area, state: state) == expected)
  }

  @Test(
    "selection moves",
    arguments: [
      (0, GridState.Move.down, 2), (0, .right, 1), (5, .down, 6), (6, .down, 6), (4, .down, 6),
      (1, .up, 1), (3, .up, 1), (0, .left, 0), (2, .left, 1), (6, .right, 6),
      (1, .pageDown(rows: 2), 5),
      (5, .pageUp(rows: 5), 1), (3, .last, 6), (3, .first, 0),
    ])
  func moves(start: Int, move: GridState.Move, expected: Int) {
    var state = GridState(selected: start)
    state.move(move, columns: 2, count: 7)
    #expect(state.selected == expected)
  }

  @Test("scrolling keeps the selection visible")
  func scroll() {
    var state = GridState(selected: 6)
    state.keepSelectionVisible(columns: 2, count: 7, visibleRows: 2)
    #expect(state.rowOffset == 2)
    state.selected = 0
    state.keepSelectionVisible(columns: 2, count: 7, visibleRows: 2)
    #expect(state.rowOffset == 0)
    state.selected = 99
    state.keepSelectionVisible(columns: 2, count: 7, visibleRows: 2)
    #expect(state.selected == 6)
    var empty = GridState(selected: 3, rowOffset: 4)
    empty.keepSelectionVisible(columns: 2, count: 0, visibleRows: 2)
    #expect(empty == GridState(selected: 0, rowOffset: 0))
  }

  @Test("renders visible tiles and marks the selected one")
  func render() {
    let log = Log()
    var b = Buffer(width: 20, height: 7)
    var state = GridState(selected: 6)
    grid(record: { i, r, s in log.add(i, r, s) }).render(in: b.area, buffer: &b, state: &state)
    #expect(state.rowOffset == 2)
    #expect(log.entries.map(\.0) == [4, 5, 6])
    #expect(log.entries.map(\.2) == [false, false, true])
    #expect(b.text(row: 0).hasPrefix("#4"))
    #expect(b.text(row: 3).hasPrefix("#6"))
  }
}

/// Collects tile renderer calls.
final class Log: @unchecked Sendable {
  private(set) var entries: [(Int, Rect, Bool)] = []
  func add(_ i: Int, _ r: Rect, _ s: Bool) { entries.append((i, r, s)) }
}
