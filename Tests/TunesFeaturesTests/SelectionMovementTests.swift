import ITunesCatalog
import Testing

@testable import TunesFeatures

@Suite("Selection movement")
struct SelectionMovementTests {
  let grid = SelectionMovement.gridRows(count: 7, columns: 2)

  @Test("a grid of 7 has rows of 2 and a last row of 1")
  func rows() {
    #expect(grid == [[0, 1], [2, 3], [4, 5], [6]])
    #expect(SelectionMovement.gridRows(count: 0, columns: 2).isEmpty)
    #expect(SelectionMovement.gridRows(count: 3, columns: 1) == [[0], [1], [2]])
  }

  @Test(
    "moves in a 2-column grid",
    arguments: [
      (2, MoveDirection.up, 0), (0, .up, 0), (1, .down, 3), (5, .down, 6), (6, .down, 6),
      (3, .left, 2), (2, .left, 1), (0, .left, 0), (1, .right, 2), (6, .right, 6),
      (5, .pageUp, 1), (0, .pageDown, 4), (3, .pageDown, 6), (4, .first, 0), (0, .last, 6),
    ])
  func gridMoves(from: Int, direction: MoveDirection, to: Int) {
    #expect(SelectionMovement.move(from, direction, rows: grid, pageRows: 2) == to)
  }

  @Test("grouped rows follow sections, and up/down keep the column")
  func groupedMoves() {
    let kinds: [ItemKind] = [.song, .album, .song, .song, .album]
    let items = kinds.enumerated().map {
      CatalogItem(id: Int64($0.offset + 1), kind: $0.element, title: "t")
    }
    let rows = SelectionMovement.groupedRows(items, columns: 2)
    #expect(rows == [[1, 4], [0, 2], [3]])
    #expect(SelectionMovement.move(4, .down, rows: rows, pageRows: 1) == 2)
    #expect(SelectionMovement.move(2, .down, rows: rows, pageRows: 1) == 3)
    #expect(SelectionMovement.move(4, .right, rows: rows, pageRows: 1) == 0)
    #expect(SelectionMovement.move(1, .last, rows: rows, pageRows: 1) == 3)
    #expect(
      SelectionMovement.rows(for: items, grouped: false, columns: 2) == [[0, 1], [2, 3], [4]])
  }

  @Test("no rows leaves the selection; an unknown selection goes to the first item")
  func edges() {
    #expect(SelectionMovement.move(3, .down, rows: [], pageRows: 1) == 3)
    #expect(SelectionMovement.move(99, .down, rows: grid, pageRows: 1) == 0)
  }

  @Test(
    "one column below 60 cells, three from 160, else two",
    arguments: [(40, 1), (59, 1), (60, 2), (120, 2), (159, 2), (160, 3), (250, 3)])
  func columns(width: Int, expected: Int) {
    #expect(SearchLayout.columns(viewportColumns: width) == expected)
  }
}
