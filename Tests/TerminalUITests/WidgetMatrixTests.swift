import Testing

@testable import TerminalUI

/// A screen size for the matrix.
struct Size: Sendable, CustomTestStringConvertible {
  var width: Int
  var height: Int
  var testDescription: String { "\(width)x\(height)" }
  var isLarge: Bool { width >= 80 && height >= 24 }
}

/// A kind of data for the matrix.
struct DataSet: Sendable, CustomTestStringConvertible {
  var name: String
  var items: [String]
  var testDescription: String { name }
}

/// Every cell of a wide cluster is followed by its continuation, and only then.
func isWellFormed(_ b: Buffer) -> Bool {
  for y in 0..<b.height {
    for x in 0..<b.width {
      let cell = b[x, y]
      if cell.width == 2 && !(x + 1 < b.width && b[x + 1, y].isContinuation) { return false }
      if cell.isContinuation && !(x > 0 && b[x - 1, y].width == 2) { return false }
    }
  }
  return true
}

@Suite("Widget matrix")
struct WidgetMatrixTests {
  static let sizes = [
    Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 80, height: 24),
    Size(width: 200, height: 60),
  ]
  static let dataSets = [
    DataSet(name: "empty", items: []),
    DataSet(name: "ascii", items: ["Abbey Road", "Let It Be", "Revolver"]),
    DataSet(name: "cjk", items: ["坂本龍一", "宇多田ヒカル", "방탄소년단"]),
    DataSet(name: "emoji", items: ["👍🏽 Thumbs", "👨\u{200D}👩\u{200D}👧 Family", "🇯🇵 Japan"]),
    DataSet(name: "combining", items: ["Cafe\u{301} del Mar", "Sigur Ro\u{301}s", "Bjo\u{308}rk"]),
  ]

  func check(_ b: Buffer, _ size: Size, _ data: DataSet, shows text: String?) {
    #expect(isWellFormed(b))
    #expect(b.width == size.width && b.height == size.height)
    if size.isLarge, let text, !text.isEmpty {
      #expect(b.text.contains(text), "\(b.text)")
    }
  }

  @Test("text field", arguments: sizes, dataSets)
  func textField(size: Size, data: DataSet) {
    var b = Buffer(width: size.width, height: size.height)
    var state = TextFieldState(text: data.items.joined(separator: " "))
    let cursor = TextField(placeholder: "Search").render(in: b.area, buffer: &b, state: &state)
    check(b, size, data, shows: data.items.first ?? "Search")
    if let cursor { #expect(b.area.contains(column: cursor.x, row: cursor.y)) }
  }

  @Test("list view", arguments: sizes, dataSets)
  func listView(size: Size, data: DataSet) {
    var b = Buffer(width: size.width, height: size.height)
    var state = ListState(selected: data.items.isEmpty ? nil : data.items.count - 1)
    ListView(items: data.items.map { ListItem.matching($0, query: "o") })
      .render(in: b.area, buffer: &b, state: &state)
    check(b, size, data, shows: data.items.last)
  }

  @Test("paragraph", arguments: sizes, dataSets)
  func paragraph(size: Size, data: DataSet) {
    var b = Buffer(width: size.width, height: size.height)
    let text = String(repeating: data.items.joined(separator: " ") + "\n", count: 30)
    Paragraph(text, scroll: 2).render(in: b.area, buffer: &b)
    check(b, size, data, shows: data.items.first)
  }

  @Test("block, overlay, status line, spinner and scrollbar", arguments: sizes, dataSets)
  func chrome(size: Size, data: DataSet) {
    var b = Buffer(width: size.width, height: size.height)
    let title = data.items.first ?? ""
    Block(title: title).render(in: b.area, buffer: &b)
    check(b, size, data, shows: title)
    let inner = Overlay(title: title, width: 40, height: 10).render(in: b.area, buffer: &b)
    #expect(inner.intersection(b.area) == inner)
    check(b, size, data, shows: title)
    StatusLine(left: data.items.map { Span($0 + " ") }, right: [Span(title)])
      .render(in: b.area, buffer: &b)
    check(b, size, data, shows: title)
    Spinner(tick: 3).render(in: b.area, buffer: &b)
    Scrollbar(content: 100, viewport: 10, offset: 50).render(in: b.area, buffer: &b)
    #expect(isWellFormed(b))
  }

  @Test("layout of a search screen", arguments: sizes, dataSets)
  func layout(size: Size, data: DataSet) {
    let area = Rect(width: size.width, height: size.height)
    let parts = Layout.vertical([.length(3), .length(5), .fill(1), .length(1)]).split(area)
    #expect(parts.count == 4)
    #expect(parts.reduce(0) { $0 + $1.height } == size.height)
    for part in parts { #expect(part.intersection(area) == part || part.isEmpty) }
  }
}
