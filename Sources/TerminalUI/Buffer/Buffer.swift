/// A width × height grid of cells, stored as one flat row-major array.
///
/// Screens draw into a buffer; `DiffRenderer` turns the difference between two buffers into
/// terminal bytes. The buffer keeps wide clusters well formed: a width-2 cell is always
/// followed by a continuation cell, and overwriting either half blanks the other.
public struct Buffer: Sendable, Equatable {
  /// Columns.
  public let width: Int
  /// Rows.
  public let height: Int
  /// The cells, row by row (`y * width + x`).
  public private(set) var cells: [Cell]
  /// Images placed over cells, in drawing order (see ``placeImage(_:in:)``).
  public var images: [ImagePlacement] = []

  /// A buffer filled with `fill` (blank by default).
  public init(width: Int, height: Int, fill: Cell = .blank) {
    self.width = max(0, width)
    self.height = max(0, height)
    self.cells = Array(repeating: fill, count: self.width * self.height)
  }

  /// The whole buffer as a rectangle at the origin.
  public var area: Rect { Rect(x: 0, y: 0, width: width, height: height) }

  /// The cell at a position; a blank cell outside the buffer.
  public subscript(x: Int, y: Int) -> Cell {
    guard x >= 0, y >= 0, x < width, y < height else { return .blank }
    return cells[y * width + x]
  }

  /// Puts one cell at a position (ignored outside), blanking halves of wide clusters it
  /// breaks. A wide cell in the last column becomes a blank in its style.
  public mutating func set(_ cell: Cell, x: Int, y: Int) {
    guard x >= 0, y >= 0, x < width, y < height, !cell.isContinuation else { return }
    let i = y * width + x
    breakWide(at: i, x: x)
    if cell.width == 2 {
      guard x + 1 < width else {
        cells[i] = .blank(cell.style)
        return
      }
      if cells[i + 1].width == 2, x + 2 < width { cells[i + 2] = .blank(cells[i + 1].style) }
      cells[i] = cell
      cells[i + 1] = .continuation(cell.style)
    } else {
      cells[i] = cell
    }
  }

  /// Puts `cell` at a position as it is, with no care for wide clusters (the renderer's
  /// scratch copy of the last frame only).
  mutating func overwrite(_ cell: Cell, x: Int, y: Int) {
    cells[y * width + x] = cell
  }

  /// Blanks the other half of a wide cluster that a write at `i` would break.
  private mutating func breakWide(at i: Int, x: Int) {
    // Fields are read in place: copying the old cell would cost reference counting.
    let oldWidth = cells[i].width
    if oldWidth == 1 { return }
    if oldWidth == 0, x > 0, cells[i - 1].width == 2 {
      cells[i - 1] = .blank(cells[i - 1].style)
    } else if oldWidth == 2, x + 1 < width {
      cells[i + 1] = .blank(cells[i].style)
    }
  }

  /// Writes `string` from `position`, one grapheme cluster per cell (two for wide ones),
  /// clipped to `clip` (and the buffer).
  ///
  /// Zero-width clusters (lone combining marks, controls) are skipped. A wide cluster that
  /// would cross the clip's right edge is replaced by a space, and so is one that would
  /// cross its left edge. Returns the column just after the last cell written (or where
  /// writing stopped).
  @discardableResult
  public mutating func set(
    string: String, at position: Position, style: Style = .plain, clippedTo clip: Rect? = nil
  ) -> Int {
    let bounds = (clip ?? area).intersection(area)
    var x = position.x
    let y = position.y
    guard y >= bounds.y, y < bounds.bottom, bounds.width > 0 else { return x }
    var asciiOnly = true
    for byte in string.utf8 where byte < 0x20 || byte >= 0x7F {
      asciiOnly = false
      break
    }
    if asciiOnly {
      let count = string.utf8.count
      let first = max(x, bounds.x)
      let end = min(x + count, bounds.right)
      if first < end { setASCII(string.utf8, from: x, in: first..<end, y: y, style: style) }
      return x + count <= bounds.right ? x + count : max(x, bounds.right)
    }
    // An escape sequence goes whole, parameters included (`ESC[2J` must not leave `[2J`).
    let text =
      string.unicodeScalars.contains {
        [0x1B, 0x90, 0x98, 0x9B, 0x9D, 0x9E, 0x9F].contains($0.value)
      }
      ? sanitize(string) : string
    for character in text {
      let w = displayWidth(of: character)
      if w == 0 { continue }
      if x + w > bounds.right {
        if x < bounds.right, x >= bounds.x { set(.blank(style), x: x, y: y) }
        return x
      }
      if x >= bounds.x {
        set(Cell(character: character, style: style, rawWidth: UInt8(w)), x: x, y: y)
      } else if x + w > bounds.x {
        set(.blank(style), x: bounds.x, y: y)
      }
      x += w
    }
    return x
  }

