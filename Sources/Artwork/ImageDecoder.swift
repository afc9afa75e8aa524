/// Decodes JPEG and PNG bytes into `DecodedImage`s, chosen by the magic bytes, scaled to fit.
///
/// Safe to call from any thread, at the same time from several; it keeps no state. Errors are
/// values (`ArtworkError`), never traps, for any input: the fuzz target calls `decode` directly.
package enum ImageDecoder {
  /// The widest or tallest image decoded; larger ones are `ArtworkError.tooLarge`.
  package static let maximumSide = 8192
  /// The most pixels decoded (4096 × 4096, about 16.8 megapixels: four times the largest artwork
  /// a terminal cell grid asks for); larger ones are `ArtworkError.tooLarge`. At 40 megapixels a
  /// bomb just under the limit cost about 1 s of CPU and 210 MB each.
  package static let maximumPixels = 4096 * 4096

  /// Decodes and scales to fit inside `maxSide`×`maxSide` keeping the aspect (nil: full size).
  ///
  /// Images already inside the box are returned at their own size (never enlarged). JPEG uses
  /// TurboJPEG's scaled decode (the smallest scaling factor whose result still covers the target),
  /// then an exact area-average scale; PNG is read with libpng's simplified API as RGBA (alpha
  /// kept, straight), then area-averaged. The dimensions are read from the header and checked
  /// against `maximumSide` and `maximumPixels` before any pixel buffer is allocated.
  ///
  /// - Throws: `.notAnImage` (what the bytes look like), `.corrupt` (the decoder's reason),
  ///   `.tooLarge` (the header's dimensions).
  package static func decode(_ bytes: [UInt8], maxSide: Int?) throws(ArtworkError) -> DecodedImage {
    let box = maxSide.map { max(1, $0) }
    switch ImageFormat.sniff(bytes) {
    case .jpeg?: return try JPEGDecoder.decode(bytes, maxSide: box)
    case .png?: return try PNGDecoder.decode(bytes, maxSide: box)
    case nil: throw .notAnImage(ImageFormat.describeNonImage(bytes))
    }
  }

  /// Reads only the header: the format and the dimensions.
  ///
  /// - Throws: `.notAnImage` or `.corrupt`, as `decode` would.
  package static func header(_ bytes: [UInt8]) throws(ArtworkError) -> (
    format: ImageFormat, width: Int, height: Int
  ) {
    switch ImageFormat.sniff(bytes) {
    case .jpeg?:
      let size = try JPEGDecoder.header(bytes)
      return (.jpeg, size.width, size.height)
    case .png?:
      let size = try PNGDecoder.header(bytes)
      return (.png, size.width, size.height)
    case nil: throw .notAnImage(ImageFormat.describeNonImage(bytes))
    }
  }

  /// Throws `.tooLarge` unless `width`×`height` is within the limits (`.corrupt`, naming
  /// `format`, for an empty size).
  static func checkLimits(width: Int, height: Int, format: String = "image") throws(ArtworkError) {
    guard width > 0, height > 0 else {
      throw .corrupt("\(format): the header gives a size of \(width)×\(height) pixels")
    }
    guard width <= maximumSide, height <= maximumSide, width * height <= maximumPixels else {
      throw .tooLarge(width: width, height: height)
    }
  }
}
