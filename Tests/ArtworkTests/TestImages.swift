import Foundation
import ITunesReplay

/// Images made in the tests with the real encoders (TurboJPEG `tjCompress2`, libpng's
/// `png_image_write_to_memory`), and headers patched to claim other sizes.
enum TestImages {
  struct EncodingFailed: Error {}

  /// RGB pixels, `left` in the left half and `right` in the right half.
  static func halves(
    width: Int, height: Int, left: (UInt8, UInt8, UInt8), right: (UInt8, UInt8, UInt8)
  ) -> [UInt8] {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 3)
    for _ in 0..<height {
      for x in 0..<width {
        let colour = x < width / 2 ? left : right
        pixels += [colour.0, colour.1, colour.2]
      }
    }
    return pixels
  }

  static func solid(width: Int, height: Int, _ colour: (UInt8, UInt8, UInt8)) -> [UInt8] {
    halves(width: width, height: height, left: colour, right: colour)
  }

  static func jpeg(_ rgb: [UInt8], width: Int, height: Int, quality: Int = 95) throws -> [UInt8] {
    guard let data = ImageEncoding.jpeg(rgb: rgb, width: width, height: height, quality: quality)
    else { throw EncodingFailed() }
    return [UInt8](data)
  }

  static func png(_ pixels: [UInt8], width: Int, height: Int, alpha: Bool = false) throws
    -> [UInt8]
  {
    guard let data = ImageEncoding.png(pixels: pixels, width: width, height: height, alpha: alpha)
    else { throw EncodingFailed() }
    return [UInt8](data)
  }

  /// A real JPEG whose SOF0 header is rewritten to claim `width`×`height`.
  static func jpegClaiming(width: Int, height: Int) throws -> [UInt8] {
    var bytes = try jpeg(solid(width: 16, height: 16, (10, 20, 30)), width: 16, height: 16)
    guard
      let sof = (0..<(bytes.count - 1)).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
    else { throw EncodingFailed() }
    // FF C0, length (2), precision (1), height (2), width (2).
    bytes[sof + 5] = UInt8(height >> 8)
    bytes[sof + 6] = UInt8(height & 0xFF)
    bytes[sof + 7] = UInt8(width >> 8)
    bytes[sof + 8] = UInt8(width & 0xFF)
    return bytes
  }

  /// A real PNG whose IHDR is rewritten to claim `width`×`height`, with its CRC fixed.
  static func pngClaiming(width: Int, height: Int) throws -> [UInt8] {
    var bytes = try png(solid(width: 16, height: 16, (10, 20, 30)), width: 16, height: 16)
    // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4), …, CRC at 29.
    for (offset, value) in [(16, width), (20, height)] {
      for index in 0..<4 { bytes[offset + index] = UInt8((value >> (8 * (3 - index))) & 0xFF) }
    }
    let crc = crc32(bytes[12..<29])
    for index in 0..<4 { bytes[29 + index] = UInt8((crc >> (8 * (3 - UInt32(index)))) & 0xFF) }
    return bytes
  }

  /// CRC-32 as PNG chunks use it (ISO 3309, reflected, 0xEDB88320).
  static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
  }
}

/// Whether two colour channels are within `tolerance` (JPEG is lossy).
func near(_ actual: UInt8, _ expected: UInt8, _ tolerance: Int = 8) -> Bool {
  abs(Int(actual) - Int(expected)) <= tolerance
}
