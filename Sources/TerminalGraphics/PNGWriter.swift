import CPNG

/// RGBA pixels → PNG bytes, through libpng's simplified API (kitty takes PNG: far fewer bytes
/// than raw pixels over the pty).
package enum PNGWriter {
  /// The PNG file for `image`, or `nil` when libpng fails (it says why in `message`).
  package static func encode(_ image: RGBAImage) -> [UInt8]? {
    var png = png_image()
    png.version = UInt32(PNG_IMAGE_VERSION)
    png.width = UInt32(image.width)
    png.height = UInt32(image.height)
    png.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // RGBA
    var size: png_alloc_size_t = 0
    let measured = image.pixels.withUnsafeBytes { pixels in
      png_image_write_to_memory(&png, nil, &size, 0, pixels.baseAddress, 0, nil)
    }
    guard measured != 0, size > 0 else {
      png_image_free(&png)
      return nil
    }
    var bytes = [UInt8](repeating: 0, count: Int(size))
    let written = bytes.withUnsafeMutableBytes { out in
      image.pixels.withUnsafeBytes { pixels in
        png_image_write_to_memory(&png, out.baseAddress, &size, 0, pixels.baseAddress, 0, nil)
      }
    }
    png_image_free(&png)
    guard written != 0 else { return nil }
    return Array(bytes.prefix(Int(size)))
  }
}
