/// An image as 8-bit RGBA pixels, rows top to bottom, no padding: what the encoders take.
package struct RGBAImage: Sendable, Equatable {
  /// Pixels across.
  package let width: Int
  /// Pixels down.
  package let height: Int
  /// `width * height * 4` bytes.
  package let pixels: [UInt8]

  /// Creates an image; `pixels` must hold `width * height * 4` bytes.
  package init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width > 0 && height > 0 && pixels.count == width * height * 4)
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The image's bytes in memory.
  package var byteCount: Int { pixels.count }
}