  /// Writes printable ASCII `bytes` (the first at column `start`) into the cells of row `y`
  /// in `columns`, in one pass with the same result as `set(_:x:y:)` cell by cell: a wide
  /// cluster cut at either end of the run loses its other half.
  private mutating func setASCII(
    _ bytes: String.UTF8View, from start: Int, in columns: Range<Int>, y: Int, style: Style
  ) {
    let row = y * width
    let first = row + columns.lowerBound
    let last = row + columns.upperBound - 1
    if cells[first].width == 0, columns.lowerBound > 0, cells[first - 1].width == 2 {
      cells[first - 1] = .blank(cells[first - 1].style)
    }
    if cells[last].width == 2, columns.upperBound < width {
      cells[last + 1] = .blank(cells[last].style)
    }
    cells.withUnsafeMutableBufferPointer { p in
      var x = start
      for byte in bytes {
        if x >= columns.upperBound { break }
        if x >= columns.lowerBound {
          p[row + x] = Cell(code: UInt32(byte), style: style, rawWidth: 1)
        }
        x += 1
      }
    }
  }

  /// Writes styled spans one after another from `position`, clipped like
  /// `set(string:at:style:clippedTo:)`. Returns the column after the last cell.
  @discardableResult
  public mutating func set(spans: [Span], at position: Position, clippedTo clip: Rect? = nil)
    -> Int
  {
    var x = position.x
    for span in spans {
      x = set(
        string: span.text, at: Position(x: x, y: position.y), style: span.style, clippedTo: clip)
    }
    return x
  }

  /// Sets every cell of `rect` (clipped to the buffer) to `cell`.
  public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
    let r = rect.intersection(area)
    guard !r.isEmpty else { return }
    if cell.width == 2 {
      for y in r.y..<r.bottom {
        var x = r.x
        while x + 1 < r.right {
          set(cell, x: x, y: y)
          x += 2
        }
        if x < r.right { set(.blank(cell.style), x: x, y: y) }
      }
      return
    }
    let width = self.width
    cells.withUnsafeMutableBufferPointer { p in
      for y in r.y..<r.bottom {
        let start = y * width + r.x
        let end = y * width + r.right
        // Only wide clusters crossing the edges of the span need their other half blanked.
        if r.x > 0, p[start].isContinuation { p[start - 1] = .blank(p[start - 1].style) }
        if r.right < width, p[end].isContinuation { p[end] = .blank(p[end].style) }
        for i in start..<end { p[i] = cell }
      }
    }
  }

  /// Clears `rect` to blanks in `style`.
  public mutating func clear(_ rect: Rect, style: Style = .plain) {
    fill(rect, with: .blank(style))
  }

  /// Lays `style` over the style of every cell in `rect` (see `Style.patched(onto:)`).
  public mutating func apply(_ style: Style, to rect: Rect) {
    let r = rect.intersection(area)
    guard !r.isEmpty else { return }
    for y in r.y..<r.bottom {
      for x in r.x..<r.right {
        let i = y * width + x
        cells[i].style = style.patched(onto: cells[i].style)
      }
    }
  }

  /// Replaces the style of every cell in `rect`.
  public mutating func setStyle(_ style: Style, in rect: Rect) {
    let r = rect.intersection(area)
    guard !r.isEmpty else { return }
    for y in r.y..<r.bottom {
      for x in r.x..<r.right { cells[y * width + x].style = style }
    }
  }

  /// Copies `other` with its top-left corner at `position`, clipped to `clip` and this
  /// buffer; wide clusters cut by the clip become spaces.
  /// Images in `other` come along cut to the clip (a picture half out of view keeps its
  /// visible part; one wholly outside is dropped), and images here under the drawn area are
  /// removed.
  public mutating func draw(_ other: Buffer, at position: Position, clippedTo clip: Rect? = nil) {
    let bounds = (clip ?? area).intersection(area)
    let drawn = Rect(x: position.x, y: position.y, width: other.width, height: other.height)
      .intersection(bounds)
    removeImages(intersecting: drawn)
    for image in other.images {
      let moved = Rect(
        x: image.area.x + position.x, y: image.area.y + position.y, width: image.area.width,
        height: image.area.height)
      let whole = Rect(
        x: image.imageArea.x + position.x, y: image.imageArea.y + position.y,
        width: image.imageArea.width, height: image.imageArea.height)
      let visible = moved.intersection(bounds)
      if !visible.isEmpty {
        images.append(ImagePlacement(source: image.source, area: visible, imageArea: whole))
      }
    }
    for sy in 0..<other.height {
      let y = position.y + sy
      guard y >= bounds.y, y < bounds.bottom else { continue }
      for sx in 0..<other.width {
        let x = position.x + sx
        let cell = other.cells[sy * other.width + sx]
        if cell.isContinuation { continue }
        guard x >= bounds.x, x < bounds.right else {
          if cell.width == 2, x + 1 == bounds.x { set(.blank(cell.style), x: bounds.x, y: y) }
          continue
        }
        if cell.width == 2, x + 1 >= bounds.right {
          set(.blank(cell.style), x: x, y: y)
        } else {
          set(cell, x: x, y: y)
        }
      }
    }
  }

  /// The symbols of one row joined (continuations skipped), for tests and debugging.
  public func text(row y: Int) -> String {
    guard y >= 0, y < height else { return "" }
    var s = ""
    for x in 0..<width { s += cells[y * width + x].symbol }
    return s
  }

  /// All rows' text joined with newlines.
  public var text: String {
    (0..<height).map { text(row: $0) }.joined(separator: "\n")
  }
}
