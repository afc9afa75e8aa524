import Testing

@testable import TerminalUI

@Suite("Widgets")
struct WidgetTests {
  @Test("list view scrolls to the selection and marks it")
  func listView() {
    var b = Buffer(width: 10, height: 2)
    var state = ListState(selected: 3)
    let items = ["apple", "banana", "cherry", "date"].map { ListItem($0) }
    ListView(items: items).render(in: b.area, buffer: &b, state: &state)
    #expect(state.offset == 2)
    #expect(rows(b) == ["  cherry  ", "› date    "])
    #expect(b[5, 1].style.modifiers.contains(.reverse))
    #expect(!b[5, 0].style.modifiers.contains(.reverse))
    state.selectPrevious(count: 4)
    state.selectPrevious(count: 4)
    state.selectPrevious(count: 4)
    state.selectPrevious(count: 4)
    ListView(items: items).render(in: b.area, buffer: &b, state: &state)
    #expect(state.selected == 0)
    #expect(state.offset == 0)
    state.selectNext(count: 0)
    #expect(state.selected == nil)
    let view = ListView(items: items)
    let scrolled = ListState(selected: 3, offset: 2)
    #expect(view.itemIndex(at: Position(x: 3, y: 1), in: b.area, state: scrolled) == 3)
    #expect(view.itemIndex(at: Position(x: 3, y: 0), in: b.area, state: scrolled) == 2)
    #expect(view.itemIndex(at: Position(x: 30, y: 0), in: b.area, state: scrolled) == nil)
    let tall = Rect(width: 10, height: 9)
    #expect(view.itemIndex(at: Position(x: 0, y: 8), in: tall, state: ListState()) == nil)
  }

  @Test("list items highlight the matched part and truncate with an ellipsis")
  func listHighlight() {
    let item = ListItem.matching("Banana Split", query: "NAN")
    #expect(item.highlight == 2..<5)
    #expect(ListItem.matching("abc", query: "x").highlight == nil)
    #expect(ListItem.matching("ab", query: "abc").highlight == nil)
    #expect(ListItem.matching("坂本龍一", query: "龍").highlight == 2..<3)
    var b = Buffer(width: 8, height: 1)
    var state = ListState()
    ListView(items: [item]).render(in: b.area, buffer: &b, state: &state)
    #expect(rows(b) == ["  Banan…"])
    #expect(b[4, 0].style == .plain.bold.underline)
    #expect(b[3, 0].style == .plain)
  }

  @Test("block draws borders and a title and reports its inner area")
  func block() {
    var b = Buffer(width: 6, height: 3)
    let block = Block(title: "Hi")
    block.render(in: b.area, buffer: &b)
    #expect(rows(b) == ["┌ Hi ┐", "│    │", "└────┘"])
    #expect(block.inner(b.area) == Rect(x: 1, y: 1, width: 4, height: 1))
    Block(borderType: .rounded, title: "A long title").render(in: b.area, buffer: &b)
    #expect(rows(b)[0] == "╭ A… ╮")
    Block(borders: [.top], borderType: .double).render(in: b.area, buffer: &b)
    #expect(rows(b) == ["══════", "      ", "      "])
  }

  @Test("overlay is centred, clears beneath and returns the content area")
  func overlay() {
    var b = Buffer(width: 20, height: 10, fill: Cell("x"))
    let inner = Overlay(title: "Help", width: 10, height: 4).render(in: b.area, buffer: &b)
    #expect(inner == Rect(x: 6, y: 4, width: 8, height: 2))
    #expect(rows(b)[3] == "xxxxx╭ Help ──╮xxxxx")
    #expect(rows(b)[4] == "xxxxx│        │xxxxx")
    #expect(rows(b)[2] == String(repeating: "x", count: 20))
  }

  @Test("status line puts segments left and right")
  func statusLine() {
    var b = Buffer(width: 30, height: 1)
    let line = StatusLine(
      left: [Span("Search", style: .plain.bold), Span(" 坂")], right: [Span("12 results")])
    line.render(in: b.area, buffer: &b)
    #expect(rows(b) == ["Search 坂           12 results"])
    #expect(b[0, 0].style == .plain.bold)
    var narrow = Buffer(width: 10, height: 1)
    line.render(in: narrow.area, buffer: &narrow)
    #expect(rows(narrow) == ["Sea… 12 r…"])
  }

  @Test(
    "spinner frames come from the tick", arguments: [(0, "⠋"), (11, "⠙"), (-1, "⠏"), (10, "⠋")])
  func spinner(tick: Int, expected: String) {
    #expect(Spinner(tick: tick).frame == expected)
    #expect(Spinner(tick: tick, frames: []).frame == "")
    var b = Buffer(width: 2, height: 1)
    Spinner(tick: tick).render(in: b.area, buffer: &b)
    #expect(b[0, 0].symbol == expected)
  }

  @Test("scroll state and scrollbar")
  func scrollbar() {
    #expect(Scrollbar(content: 10, viewport: 5, offset: 0).thumbRange(length: 5) == 0..<2)
    #expect(Scrollbar(content: 10, viewport: 5, offset: 5).thumbRange(length: 5) == 3..<5)
    #expect(Scrollbar(content: 3, viewport: 5, offset: 0).thumbRange(length: 5) == 0..<0)
    var b = Buffer(width: 2, height: 4)
    Scrollbar(content: 8, viewport: 4, offset: 4).render(in: b.area, buffer: &b)
    #expect(rows(b) == [" │", " │", " ┃", " ┃"])
    var s = ScrollState()
    s.scroll(by: 3, content: 10, viewport: 4)
    #expect(s.offset == 3)
    s.pageDown(content: 10, viewport: 4)
    #expect(s.offset == 6)
    #expect(!s.canScrollDown(content: 10, viewport: 4))
    s.pageUp(content: 10, viewport: 4)
    #expect(s.offset == 3)
    s.scrollToShow(9, content: 10, viewport: 4)
    #expect(s.offset == 6)
    s.scrollToShow(1, content: 10, viewport: 4)
    #expect(s.offset == 1)
    #expect(s.canScrollUp)
    s.scroll(by: -5, content: 10, viewport: 4)
    #expect(s.offset == 0)
  }
}
