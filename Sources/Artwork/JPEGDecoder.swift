import CTurboJPEG

/// JPEG through TurboJPEG 2.1 (`tjDecompressHeader3`, `tjDecompress2` with a scaling factor).
enum JPEGDecoder {
  /// The image's dimensions, from its header.
  static func header(_ bytes: [UInt8]) throws(ArtworkError) -> (width: Int, height: Int) {
    let handle = try makeHandle()
    defer { tjDestroy(handle) }
    let info = try readHeader(handle, bytes)
    return (info.width, info.height)
  }

  static func decode(_ bytes: [UInt8], maxSide: Int?) throws(ArtworkError) -> DecodedImage {
    let handle = try makeHandle()
    defer { tjDestroy(handle) }
    let info = try readHeader(handle, bytes)
    try ImageDecoder.checkLimits(width: info.width, height: info.height, format: "JPEG")
    let target = ImageScaler.fitting(width: info.width, height: info.height, maxSide: maxSide)
    let scaled = scaledSize(width: info.width, height: info.height, covering: target)
    var pixels = [UInt8](repeating: 0, count: scaled.width * scaled.height * 4)
    let code = bytes.withUnsafeBufferPointer { source in
      pixels.withUnsafeMutableBufferPointer { destination in
        tjDecompress2(
          handle, source.baseAddress, UInt(source.count), destination.baseAddress,
          Int32(scaled.width), Int32(scaled.width * 4), Int32(scaled.height),
          Int32(TJPF_RGBA.rawValue), 0)
      }
    }
    guard code == 0 else { throw .corrupt(errorText(handle)) }
    if scaled == target {
      return DecodedImage(width: scaled.width, height: scaled.height, rgba: pixels)
    }
    let resized = ImageScaler.scale(
      pixels, width: scaled.width, height: scaled.height, toWidth: target.width,
      toHeight: target.height)
    return DecodedImage(width: target.width, height: target.height, rgba: resized)
  }

  /// The smallest TurboJPEG scaled size (factors up to 1) still at least `target` in both
  /// directions; the full size when none is smaller.
  static func scaledSize(
    width: Int, height: Int, covering target: (width: Int, height: Int)
  ) -> (width: Int, height: Int) {
    var best = (width: width, height: height)
    var count: Int32 = 0
    guard let factors = tjGetScalingFactors(&count) else { return best }
    for index in 0..<Int(count) {
      let factor = factors[index]
      let numerator = Int(factor.num)
      let denominator = Int(factor.denom)
      guard numerator > 0, denominator > 0, numerator <= denominator else { continue }
      // TJSCALED(dimension, factor), a C macro Swift does not import.
      let scaledWidth = (width * numerator + denominator - 1) / denominator
      let scaledHeight = (height * numerator + denominator - 1) / denominator
      if scaledWidth >= target.width, scaledHeight >= target.height,
        scaledWidth * scaledHeight < best.width * best.height
      {
        best = (scaledWidth, scaledHeight)
      }
    }
    return best
  }

  private static func makeHandle() throws(ArtworkError) -> tjhandle {
    guard let handle = tjInitDecompress() else {
      throw .corrupt("TurboJPEG could not start a decoder")
    }
    return handle
  }

  private static func readHeader(
    _ handle: tjhandle, _ bytes: [UInt8]
  ) throws(ArtworkError) -> (width: Int, height: Int) {
    var width: Int32 = 0
    var height: Int32 = 0
    var subsampling: Int32 = 0
    var colorspace: Int32 = 0
    let code = bytes.withUnsafeBufferPointer { source in
      tjDecompressHeader3(
        handle, source.baseAddress, UInt(source.count), &width, &height, &subsampling, &colorspace)
    }
    guard code == 0 else { throw .corrupt(errorText(handle)) }
    return (Int(width), Int(height))
  }

  private static func errorText(_ handle: tjhandle) -> String {
    guard let text = tjGetErrorStr2(handle) else { return "TurboJPEG gave no reason" }
    let message = String(cString: text)
    return message.isEmpty ? "TurboJPEG gave no reason" : "JPEG: \(message)"
  }
}
