import CPNG

/// PNG through libpng's simplified API (`png_image_begin_read_from_memory`, `png_image_finish_read`).
///
/// libpng keeps a pointer to the bytes between the two calls, so both run inside one
/// `withUnsafeBytes`.
enum PNGDecoder {
  /// The image's dimensions, from its IHDR chunk.
  static func header(_ bytes: [UInt8]) throws(ArtworkError) -> (width: Int, height: Int) {
    try bytes.withUnsafeBytes { raw -> Result<(width: Int, height: Int), ArtworkError> in
      var image = png_image()
      image.version = UInt32(PNG_IMAGE_VERSION)
      defer { png_image_free(&image) }
      guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
        return .failure(.corrupt(message(image)))
      }
      return .success((Int(image.width), Int(image.height)))
    }.get()
  }

  static func decode(_ bytes: [UInt8], maxSide: Int?) throws(ArtworkError) -> DecodedImage {
    let full = try bytes.withUnsafeBytes { raw in read(raw) }.get()
    let target = ImageScaler.fitting(width: full.width, height: full.height, maxSide: maxSide)
    guard target.width != full.width || target.height != full.height else { return full }
    let resized = ImageScaler.scale(
      full.rgba, width: full.width, height: full.height, toWidth: target.width,
      toHeight: target.height)
    return DecodedImage(width: target.width, height: target.height, rgba: resized)
  }

  private static func read(_ raw: UnsafeRawBufferPointer) -> Result<DecodedImage, ArtworkError> {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    defer { png_image_free(&image) }
    guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
      return .failure(.corrupt(message(image)))
    }
    let width = Int(image.width)
    let height = Int(image.height)
    do {
      try ImageDecoder.checkLimits(width: width, height: height, format: "PNG")
    } catch {
      return .failure(error)
    }
    // PNG_FORMAT_RGBA (an or of two macros) is not imported.
    image.format = UInt32(PNG_FORMAT_RGB | PNG_FORMAT_FLAG_ALPHA)
    // PNG_IMAGE_ROW_STRIDE is a C macro Swift does not import: four bytes a pixel, no padding.
    let stride = width * 4
    var pixels = [UInt8](repeating: 0, count: stride * height)
    let finished = pixels.withUnsafeMutableBufferPointer { destination in
      png_image_finish_read(&image, nil, destination.baseAddress, Int32(stride), nil)
    }
    guard finished != 0 else { return .failure(.corrupt(message(image))) }
    return .success(DecodedImage(width: width, height: height, rgba: pixels))
  }

  private static func message(_ image: png_image) -> String {
    var copy = image.message
    let text = withUnsafeBytes(of: &copy) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    return text.isEmpty ? "libpng gave no reason" : "PNG: \(text)"
  }
}
