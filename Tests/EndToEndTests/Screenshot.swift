import Foundation
import ITunesReplay

#if canImport(Glibc)
  import Glibc
#endif

/// A picture of the screen as RGB (three bytes a pixel, rows top to bottom), decoded from the
/// X Window Dump that `xwd` writes, with the few measurements the real-terminal tests make.
struct Screenshot: Equatable, Sendable {
  static func == (left: Screenshot, right: Screenshot) -> Bool {
    guard left.width == right.width, left.height == right.height else { return false }
    return left.rgb.withUnsafeBytes { a in
      right.rgb.withUnsafeBytes { b in
        guard let first = a.baseAddress, let second = b.baseAddress else {
          return a.count == b.count
        }
        return memcmp(first, second, a.count) == 0
      }
    }
  }

  let width: Int
  let height: Int
  /// Three bytes a pixel, no padding.
  let rgb: [UInt8]

  init(width: Int, height: Int, rgb: [UInt8]) {
    precondition(rgb.count == width * height * 3)
    self.width = width
    self.height = height
    self.rgb = rgb
  }

  /// Decodes an XWD file (version 7, ZPixmap, 24 or 32 bits a pixel, true colour).
  ///
  /// The header is 25 big-endian 32-bit fields and the window name; then `ncolors` colour
  /// entries of 12 bytes; then the rows, `bytes_per_line` each, in the byte order the header
  /// names, each pixel split by the red, green and blue masks.
  init(xwd data: Data) throws {
    let bytes = [UInt8](data)
    func field(_ index: Int) throws -> Int {
      let at = index * 4
      guard bytes.count >= at + 4 else { throw X11Failure("XWD header cut short") }
      return Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8
        | Int(bytes[at + 3])
    }
    let headerSize = try field(0)
    let version = try field(1)
    let format = try field(2)
    let width = try field(4)
    let height = try field(5)
    let byteOrder = try field(7)
    let bitsPerPixel = try field(11)
    let bytesPerLine = try field(12)
    let masks = (red: try field(14), green: try field(15), blue: try field(16))
    let colours = try field(19)
    guard version == 7, format == 2, bitsPerPixel == 32 || bitsPerPixel == 24 else {
      throw X11Failure(
        "unsupported XWD: version \(version), format \(format), \(bitsPerPixel) bits a pixel")
    }
    let start = headerSize + colours * 12
    let pixelBytes = bitsPerPixel / 8
    guard width > 0, height > 0, bytes.count >= start + height * bytesPerLine,
      bytesPerLine >= width * pixelBytes
    else { throw X11Failure("XWD of \(width)×\(height) cut short (\(bytes.count) bytes)") }
    func shift(_ mask: Int) -> Int { mask == 0 ? 0 : mask.trailingZeroBitCount }
    let shifts = (red: shift(masks.red), green: shift(masks.green), blue: shift(masks.blue))
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    bytes.withUnsafeBufferPointer { source in
      rgb.withUnsafeMutableBufferPointer { out in
        for y in 0..<height {
          let row = start + y * bytesPerLine
          for x in 0..<width {
            let at = row + x * pixelBytes
            var value = 0
            for index in 0..<pixelBytes {
              let byte = Int(source[at + index])
              // byte_order 0: least significant byte first.
              value |=
                byteOrder == 0 ? byte << (8 * index) : byte << (8 * (pixelBytes - 1 - index))
            }
            let to = (y * width + x) * 3
            out[to] = UInt8((value & masks.red) >> shifts.red & 0xFF)
            out[to + 1] = UInt8((value & masks.green) >> shifts.green & 0xFF)
            out[to + 2] = UInt8((value & masks.blue) >> shifts.blue & 0xFF)
          }
        }
      }
    }
    self.init(width: width, height: height, rgb: rgb)
  }

  /// The part inside `rect` (clipped to the picture).
  func cropped(_ rect: PixelRect) -> Screenshot {
    let r = rect.clipped(width: width, height: height)
    var out: [UInt8] = []
    out.reserveCapacity(r.width * r.height * 3)
    for y in r.y..<(r.y + r.height) {
      let from = (y * width + r.x) * 3
      out.append(contentsOf: rgb[from..<(from + r.width * 3)])
    }
    return Screenshot(width: r.width, height: r.height, rgb: out)
  }

  /// How many different colours the picture holds.
  var distinctColours: Int {
    var seen = Set<UInt32>()
    for index in stride(from: 0, to: rgb.count, by: 3) {
      seen.insert(UInt32(rgb[index]) << 16 | UInt32(rgb[index + 1]) << 8 | UInt32(rgb[index + 2]))
    }
    return seen.count
  }

  /// The pixels that differ from `other` (same size), and the rectangle around them.
  func difference(from other: Screenshot) -> (count: Int, bounds: PixelRect?) {
    guard width == other.width, height == other.height else {
      return (width * height, PixelRect(x: 0, y: 0, width: width, height: height))
    }
    var count = 0
    var minX = width
    var minY = height
    var maxX = -1
    var maxY = -1
    rgb.withUnsafeBufferPointer { a in
      other.rgb.withUnsafeBufferPointer { b in
        for y in 0..<height {
          for x in 0..<width {
            let at = (y * width + x) * 3
            if a[at] != b[at] || a[at + 1] != b[at + 1] || a[at + 2] != b[at + 2] {
              count += 1
              minX = min(minX, x)
              maxX = max(maxX, x)
              minY = min(minY, y)
              maxY = max(maxY, y)
            }
          }
        }
      }
    }
    let bounds =
      count == 0
      ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    return (count, bounds)
  }

  /// The mean absolute difference per channel (0–255) from `expected`, an RGB picture of any
  /// size stretched over this one (nearest pixel), as a terminal scales an image into cells.
  func meanDifference(from expected: [UInt8], width expectedWidth: Int, height expectedHeight: Int)
    -> Double
  {
    guard width > 0, height > 0, expectedWidth > 0, expectedHeight > 0 else { return 255 }
    var total = 0
    for y in 0..<height {
      let sy = min(expectedHeight - 1, y * expectedHeight / height)
      for x in 0..<width {
        let sx = min(expectedWidth - 1, x * expectedWidth / width)
        let at = (y * width + x) * 3
        let from = (sy * expectedWidth + sx) * 3
        for channel in 0..<3 {
          total += abs(Int(rgb[at + channel]) - Int(expected[from + channel]))
        }
      }
    }
    return Double(total) / Double(width * height * 3)
  }

  /// The picture as a PNG file.
  func png() -> Data? {
    ImageEncoding.png(pixels: rgb, width: width, height: height)
  }
}

/// A rectangle in pixels.
struct PixelRect: Equatable, Sendable, CustomStringConvertible {
  var x: Int
  var y: Int
  var width: Int
  var height: Int

  /// The part that lies inside a `width`×`height` picture.
  func clipped(width limitWidth: Int, height limitHeight: Int) -> PixelRect {
    let left = max(0, min(limitWidth, x))
    let top = max(0, min(limitHeight, y))
    let right = max(left, min(limitWidth, x + width))
    let bottom = max(top, min(limitHeight, y + height))
    return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
  }

  var description: String { "\(width)×\(height) at \(x),\(y)" }
}
