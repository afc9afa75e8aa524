/// Turns one frame into the next: the bytes that change the terminal from showing
/// `previous` to showing `next`.
///
/// Only changed cells are written. The renderer tracks the pen (cursor position and SGR
/// state) so it never repeats a cursor move or SGR code, picks the shortest cursor move,
/// keeps wide clusters intact, wraps linked cells in OSC 8, and writes nothing at all when
/// nothing changed. Between frames the terminal is left with SGR reset and no hyperlink
/// open; the renderer remembers where it left the cursor and whether it is visible.
///
/// ```swift
/// var renderer = DiffRenderer(colorDepth: .ansi256, synchronizedOutput: true)
/// let bytes = renderer.render(previous: lastFrame, next: frame, cursor: .hidden)
/// ```
public struct DiffRenderer: Sendable {
  /// Colours are downgraded to this depth on output.
  public var colorDepth: ColorDepth
  /// Wrap each non-empty frame in DEC synchronized output (`ESC[?2026h NUL` … `ESC[?2026l`).
  public var synchronizedOutput: Bool
  /// Where the terminal cursor is after the last frame, if known.
  public private(set) var cursorPosition: Position?
  /// Whether the cursor is visible after the last frame, if known.
  public private(set) var cursorVisible: Bool?

  /// Creates a renderer; the terminal's cursor position and visibility start unknown.
  public init(colorDepth: ColorDepth = .truecolor, synchronizedOutput: Bool = false) {
    self.colorDepth = colorDepth
    self.synchronizedOutput = synchronizedOutput
  }

  /// Forgets the cursor position and visibility, e.g. after something else wrote to the
  /// terminal; the next frame positions absolutely and sets visibility again.
  public mutating func invalidate() {
    cursorPosition = nil
    cursorVisible = nil
  }

  /// The bytes that turn `previous` into `next` and then place the cursor.
  ///
  /// A full redraw (reset, home, clear screen, then every non-blank cell) happens when
  /// `previous` is `nil`, its size differs from `next`, or `fullRedraw` is true (after a
  /// resize). Complexity: O(width × height).
  public mutating func render(
    previous: Buffer?, next: Buffer, cursor: CursorPlacement = .hidden, fullRedraw: Bool = false
  ) -> [UInt8] {
    var none = NoImages()
    return render(
      previous: previous, next: next, cursor: cursor, fullRedraw: fullRedraw, images: &none)
  }

  /// The bytes that turn `previous` into `next`, images included: placements in both frames
  /// are kept (the text diff does not write under them), removed ones are erased and their
  /// cells written again, and new ones are drawn by `images` after the text.
  public mutating func render<Images: ImageWriter>(
    previous: Buffer?, next: Buffer, cursor: CursorPlacement = .hidden, fullRedraw: Bool = false,
    images: inout Images
  ) -> [UInt8] {
    var writer = ANSIWriter(capacity: 4096)
    // The NUL after the start is for kitty before 0.28 (Debian's 0.26.5): when a read from
    // the terminal's side of the pty ends inside the first escape sequence of a synchronized
    // frame, it replays that sequence wrongly and drops it ("Unrecognized APC code: 0x9f"),
    // losing e.g. an image's first chunk. A NUL, which every terminal ignores, is one byte a
    // read cannot split, so nothing of a frame is ever the first thing queued mid-sequence.
    if synchronizedOutput { writer.append("\u{1B}[?2026h\u{0}") }
    let prefixLength = writer.bytes.count
    var base: Buffer
    var added = next.images
    if let previous, !fullRedraw, previous.width == next.width, previous.height == next.height {
      base = previous
      if !previous.images.isEmpty || !next.images.isEmpty {
        added = Self.reconcile(
          previous: previous.images, next: next, base: &base, images: &images, into: &writer)
      }
    } else {
      images.reset(into: &writer.bytes)
      writer.append("\u{1B}[0m\u{1B}[H\u{1B}[2J")
      cursorPosition = Position(x: 0, y: 0)
      base = Buffer(width: next.width, height: next.height)
    }
    var frame = Frame(depth: colorDepth, at: cursorPosition)
    base.cells.withUnsafeBufferPointer { old in
      next.cells.withUnsafeBufferPointer { new in
        frame.diff(old: old, new: new, width: next.width, height: next.height, into: &writer)
      }
    }
    frame.finish(into: &writer)
    cursorPosition = frame.position
    for placement in added where images.draw(placement, into: &writer.bytes) {
      cursorPosition = nil
    }
    switch cursor {
    case .hidden:
      if cursorVisible != false {
        writer.append("\u{1B}[?25l")
        cursorVisible = false
      }
    case .visible(let p):
      writer.move(from: cursorPosition, to: p)
      cursorPosition = p
      if cursorVisible != true {
        writer.append("\u{1B}[?25h")
        cursorVisible = true
      }
    }
    if writer.bytes.count == prefixLength { return [] }
    if synchronizedOutput { writer.append("\u{1B}[?2026l") }
    return writer.bytes
  }

