/// Multi-line text, word-wrapped to the area's width by display width, with a scroll offset.
///
/// Lines break at spaces, and before or after any wide (CJK) character; a word wider than
/// the whole line is broken hard. `"\n"` starts a new line; blank lines are kept.
public struct Paragraph: Widget, Sendable {
  /// The text, sanitized (newlines kept).
  public var text: String
  /// Style of the text and the area.
  public var style: Style
  /// Wrapped lines skipped at the top.
  public var scroll: Int
  /// Placement of each line.
  public var alignment: Alignment

  /// Creates a paragraph; `text` is passed through `sanitizeParagraph(_:)`.
  public init(_ text: String, style: Style = .plain, scroll: Int = 0, alignment: Alignment = .left)
  {
    self.text = sanitizeParagraph(text)
    self.style = style
    self.scroll = scroll
    self.alignment = alignment
  }

  /// The number of lines the text takes at `width` columns.
  public func lineCount(width: Int) -> Int {
    Paragraph.wrap(text, width: width).count
  }

  /// Draws the visible lines (after `scroll`, which is clamped), clearing the area first.
  public func render(in area: Rect, buffer: inout Buffer) {
    let area = area.intersection(buffer.area)
    guard !area.isEmpty else { return }
    buffer.clear(area, style: style)
    let lines = Paragraph.wrap(text, width: area.width)
    let first = ScrollState.clampedOffset(scroll, content: lines.count, viewport: area.height)
    for row in 0..<area.height {
      let index = first + row
      guard index < lines.count else { break }
      let line = lines[index]
      let gap = max(0, area.width - displayWidth(of: line))
      let x: Int
      switch alignment {
      case .left: x = area.x
      case .center: x = area.x + gap / 2
      case .right: x = area.x + gap
      }
      buffer.set(string: line, at: Position(x: x, y: area.y + row), style: style, clippedTo: area)
    }
  }

  /// `text` wrapped to `width` columns (no line wider, except a single cluster wider than
  /// `width` itself). Empty text gives no lines; `width` ≤ 0 gives no lines.
  public static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0, !text.isEmpty else { return [] }
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      wrapParagraph(paragraph, width: width, into: &lines)
    }
    return lines
  }

  private static func wrapParagraph(_ paragraph: Substring, width: Int, into lines: inout [String])
  {
    var current: [Character] = []
    var currentWidth = 0
    var continuation = false
    func emit(_ chars: ArraySlice<Character>) {
      var end = chars.endIndex
      while end > chars.startIndex && chars[end - 1] == " " { end -= 1 }
      lines.append(String(chars[chars.startIndex..<end]))
      continuation = true
    }
    for character in paragraph {
      let w = displayWidth(of: character)
      if character == " " {
        if current.isEmpty && continuation { continue }
        if currentWidth + 1 > width {
          emit(current[...])
          current.removeAll(keepingCapacity: true)
          currentWidth = 0
          continue
        }
        current.append(character)
        currentWidth += 1
        continue
      }
      while currentWidth + w > width && !current.isEmpty {
        if let split = breakPoint(current, incomingWide: w == 2), split > 0 {
          emit(current[..<split])
          var rest = Array(current[split...])
          while rest.first == " " { rest.removeFirst() }
          current = rest
          currentWidth = rest.reduce(0) { $0 + displayWidth(of: $1) }
        } else {
          emit(current[...])
          current.removeAll(keepingCapacity: true)
          currentWidth = 0
        }
      }
      current.append(character)
      currentWidth += w
    }
    if !current.isEmpty || !continuation { emit(current[...]) }
  }

  /// Where a line may end: after a space or wide character, or before a wide character.
  private static func breakPoint(_ chars: [Character], incomingWide: Bool) -> Int? {
    if incomingWide { return chars.count }
    var i = chars.count
    while i > 0 {
      let previous = chars[i - 1]
      if previous == " " || displayWidth(of: previous) == 2 { return i }
      if i < chars.count && displayWidth(of: chars[i]) == 2 { return i }
      i -= 1
    }
    return nil
  }
}
