import Testing

@testable import TerminalUI

@Suite("Layout")
struct LayoutTests {
  @Test(
    "splits rows by constraints",
    arguments: [
      ([Constraint.length(1), .fill(1), .length(1)], 24, [1, 22, 1]),
      ([.percentage(50), .percentage(50)], 25, [12, 12]),
      ([.ratio(1, 3), .ratio(2, 3)], 30, [10, 20]),
      ([.min(5), .length(3)], 20, [17, 3]),
      ([.fill(1), .fill(2)], 10, [4, 6]),
      ([.fill(1), .fill(1), .fill(1)], 10, [4, 3, 3]),
      ([.length(10), .length(10)], 15, [10, 5]),
      ([.length(3), .max(4)], 20, [3, 4]),
      ([.length(5)], 0, [0]),
      ([.min(2), .min(2)], 7, [4, 3]),
      ([.ratio(1, 0), .fill(1)], 4, [0, 4]),
    ])
  func sizes(constraints: [Constraint], height: Int, expected: [Int]) {
    let rects = Layout.vertical(constraints).split(Rect(width: 10, height: height))
    #expect(rects.map(\.height) == expected)
    var y = 0
    for r in rects {
      #expect(r.y == y)
      #expect(r.width == 10)
      y += r.height
    }
  }

  @Test("columns with spacing and margins")
  func columns() {
    let layout = Layout.horizontal([.fill(1), .fill(1)], spacing: 2).margin(
      horizontal: 1, vertical: 1)
    let rects = layout.split(Rect(x: 0, y: 0, width: 14, height: 5))
    #expect(
      rects == [Rect(x: 1, y: 1, width: 5, height: 3), Rect(x: 8, y: 1, width: 5, height: 3)])
  }

  @Test("margins larger than the area give empty parts")
  func tinyArea() {
    let rects = Layout.vertical([.length(1), .fill(1)]).margin(horizontal: 3, vertical: 3)
      .split(Rect(width: 2, height: 2))
    #expect(rects.allSatisfy { $0.isEmpty })
    #expect(Layout.vertical([]).split(Rect(width: 5, height: 5)).isEmpty)
  }

  @Test("rect helpers")
  func rectHelpers() {
    let r = Rect(x: 2, y: 3, width: 10, height: 4)
    #expect(r.centered(width: 4, height: 2) == Rect(x: 5, y: 4, width: 4, height: 2))
    #expect(r.centered(width: 40, height: 20) == r)
    #expect(
      r.intersection(Rect(x: 0, y: 0, width: 4, height: 4)) == Rect(x: 2, y: 3, width: 2, height: 1)
    )
    #expect(r.intersection(Rect(x: 50, y: 50, width: 1, height: 1)).isEmpty)
    #expect(r.contains(column: 2, row: 3))
    #expect(!r.contains(column: 12, row: 3))
    #expect(r.inset(horizontal: 1, vertical: 1) == Rect(x: 3, y: 4, width: 8, height: 2))
    #expect(r.row(1) == Rect(x: 2, y: 4, width: 10, height: 1))
    #expect(r.row(9).isEmpty)
    #expect(Rect(x: 0, y: 0, width: -3, height: 2).width == 0)
  }
}
