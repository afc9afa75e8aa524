import TestSupport
import Testing

@testable import TerminalUI

@Suite("Snapshots")
struct SnapshotTests {
  /// A search screen like the app's: query box, suggestions, a two-column grid, status line.
  func searchScreen(width: Int, height: Int) -> Buffer {
    var b = Buffer(width: width, height: height)
    let parts = Layout.vertical([.length(3), .length(3), .fill(1), .length(1)]).split(b.area)
    let box = Block(borderType: .rounded, title: "Search")
    box.render(in: parts[0], buffer: &b)
    var field = TextFieldState(text: "坂本 ryu")
    TextField(style: .plain.bold).render(in: box.inner(parts[0]), buffer: &b, state: &field)
    var list = ListState(selected: 1)
    ListView(items: [
      .matching("Ryuichi Sakamoto", query: "ryu"), .matching("坂本龍一 Ryu", query: "ryu"),
      .matching("Café Ryu\u{301}", query: "ryu"),
    ]).render(in: parts[1], buffer: &b, state: &list)
    let titles = ["Merry Christmas Mr. Lawrence", "戦場のメリークリスマス", "👍🏽 Energy Flow", "async"]
    // Tiles three rows high in two columns, scrolled so the selected third one is in view.
    let selected = 2
    let shown = max(1, parts[2].height / 3)
    let firstRow = max(0, selected / 2 - shown + 1)
    let columns = Layout.horizontal([.fill(1), .fill(1)], spacing: 1).split(parts[2])
    for index in titles.indices {
      let row = index / 2 - firstRow
      guard row >= 0, row < shown else { continue }
      let column = columns[index % 2]
      let rect = Rect(x: column.x, y: parts[2].y + row * 3, width: column.width, height: 3)
        .intersection(parts[2])
      let isSelected = index == selected
      Block(
        borderType: isSelected ? .thick : .plain,
        borderStyle: isSelected ? Style(foreground: .yellow) : .plain,
        title: "#\(index + 1)"
      ).render(in: rect, buffer: &b)
      b.set(
        string: truncate(titles[index], toWidth: max(0, rect.width - 2)),
        at: Position(x: rect.x + 1, y: rect.y + 1),
        style: Style(hyperlink: "https://example.com/\(index)"),
        clippedTo: rect.inset(horizontal: 1, vertical: 1))
    }
    StatusLine(
      left: [Span("4 results", style: Style(foreground: .green))],
      right: [Span(Spinner(tick: 2).frame)],
      style: Style(background: .indexed(236))
    ).render(in: parts[3], buffer: &b)
    return b
  }

  @Test("search screen at 40×14")
  func search() {
    #expect(snapshotMismatch(searchScreen(width: 40, height: 14), named: "search-40x14") == nil)
  }

  @Test("search screen at 21×10, squeezed")
  func searchNarrow() {
    #expect(snapshotMismatch(searchScreen(width: 21, height: 10), named: "search-21x10") == nil)
  }

  @Test("detail screen with wrapped text and a help overlay")
  func detail() {
    var b = Buffer(width: 30, height: 10)
    let text =
      "坂本龍一 was a Japanese composer. His score for Merry Christmas, Mr. Lawrence "
      + "won a BAFTA.\n\n👍🏽 Cafe\u{301} \u{1B}[2J safe."
    Paragraph(text, scroll: 1).render(in: b.area.inset(right: 1), buffer: &b)
    let lines = Paragraph(text).lineCount(width: 29)
    Scrollbar(content: lines, viewport: 10, offset: 1).render(in: b.area, buffer: &b)
    let inner = Overlay(title: "Help", width: 16, height: 4).render(in: b.area, buffer: &b)
    b.set(string: "q  quit", at: Position(x: inner.x, y: inner.y), clippedTo: inner)
    b.set(
      string: "?  help", at: Position(x: inner.x, y: inner.y + 1), style: .plain.dim,
      clippedTo: inner)
    #expect(snapshotMismatch(b, named: "detail-30x10") == nil)
  }

  @Test("a missing golden file is reported, not passed")
  func missingGolden() {
    let message = snapshotMismatch(Buffer(width: 1, height: 1), named: "does-not-exist")
    #expect(
      message?.contains("Missing golden file") == true || message?.contains("Recorded") == true)
  }

  @Test("text and style layers")
  func layers() {
    var b = Buffer(width: 4, height: 2)
    b.set(string: "坂x", at: Position(x: 0, y: 0), style: .plain.bold)
    b.set(
      string: "y", at: Position(x: 1, y: 1), style: Style(foreground: .rgb(1, 2, 3), hyperlink: "u")
    )
    #expect(BufferSnapshot.textLayer(b) == "坂x |\n y  |\n")
    #expect(BufferSnapshot.styleLayer(b) == "a: bold\nb: fg=rgb(1,2,3) link=u\n\naaa.\n.b..\n")
  }
}
