import ITunesCatalog
import TerminalUI
import TestSupport
import Testing

@testable import TunesTUI

@Suite("Tile text memo and tiles drawn in place")
struct TileTextCacheTests {
  @Test("the memo gives the same layout as laying the tile out afresh")
  func memoMatchesFreshLayout() throws {
    for item in try Recordings.items(Recordings.mixed) + Recordings.items(Recordings.japanese) {
      for width in [1, 7, 20, 60] {
        let fresh = TileText(item: item, width: width, height: 5)
        #expect(TileTextCache.text(for: item, width: width, height: 5) == fresh)
        #expect(TileTextCache.text(for: item, width: width, height: 5) == fresh)
      }
    }
  }

  @Test("an item changed under the same id is laid out again")
  func changedItemIsLaidOutAgain() {
    var item = CatalogItem(id: 9_876_543_210, kind: .song, title: "First title")
    item.author = "Someone"
    #expect(TileTextCache.text(for: item, width: 30, height: 5).titleLines == ["First title"])
    item.title = "Second title"
    item.author = "Someone else"
    let text = TileTextCache.text(for: item, width: 30, height: 5)
    #expect(text.titleLines == ["Second title"])
    #expect(text.firstFact == "Someone else")
  }

  @Test(
    "a tile drawn in place matches one drawn in a scratch buffer and copied",
    arguments: [
      (false, false, false), (true, false, false), (false, true, false), (true, true, true),
    ])
  func inPlaceMatchesScratch(selected: Bool, favorite: Bool, dimmed: Bool) throws {
    let rect = Rect(x: 3, y: 2, width: 48, height: TileView.height)
    for item in try Recordings.items(Recordings.mixed).prefix(6)
      + Recordings.items(Recordings.japanese).prefix(3)
    {
      let view = TileView(item: item, isSelected: selected, isFavorite: favorite, isDimmed: dimmed)
      var inPlace = Buffer(width: 60, height: 9, fill: Cell("x"))
      view.render(in: rect, buffer: &inPlace)
      var copied = Buffer(width: 60, height: 9, fill: Cell("x"))
      var scratch = Buffer(width: rect.width, height: rect.height)
      view.render(in: scratch.area, buffer: &scratch)
      copied.draw(scratch, at: Position(x: rect.x, y: rect.y))
      #expect(inPlace == copied, "\(item.title)")
    }
  }
}