  /// A cell no real cell equals: the old frame gets it where an image was, so the text diff
  /// writes those cells again.
  static let erased = Cell(code: 0x7FFF_FFFE, style: .plain, rawWidth: 1)

  /// Compares the two frames' images: erases removed ones (and marks their cells for writing),
  /// copies the new frame's cells under kept ones into `base` (so nothing is written beneath
  /// them), and returns the placements to draw.
  private static func reconcile<Images: ImageWriter>(
    previous: [ImagePlacement], next: Buffer, base: inout Buffer, images: inout Images,
    into writer: inout ANSIWriter
  ) -> [ImagePlacement] {
    let old = Set(previous)
    let new = Set(next.images)
    for placement in previous where !new.contains(placement) {
      images.erase(placement, into: &writer.bytes)
      let r = placement.area.intersection(base.area)
      guard !r.isEmpty else { continue }
      for y in r.y..<r.bottom {
        // A wide cluster whose right half lies under the image's left edge is written whole.
        let from = r.x > 0 && next[r.x, y].isContinuation ? r.x - 1 : r.x
        for x in from..<r.right { base.overwrite(erased, x: x, y: y) }
      }
    }
    var added: [ImagePlacement] = []
    for placement in next.images {
      if old.contains(placement) {
        let r = placement.area.intersection(base.area)
        guard !r.isEmpty else { continue }
        for y in r.y..<r.bottom {
          for x in r.x..<r.right { base.overwrite(next[x, y], x: x, y: y) }
        }
      } else {
        added.append(placement)
      }
    }
    return added
  }
}

/// The pen while one frame is written.
private struct Frame {
  let depth: ColorDepth
  var position: Position?
  var pen = PenStyle.plain
  /// The open hyperlink's `Style.linkID` (0: none).
  var link: UInt32 = 0

  init(depth: ColorDepth, at position: Position?) {
    self.depth = depth
    self.position = position
  }

  mutating func diff(
    old: UnsafeBufferPointer<Cell>, new: UnsafeBufferPointer<Cell>, width: Int, height: Int,
    into writer: inout ANSIWriter
  ) {
    for y in 0..<height {
      let row = y * width
      var x = 0
      while x < width {
        let i = row + x
        // Compared in place (no copy of the cell, so no reference counting) on the hot path.
        if new[i].width == 0 || new[i] == old[i] {
          x += 1
          continue
        }
        write(new[i], x: x, y: y, width: width, into: &writer)
        x += Int(new[i].width)
      }
    }
  }

  private mutating func write(
    _ cell: Cell, x: Int, y: Int, width: Int, into writer: inout ANSIWriter
  ) {
    let target = Position(x: x, y: y)
    if position != target { writer.move(from: position, to: target) }
    if cell.style.linkID != link {
      writer.hyperlink(cell.style.hyperlink)
      link = cell.style.linkID
    }
    let style = PenStyle(cell.style, depth: depth)
    if style != pen {
      writer.sgr(from: pen, to: style)
      pen = style
    }
    let length = cell.appendUTF8(to: &writer.bytes)
    let end = x + Int(cell.width)
    // At the last column the terminal is in its pending-wrap state, and for clusters of
    // several scalars terminals disagree on the width: position absolutely next time.
    if end >= width || length > 4 {
      position = nil
    } else {
      position = Position(x: end, y: y)
    }
  }

  mutating func finish(into writer: inout ANSIWriter) {
    if link != 0 {
      writer.hyperlink(nil)
      link = 0
    }
    if pen != .plain {
      writer.append("\u{1B}[0m")
      pen = .plain
    }
  }
}
