import Testing

@testable import TerminalUI

@Suite("Text field")
struct TextFieldTests {
  /// A starting text with the cursor at `cursor`, a key, and the expected text and cursor.
  struct Case: Sendable, CustomTestStringConvertible {
    var text: String
    var cursor: Int
    var key: Key
    var modifiers: KeyModifiers = []
    var expectedText: String
    var expectedCursor: Int
    var testDescription: String { "\(text)@\(cursor) \(key) \(modifiers.rawValue)" }
  }

  static let cases: [Case] = [
    Case(text: "ab", cursor: 1, key: .character("x"), expectedText: "axb", expectedCursor: 2),
    Case(text: "ab", cursor: 2, key: .character("坂"), expectedText: "ab坂", expectedCursor: 3),
    Case(text: "ab", cursor: 1, key: .left, expectedText: "ab", expectedCursor: 0),
    Case(text: "ab", cursor: 0, key: .left, expectedText: "ab", expectedCursor: 0),
    Case(text: "ab", cursor: 1, key: .right, expectedText: "ab", expectedCursor: 2),
    Case(text: "ab", cursor: 2, key: .right, expectedText: "ab", expectedCursor: 2),
    Case(text: "abc", cursor: 2, key: .home, expectedText: "abc", expectedCursor: 0),
    Case(text: "abc", cursor: 0, key: .end, expectedText: "abc", expectedCursor: 3),
    Case(
      text: "abc", cursor: 2, key: .character("a"), modifiers: .control, expectedText: "abc",
      expectedCursor: 0),
    Case(
      text: "abc", cursor: 0, key: .character("e"), modifiers: .control, expectedText: "abc",
      expectedCursor: 3),
    Case(
      text: "hello big world", cursor: 15, key: .character("w"), modifiers: .control,
      expectedText: "hello big ", expectedCursor: 10),
    Case(
      text: "hello big  ", cursor: 11, key: .character("w"), modifiers: .control,
      expectedText: "hello ", expectedCursor: 6),
    Case(
      text: "hello world", cursor: 6, key: .character("u"), modifiers: .control,
      expectedText: "world", expectedCursor: 0),
    Case(
      text: "hello world", cursor: 5, key: .character("k"), modifiers: .control,
      expectedText: "hello", expectedCursor: 5),
    Case(text: "abc", cursor: 2, key: .backspace, expectedText: "ac", expectedCursor: 1),
    Case(text: "abc", cursor: 0, key: .backspace, expectedText: "abc", expectedCursor: 0),
    Case(text: "abc", cursor: 1, key: .delete, expectedText: "ac", expectedCursor: 1),
    Case(text: "abc", cursor: 3, key: .delete, expectedText: "abc", expectedCursor: 3),
    Case(text: "坂本👍🏽x", cursor: 3, key: .backspace, expectedText: "坂本x", expectedCursor: 2),
    Case(text: "🇯🇵🇫🇷", cursor: 1, key: .delete, expectedText: "🇯🇵", expectedCursor: 1),
    Case(text: "cafe\u{301}", cursor: 4, key: .backspace, expectedText: "caf", expectedCursor: 3),
    Case(
      text: "one two", cursor: 7, key: .left, modifiers: .control, expectedText: "one two",
      expectedCursor: 4),
    Case(
      text: "one two", cursor: 0, key: .right, modifiers: .control, expectedText: "one two",
      expectedCursor: 3),
    Case(
      text: "one two", cursor: 7, key: .character("b"), modifiers: .alt, expectedText: "one two",
      expectedCursor: 4),
    Case(
      text: "one two", cursor: 7, key: .backspace, modifiers: .alt, expectedText: "one ",
      expectedCursor: 4),
    Case(
      text: "abc", cursor: 3, key: .character("h"), modifiers: .control, expectedText: "ab",
      expectedCursor: 2),
    Case(
      text: "abc", cursor: 0, key: .character("d"), modifiers: .control, expectedText: "bc",
      expectedCursor: 0),
  ]

  @Test("editing keys", arguments: cases)
  func editing(c: Case) {
    var state = TextFieldState(text: c.text)
    state.moveCursor(to: c.cursor)
    let handled = state.handle(c.key, modifiers: c.modifiers)
    #expect(handled)
    #expect(state.text == c.expectedText)
    #expect(state.cursor == c.expectedCursor)
  }

  @Test("keys that are not editing keys are left for others")
  func unhandled() {
    var state = TextFieldState(text: "abc")
    let results = [
      state.handle(.up), state.handle(.enter), state.handle(.character("q"), modifiers: .control),
    ]
    #expect(results == [false, false, false])
    #expect(state.text == "abc")
  }

  @Test("inserted text is sanitized and a combining mark joins the cluster before it")
  func insertSanitizes() {
    var state = TextFieldState(text: "cafe")
    state.insert("\u{301}")
    #expect(state.characters.count == 4)
    #expect(state.cursor == 4)
    state.insert("\u{1B}[2J\nx")
    #expect(state.text == "cafe\u{301} x")
  }

  @Test("renders text with the cursor position")
  func render() {
    var state = TextFieldState(text: "坂本 ok")
    var b = Buffer(width: 10, height: 1)
    let cursor = TextField().render(in: b.area, buffer: &b, state: &state)
    #expect(rows(b) == ["坂本 ok   "])
    #expect(cursor == Position(x: 7, y: 0))
    state.moveCursor(to: 1)
    let cursor1 = TextField().render(in: b.area, buffer: &b, state: &state)
    #expect(cursor1 == Position(x: 2, y: 0))
  }

  @Test("scrolls horizontally to keep the cursor visible")
  func scrolling() {
    var state = TextFieldState(text: "abcdefghij")
    var b = Buffer(width: 5, height: 1)
    let field = TextField()
    let cursor2 = field.render(in: b.area, buffer: &b, state: &state)
    #expect(cursor2 == Position(x: 4, y: 0))
    #expect(rows(b) == ["ghij "])
    #expect(state.scrollOffset == 6)
    state.handle(.home)
    let cursor3 = field.render(in: b.area, buffer: &b, state: &state)
    #expect(cursor3 == Position(x: 0, y: 0))
    #expect(rows(b) == ["abcde"])
    state.moveCursor(to: 7)
    let cursor4 = field.render(in: b.area, buffer: &b, state: &state)
    #expect(cursor4 == Position(x: 4, y: 0))
    #expect(rows(b) == ["defgh"])
  }

  @Test("a wide character cut by scrolling shows as a space")
  func wideScroll() {
    var state = TextFieldState(text: "坂本龍一")
    var b = Buffer(width: 4, height: 1)
    let cursor = TextField().render(in: b.area, buffer: &b, state: &state)
    #expect(state.scrollOffset == 5)
    #expect(rows(b) == [" 一 "])
    #expect(cursor == Position(x: 3, y: 0))
  }

  @Test("shows the placeholder when empty, and nothing in an empty area")
  func placeholder() {
    var state = TextFieldState()
    var b = Buffer(width: 8, height: 1)
    let cursor = TextField(placeholder: "Search…").render(in: b.area, buffer: &b, state: &state)
    #expect(rows(b) == ["Search… "])
    #expect(b[0, 0].style == .plain.dim)
    #expect(cursor == Position(x: 0, y: 0))
    var empty = Buffer(width: 0, height: 0)
    let none = TextField().render(in: empty.area, buffer: &empty, state: &state)
    #expect(none == nil)
  }
}
