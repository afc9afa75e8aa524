/// A single-line text input drawn from a `TextFieldState`, scrolling horizontally to keep
/// the cursor visible.
public struct TextField: Sendable {
  /// Style of the text and the empty part of the field.
  public var style: Style
  /// Text shown when the field is empty.
  public var placeholder: String
  /// Style of the placeholder.
  public var placeholderStyle: Style

  /// Creates a text field.
  public init(style: Style = .plain, placeholder: String = "", placeholderStyle: Style = .plain.dim)
  {
    self.style = style
    self.placeholder = placeholder
    self.placeholderStyle = placeholderStyle
  }

  /// Draws the field in the first row of `area`, updating `state.scrollOffset`, and returns
  /// the cell where the terminal cursor belongs (`nil` when the area is empty).
  @discardableResult
  public func render(in area: Rect, buffer: inout Buffer, state: inout TextFieldState) -> Position?
  {
    let row = area.intersection(buffer.area).row(0)
    guard !row.isEmpty else { return nil }
    buffer.clear(row, style: style)
    let cursorColumn = state.cursorColumn
    if state.scrollOffset > cursorColumn { state.scrollOffset = cursorColumn }
    if cursorColumn - state.scrollOffset >= row.width {
      state.scrollOffset = cursorColumn - row.width + 1
    }
    let textWidth = displayWidth(of: state.text)
    // Do not leave empty room on the right when the text could fill it.
    let maxOffset = max(0, textWidth + 1 - row.width)
    if state.scrollOffset > maxOffset { state.scrollOffset = max(0, min(maxOffset, cursorColumn)) }
    if state.characters.isEmpty {
      buffer.set(
        string: placeholder, at: Position(x: row.x, y: row.y),
        style: placeholderStyle.patched(onto: style), clippedTo: row)
      return Position(x: row.x, y: row.y)
    }
    var column = 0
    for c in state.characters {
      let w = displayWidth(of: c)
      let x = row.x + column - state.scrollOffset
      column += w
      if w == 0 || x + w <= row.x { continue }
      if x >= row.right { break }
      if x < row.x || x + w > row.right {
        buffer.set(.blank(style), x: max(x, row.x), y: row.y)
        continue
      }
      buffer.set(Cell(character: c, style: style, rawWidth: UInt8(w)), x: x, y: row.y)
    }
    return Position(x: row.x + cursorColumn - state.scrollOffset, y: row.y)
  }
}
