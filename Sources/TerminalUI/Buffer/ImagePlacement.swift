/// An image drawn over a rectangle of cells, by whatever protocol the terminal speaks.
///
/// Widgets draw a placeholder into the cells and then place the image over them; the renderer
/// never writes text into a kept placement, erases a removed one (its cells are written again)
/// and asks an ``ImageWriter`` to draw the new ones after the text, in the same frame.
public struct ImagePlacement: Sendable, Hashable {
  /// What to draw: a key the image writer understands (tunes uses the artwork's sized URL).
  public var source: String
  /// The cells it covers (the part of ``imageArea`` that shows).
  public var area: Rect
  /// The cells the whole picture would cover: the same as ``area`` unless the picture is cut
  /// (a tile half scrolled out of its view keeps its visible part, and only that is drawn).
  public var imageArea: Rect

  /// Creates a placement of the whole picture over `area`.
  public init(source: String, area: Rect) {
    self.source = source
    self.area = area
    self.imageArea = area
  }

  /// Creates a placement of the part of a picture covering `imageArea` that falls in `area`
  /// (which should lie inside `imageArea`; it is cut to it).
  public init(source: String, area: Rect, imageArea: Rect) {
    self.source = source
    self.area = area.intersection(imageArea)
    self.imageArea = imageArea
  }

  /// Whether only part of the picture shows.
  public var isCut: Bool { area != imageArea }

  /// The visible part relative to the whole picture's top-left cell.
  public var visiblePart: Rect {
    Rect(
      x: area.x - imageArea.x, y: area.y - imageArea.y, width: area.width, height: area.height)
  }
}

extension Buffer {
  /// Places an image over `area`, which must lie wholly inside the buffer (a placement that
  /// would be cut is not made: the placeholder beneath stays). A later placement over the same
  /// cells replaces an earlier one.
  public mutating func placeImage(_ source: String, in area: Rect) {
    guard !area.isEmpty, area.intersection(self.area) == area else { return }
    removeImages(intersecting: area)
    images.append(ImagePlacement(source: source, area: area))
  }

  /// Places the part of an image over `area` that falls inside `clip` and this buffer: a
  /// picture cut by its view keeps what shows.
  public mutating func placeImage(_ source: String, in area: Rect, clippedTo clip: Rect) {
    let visible = area.intersection(clip).intersection(self.area)
    guard !visible.isEmpty else { return }
    removeImages(intersecting: visible)
    images.append(ImagePlacement(source: source, area: visible, imageArea: area))
  }

  /// Removes every image that overlaps `rect`: what is drawn over an image (an overlay, a
  /// popup) hides it whole, so it never shows through or around the new content.
  public mutating func removeImages(intersecting rect: Rect) {
    guard !images.isEmpty else { return }
    images.removeAll { !$0.area.intersection(rect).isEmpty }
  }
}

/// Draws and erases images for ``DiffRenderer``: implemented per graphics protocol.
public protocol ImageWriter {
  /// Called once at the start of a full redraw, before the screen is cleared (kitty keeps
  /// placements across a clear: delete them all here).
  mutating func reset(into bytes: inout [UInt8])
  /// Removes a placement that is no longer in the frame; its cells are written again anyway.
  mutating func erase(_ placement: ImagePlacement, into bytes: inout [UInt8])
  /// Draws a new placement over its cells (move the cursor there first; the renderer forgets
  /// the cursor position afterwards). Returns false when it has nothing to draw.
  mutating func draw(_ placement: ImagePlacement, into bytes: inout [UInt8]) -> Bool
}

/// An image writer that draws nothing (the frame has no images, or the terminal shows none).
public struct NoImages: ImageWriter {
  // One byte of storage so the writer has an address: for a type of size zero, the address
  // Swift passes for `inout` is undefined, and ThreadSanitizer's access check on it crashed
  // (SEGV in `__tsan_external_write` under `DiffRenderer.render`; see docs/DECISIONS.md).
  private var storage: UInt8 = 0

  /// Creates the writer.
  public init() {}
  /// Writes nothing: there are no images to forget.
  public mutating func reset(into bytes: inout [UInt8]) {}
  /// Writes nothing: no image was drawn.
  public mutating func erase(_ placement: ImagePlacement, into bytes: inout [UInt8]) {}
  /// Draws nothing and says so (`false`: the placeholder stays).
  public mutating func draw(_ placement: ImagePlacement, into bytes: inout [UInt8]) -> Bool {
    false
  }
}
