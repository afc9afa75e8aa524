import Testing

@testable import TerminalUI

@Suite("Cells and styles stored as plain numbers")
struct CellStorageTests {
  @Test(
    "a colour survives packing",
    arguments: [
      Color.default, .ansi(0), .ansi(15), .indexed(0), .indexed(255), .rgb(0, 0, 0),
      .rgb(255, 255, 255), .rgb(1, 2, 3),
    ])
  func colourRoundTrip(color: Color) {
    #expect(Color(packed: color.packed) == color)
    #expect(Style.plain.fg(color).foreground == color)
    #expect(Style.plain.bg(color).background == color)
  }

  @Test("different colours pack to different numbers")
  func packingIsInjective() {
    let colors: [Color] = [.default, .ansi(0), .indexed(0), .rgb(0, 0, 0), .ansi(1), .rgb(0, 0, 1)]
    #expect(Set(colors.map(\.packed)).count == colors.count)
  }

  @Test(
    "a symbol survives storage, one scalar or a cluster",
    arguments: ["a", " ", "~", "é", "e\u{301}", "─", "語", "👍🏽", "🇯🇵", ""])
  func symbolRoundTrip(symbol: String) {
    let cell = Cell(symbol: symbol, style: .plain, rawWidth: 1)
    #expect(cell.symbol == symbol)
    #expect(cell.symbol.unicodeScalars.elementsEqual(symbol.unicodeScalars))
    var bytes: [UInt8] = []
    #expect(cell.appendUTF8(to: &bytes) == symbol.utf8.count)
    #expect(bytes == Array(symbol.utf8))
  }

  @Test("cells from a character equal cells from its string; different clusters differ")
  func characterCells() {
    for character: Character in ["x", "é", "👍🏽", "🇯🇵"] {
      #expect(
        Cell(character: character, style: .plain, rawWidth: 2)
          == Cell(symbol: String(character), style: .plain, rawWidth: 2))
    }
    #expect(
      Cell(symbol: "👍🏽", style: .plain, rawWidth: 2) != Cell(symbol: "👍🏿", style: .plain, rawWidth: 2)
    )
    var cell = Cell.blank
    cell.symbol = "🇯🇵"
    #expect(cell.symbol == "🇯🇵")
    #expect(Cell.continuation().symbol == "")
  }

  @Test("a hyperlink survives storage and styles compare by their link")
  func hyperlinks() {
    let link = "https://example.com/a?b=1"
    let linked = Style.plain.linked(to: link)
    #expect(linked.hyperlink == link)
    #expect(Style.plain.hyperlink == nil)
    #expect(linked == Style(hyperlink: link))
    #expect(linked != Style.plain.linked(to: link + "2"))
    #expect(linked.linked(to: nil) == Style.plain)
    #expect(Style.plain.bold.patched(onto: linked).hyperlink == link)
    #expect(linked.patched(onto: Style.plain.linked(to: "x")).hyperlink == link)
    #expect(Style(hyperlink: "").hyperlink == "")
  }
}
