/// A decoded image: RGBA, 8 bits a channel, straight (not premultiplied) alpha, rows top to
/// bottom with no padding, so `rgba.count == width * height * 4`.
package struct DecodedImage: Sendable, Equatable {
  /// Width in pixels.
  package let width: Int
  /// Height in pixels.
  package let height: Int
  /// `width * height * 4` bytes: red, green, blue, alpha for each pixel, row by row.
  package let rgba: [UInt8]

  /// Makes an image from its pixels; `rgba` must hold `width * height * 4` bytes.
  package init(width: Int, height: Int, rgba: [UInt8]) {
    precondition(width >= 0 && height >= 0 && rgba.count == width * height * 4)
    self.width = width
    self.height = height
    self.rgba = rgba
  }

  /// The bytes the image holds, as the memory cache counts them.
  package var byteCount: Int { rgba.count }

  /// The pixel at (`x`, `y`) as (red, green, blue, alpha).
  package func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    let offset = (y * width + x) * 4
    return (rgba[offset], rgba[offset + 1], rgba[offset + 2], rgba[offset + 3])
  }
}
