import TerminalUI

/// Where an image goes inside an area of cells.
package enum ImageFit {
  /// The cells `width`×`height` pixels take inside `area` with cells of `cell` pixels: as large
  /// as fits with its aspect kept, centred (the rest of the area shows what is beneath).
  package static func fit(width: Int, height: Int, in area: Rect, cell: CellPixels) -> Rect {
    guard width > 0, height > 0, !area.isEmpty, cell.width > 0, cell.height > 0 else {
      return Rect(x: area.x, y: area.y, width: 0, height: 0)
    }
    let areaWidth = Double(area.width * cell.width)
    let areaHeight = Double(area.height * cell.height)
    let scale = min(areaWidth / Double(width), areaHeight / Double(height))
    let columns = max(
      1, min(area.width, Int((Double(width) * scale / Double(cell.width)).rounded())))
    let rows = max(
      1, min(area.height, Int((Double(height) * scale / Double(cell.height)).rounded())))
    return Rect(
      x: area.x + (area.width - columns) / 2, y: area.y + (area.height - rows) / 2,
      width: columns, height: rows)
  }

  /// A rectangle of an image's pixels.
  package struct PixelRect: Sendable, Hashable {
    /// Left edge.
    package var x: Int
    /// Top edge.
    package var y: Int
    /// Width.
    package var width: Int
    /// Height.
    package var height: Int

    /// Creates a rectangle.
    package init(x: Int, y: Int, width: Int, height: Int) {
      self.x = x
      self.y = y
      self.width = width
      self.height = height
    }
  }

  /// The pixels of a `width`×`height` image that cover `part` of an area of `columns`×`rows`
  /// cells of `cell` pixels when the image fills the whole area with its aspect kept (scaled to
  /// cover it, centred, the overflow cut off): no band of the area is left uncovered. `part`
  /// is in the area's cells (`nil`: all of it), for a picture of which only some cells show.
  package static func cover(
    width: Int, height: Int, columns: Int, rows: Int, cell: CellPixels, part: Rect? = nil
  ) -> PixelRect {
    let whole = PixelRect(x: 0, y: 0, width: max(1, width), height: max(1, height))
    guard width > 0, height > 0, columns > 0, rows > 0, cell.width > 0, cell.height > 0 else {
      return whole
    }
    let areaWidth = Double(columns * cell.width)
    let areaHeight = Double(rows * cell.height)
    let scale = max(areaWidth / Double(width), areaHeight / Double(height))
    // The area's top-left in the scaled image's pixels.
    let offsetX = (Double(width) * scale - areaWidth) / 2
    let offsetY = (Double(height) * scale - areaHeight) / 2
    let shown = (part ?? Rect(x: 0, y: 0, width: columns, height: rows))
      .intersection(Rect(x: 0, y: 0, width: columns, height: rows))
    guard !shown.isEmpty else { return whole }
    let left = (Double(shown.x * cell.width) + offsetX) / scale
    let top = (Double(shown.y * cell.height) + offsetY) / scale
    let right = (Double(shown.right * cell.width) + offsetX) / scale
    let bottom = (Double(shown.bottom * cell.height) + offsetY) / scale
    let x = max(0, min(width - 1, Int(left.rounded())))
    let y = max(0, min(height - 1, Int(top.rounded())))
    let x2 = max(x + 1, min(width, Int(right.rounded())))
    let y2 = max(y + 1, min(height, Int(bottom.rounded())))
    return PixelRect(x: x, y: y, width: x2 - x, height: y2 - y)
  }
}

extension RGBAImage {
  /// The pixels inside `rect` (cut to the image) as an image of their own; the image itself
  /// when `rect` is all of it.
  package func cropped(to rect: ImageFit.PixelRect) -> RGBAImage {
    let x = max(0, min(width - 1, rect.x))
    let y = max(0, min(height - 1, rect.y))
    let w = max(1, min(width - x, rect.width))
    let h = max(1, min(height - y, rect.height))
    if x == 0, y == 0, w == width, h == height { return self }
    var out: [UInt8] = []
    out.reserveCapacity(w * h * 4)
    pixels.withUnsafeBufferPointer { source in
      for row in y..<(y + h) {
        let start = (row * width + x) * 4
        out.append(contentsOf: source[start..<(start + w * 4)])
      }
    }
    return RGBAImage(width: w, height: h, pixels: out)
  }
}
