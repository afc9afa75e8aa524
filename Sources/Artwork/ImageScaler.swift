/// Resamples RGBA pixels: an exact area average where an axis shrinks, bilinear where it grows.
///
/// Colour is averaged weighted by alpha (premultiplied while summing), so transparent pixels do
/// not bleed their hidden colour into the edges of what is drawn.
package enum ImageScaler {
  /// The size that fits `width`×`height` inside `maxSide`×`maxSide` keeping the aspect, never
  /// larger than the image itself (nil `maxSide`: the image's own size). Each side is at least 1.
  package static func fitting(
    width: Int, height: Int, maxSide: Int?
  ) -> (width: Int, height: Int) {
    guard let maxSide, width > maxSide || height > maxSide else { return (width, height) }
    if width >= height {
      let scaledHeight = Int((Double(height) * Double(maxSide) / Double(width)).rounded())
      return (maxSide, max(1, scaledHeight))
    }
    let scaledWidth = Int((Double(width) * Double(maxSide) / Double(height)).rounded())
    return (max(1, scaledWidth), maxSide)
  }

  /// `rgba` (`width`×`height`, four bytes a pixel) resampled to `toWidth`×`toHeight`.
  package static func scale(
    _ rgba: [UInt8], width: Int, height: Int, toWidth: Int, toHeight: Int
  ) -> [UInt8] {
    precondition(rgba.count == width * height * 4 && toWidth > 0 && toHeight > 0)
    if width == toWidth && height == toHeight { return rgba }
    let columns = taps(source: width, destination: toWidth)
    let rows = taps(source: height, destination: toHeight)
    // Pass 1: each row to toWidth columns, premultiplied, in floats.
    var middle = [Float](repeating: 0, count: toWidth * height * 4)
    rgba.withUnsafeBufferPointer { source in
      middle.withUnsafeMutableBufferPointer { out in
        for y in 0..<height {
          let rowIn = y * width * 4
          let rowOut = y * toWidth * 4
          for x in 0..<toWidth {
            var red: Float = 0
            var green: Float = 0
            var blue: Float = 0
            var alpha: Float = 0
            for tap in columns[x] {
              let offset = rowIn + tap.index * 4
              let weightedAlpha = tap.weight * Float(source[offset + 3])
              red += weightedAlpha * Float(source[offset])
              green += weightedAlpha * Float(source[offset + 1])
              blue += weightedAlpha * Float(source[offset + 2])
              alpha += weightedAlpha
            }
            let offset = rowOut + x * 4
            out[offset] = red
            out[offset + 1] = green
            out[offset + 2] = blue
            out[offset + 3] = alpha
          }
        }
      }
    }
    // Pass 2: columns to toHeight rows, then un-premultiply and round.
    var result = [UInt8](repeating: 0, count: toWidth * toHeight * 4)
    middle.withUnsafeBufferPointer { source in
      result.withUnsafeMutableBufferPointer { out in
        for y in 0..<toHeight {
          for x in 0..<toWidth {
            var red: Float = 0
            var green: Float = 0
            var blue: Float = 0
            var alpha: Float = 0
            for tap in rows[y] {
              let offset = (tap.index * toWidth + x) * 4
              red += tap.weight * source[offset]
              green += tap.weight * source[offset + 1]
              blue += tap.weight * source[offset + 2]
              alpha += tap.weight * source[offset + 3]
            }
            let offset = (y * toWidth + x) * 4
            guard alpha > 0.5 else { continue }  // fully transparent: zeros
            out[offset] = byte(red / alpha)
            out[offset + 1] = byte(green / alpha)
            out[offset + 2] = byte(blue / alpha)
            out[offset + 3] = byte(alpha)
          }
        }
      }
    }
    return result
  }

  struct Tap {
    var index: Int
    var weight: Float
  }

  /// For each destination index, the source indices it reads and their weights (summing to 1).
  static func taps(source: Int, destination: Int) -> [[Tap]] {
    if destination >= source { return bilinearTaps(source: source, destination: destination) }
    let span = Double(source) / Double(destination)
    return (0..<destination).map { out in
      let start = Double(out) * span
      let end = start + span
      var list: [Tap] = []
      var index = Int(start)
      while Double(index) < end, index < source {
        let covered = min(end, Double(index + 1)) - max(start, Double(index))
        if covered > 1e-9 { list.append(Tap(index: index, weight: Float(covered / span))) }
        index += 1
      }
      return list
    }
  }

  private static func bilinearTaps(source: Int, destination: Int) -> [[Tap]] {
    let ratio = Double(source) / Double(destination)
    return (0..<destination).map { out in
      let position = max(0, min(Double(source - 1), (Double(out) + 0.5) * ratio - 0.5))
      let low = Int(position)
      let high = min(source - 1, low + 1)
      let fraction = Float(position - Double(low))
      if high == low || fraction == 0 { return [Tap(index: low, weight: 1)] }
      return [Tap(index: low, weight: 1 - fraction), Tap(index: high, weight: fraction)]
    }
  }

  private static func byte(_ value: Float) -> UInt8 {
    UInt8(max(0, min(255, value.rounded())))
  }
}
