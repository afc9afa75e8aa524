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
    let columns = FlatTaps(taps(source: width, destination: toWidth))
    let rows = FlatTaps(taps(source: height, destination: toHeight))
    if isOpaque(rgba) {
      return scaleOpaque(
        rgba, width: width, height: height, toWidth: toWidth, toHeight: toHeight, columns: columns,
        rows: rows)
    }
    // Pass 1: each row to toWidth columns, premultiplied, in floats.
    var middle = [Float](repeating: 0, count: toWidth * height * 4)
    rgba.withUnsafeBufferPointer { source in
      middle.withUnsafeMutableBufferPointer { out in
        columns.withBuffers { starts, indices, weights in
          for y in 0..<height {
            let rowIn = y * width * 4
            var offset = y * toWidth * 4
            for x in 0..<toWidth {
              var red: Float = 0
              var green: Float = 0
              var blue: Float = 0
              var alpha: Float = 0
              for tap in starts[x]..<starts[x + 1] {
                let pixel = rowIn + indices[tap] * 4
                let weightedAlpha = weights[tap] * Float(source[pixel + 3])
                red += weightedAlpha * Float(source[pixel])
                green += weightedAlpha * Float(source[pixel + 1])
                blue += weightedAlpha * Float(source[pixel + 2])
                alpha += weightedAlpha
              }
              out[offset] = red
              out[offset + 1] = green
              out[offset + 2] = blue
              out[offset + 3] = alpha
              offset += 4
            }
          }
        }
      }
    }
    // Pass 2: columns to toHeight rows, then un-premultiply and round.
    var result = [UInt8](repeating: 0, count: toWidth * toHeight * 4)
    var sums = [Float](repeating: 0, count: toWidth * 4)
    middle.withUnsafeBufferPointer { source in
      result.withUnsafeMutableBufferPointer { out in
        sums.withUnsafeMutableBufferPointer { sums in
          rows.withBuffers { starts, indices, weights in
            let rowLength = toWidth * 4
            for y in 0..<toHeight {
              for index in 0..<rowLength { sums[index] = 0 }
              // Whole rows at a time: each tap adds one weighted source row.
              for tap in starts[y]..<starts[y + 1] {
                let weight = weights[tap]
                let rowStart = indices[tap] * rowLength
                for index in 0..<rowLength { sums[index] += weight * source[rowStart + index] }
              }
              var offset = y * rowLength
              for index in stride(from: 0, to: rowLength, by: 4) {
                let alpha = sums[index + 3]
                if alpha > 0.5 {  // else fully transparent: zeros
                  out[offset] = byte(sums[index] / alpha)
                  out[offset + 1] = byte(sums[index + 1] / alpha)
                  out[offset + 2] = byte(sums[index + 2] / alpha)
                  out[offset + 3] = byte(alpha)
                }
                offset += 4
              }
            }
          }
        }
      }
    }
    return result
  }

  /// Every alpha byte is 255 (JPEG always; most PNGs).
  private static func isOpaque(_ rgba: [UInt8]) -> Bool {
    rgba.withUnsafeBufferPointer { pixels in
      var index = 3
      while index < pixels.count {
        if pixels[index] != 255 { return false }
        index += 4
      }
      return true
    }
  }

  /// The same area average for opaque pixels: three channels, no alpha weighting or division.
  private static func scaleOpaque(
    _ rgba: [UInt8], width: Int, height: Int, toWidth: Int, toHeight: Int, columns: FlatTaps,
    rows: FlatTaps
  ) -> [UInt8] {
    var middle = [Float](repeating: 0, count: toWidth * height * 3)
    rgba.withUnsafeBufferPointer { source in
      middle.withUnsafeMutableBufferPointer { out in
        columns.withBuffers { starts, indices, weights in
          var offset = 0
          for y in 0..<height {
            let rowIn = y * width * 4
            for x in 0..<toWidth {
              var red: Float = 0
              var green: Float = 0
              var blue: Float = 0
              for tap in starts[x]..<starts[x + 1] {
                let pixel = rowIn + indices[tap] * 4
                let weight = weights[tap]
                red += weight * Float(source[pixel])
                green += weight * Float(source[pixel + 1])
                blue += weight * Float(source[pixel + 2])
              }
              out[offset] = red
              out[offset + 1] = green
              out[offset + 2] = blue
              offset += 3
            }
          }
        }
      }
    }
    var result = [UInt8](repeating: 255, count: toWidth * toHeight * 4)
    var sums = [Float](repeating: 0, count: toWidth * 3)
    middle.withUnsafeBufferPointer { source in
      result.withUnsafeMutableBufferPointer { out in
        sums.withUnsafeMutableBufferPointer { sums in
          rows.withBuffers { starts, indices, weights in
            let rowLength = toWidth * 3
            for y in 0..<toHeight {
              for index in 0..<rowLength { sums[index] = 0 }
              for tap in starts[y]..<starts[y + 1] {
                let weight = weights[tap]
                let rowStart = indices[tap] * rowLength
                for index in 0..<rowLength { sums[index] += weight * source[rowStart + index] }
              }
              var offset = y * toWidth * 4
              for index in stride(from: 0, to: rowLength, by: 3) {
                out[offset] = byte(sums[index])
                out[offset + 1] = byte(sums[index + 1])
                out[offset + 2] = byte(sums[index + 2])
                offset += 4
              }
            }
          }
        }
      }
    }
    return result
  }

  /// Taps laid out flat: the taps of output `i` are `starts[i]..<starts[i + 1]`.
  private struct FlatTaps {
    var starts: [Int] = [0]
    var indices: [Int] = []
    var weights: [Float] = []

    init(_ lists: [[Tap]]) {
      for list in lists {
        for tap in list {
          indices.append(tap.index)
          weights.append(tap.weight)
        }
        starts.append(indices.count)
      }
    }

    func withBuffers<R>(
      _ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Float>) -> R
    ) -> R {
      starts.withUnsafeBufferPointer { starts in
        indices.withUnsafeBufferPointer { indices in
          weights.withUnsafeBufferPointer { weights in body(starts, indices, weights) }
        }
      }
    }
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

  /// Rounds half up and clamps (no call to `roundf`).
  private static func byte(_ value: Float) -> UInt8 {
    let clamped = max(0, min(255, value + 0.5))
    return UInt8(clamped)
  }
}
