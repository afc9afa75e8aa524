import Artwork
import Foundation
import ITunesReplay

/// The image decoders (`ImageDecoder`: TurboJPEG and libpng, chosen by the magic bytes) on the
/// fuzzer's bytes, at full size and scaled into a box of 1 to 64 pixels a side (the last byte
/// picks it), checking what they answer against each other and against the header.
func fuzzImages(_ bytes: [UInt8]) -> String? {
  let box = 1 + Int(bytes.last ?? 0) % 64
  let header: (format: ImageFormat, width: Int, height: Int)
  do {
    header = try ImageDecoder.header(bytes)
  } catch {
    // Bytes whose header does not read must not decode either.
    if let image = try? ImageDecoder.decode(bytes, maxSide: box) {
      return "no header, yet decoded as \(image.width)×\(image.height)"
    }
    return message(of: error)
  }
  // Decoding the full size of a very large (claimed) image only costs time; the scaled JPEG
  // path decodes at 1/8 and stays cheap.
  let pixels = header.width * header.height
  var full: DecodedImage?
  if pixels <= 2_000_000 {
    do {
      let image = try ImageDecoder.decode(bytes, maxSide: nil)
      guard image.width == header.width, image.height == header.height else {
        return "decoded \(image.width)×\(image.height), header \(header.width)×\(header.height)"
      }
      full = image
    } catch {
      if let problem = message(of: error) { return problem }
    }
  } else if header.format == .png {
    return nil
  }
  do {
    let scaled = try ImageDecoder.decode(bytes, maxSide: box)
    guard scaled.width <= box, scaled.height <= box, scaled.width > 0, scaled.height > 0 else {
      return "scaled into \(box): \(scaled.width)×\(scaled.height)"
    }
    let expected = ImageScaler.fitting(width: header.width, height: header.height, maxSide: box)
    guard scaled.width == expected.width, scaled.height == expected.height else {
      return "scaled to \(scaled.width)×\(scaled.height), expected \(expected)"
    }
    if let full, full.width <= box, full.height <= box, full != scaled {
      return "an image inside the box changed when scaled"
    }
  } catch {
    return message(of: error)
  }
  return nil
}

/// A decoder's error must say something; nil when it does.
private func message(of error: ArtworkError) -> String? {
  error.localizedDescription.isEmpty ? "an error without a message: \(error)" : nil
}

/// Seeds for the `images` target, written by the binary itself (`TUNES_FUZZ_SEEDS=DIR`), made
/// at run time by the replay server's encoders (nothing is copied from the shared fixtures):
/// small JPEGs and PNGs (RGB, RGBA, one pixel, long and thin), and each one cut short, with
/// damaged bytes in its middle, and with a header claiming an impossible size.
enum ImageSeeds {
  static func write(to folder: URL) throws {
    let directory = folder.appendingPathComponent("images", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var seeds: [(String, [UInt8])] = []
    let sizes = [(1, 1), (16, 16), (40, 30), (7, 90), (64, 64)]
    for (width, height) in sizes {
      let rgb = GeneratedArtwork.pixels(width: width, height: height, seed: UInt64(width * height))
      var rgba: [UInt8] = []
      rgba.reserveCapacity(width * height * 4)
      for index in 0..<(width * height) {
        rgba += rgb[index * 3..<index * 3 + 3]
        rgba.append(UInt8(truncatingIfNeeded: index * 7))
      }
      let name = "\(width)x\(height)"
      if let jpeg = ImageEncoding.jpeg(rgb: rgb, width: width, height: height, quality: 75) {
        seeds.append(("\(name).jpg", Array(jpeg)))
      }
      if let png = ImageEncoding.png(pixels: rgb, width: width, height: height) {
        seeds.append(("\(name).png", Array(png)))
      }
      if let png = ImageEncoding.png(pixels: rgba, width: width, height: height, alpha: true) {
        seeds.append(("\(name)-alpha.png", Array(png)))
      }
    }
    var variants: [(String, [UInt8])] = []
    for (name, bytes) in seeds where bytes.count > 40 {
      variants.append(("\(name)-cut", Array(bytes.prefix(bytes.count / 2))))
      variants.append(("\(name)-header", Array(bytes.prefix(40))))
      var damaged = bytes
      for index in stride(from: bytes.count / 3, to: bytes.count * 2 / 3, by: 5) {
        damaged[index] ^= 0x5A
      }
      variants.append(("\(name)-damaged", damaged))
      variants.append(("\(name)-huge", claimingHugeSize(bytes)))
    }
    for (name, bytes) in seeds + variants {
      try Data(bytes).write(to: directory.appendingPathComponent(name))
    }
  }

  /// The image with the dimensions in its header (PNG's IHDR, JPEG's SOF) set to 65,000.
  private static func claimingHugeSize(_ bytes: [UInt8]) -> [UInt8] {
    var bytes = bytes
    if bytes.count > 24, bytes[0] == 0x89 {
      // IHDR: width and height, big-endian, at 16 and 20 (the chunk's CRC goes stale too).
      for offset in [16, 20] {
        bytes[offset] = 0
        bytes[offset + 1] = 0
        bytes[offset + 2] = 0xFD
        bytes[offset + 3] = 0xE8
      }
      return bytes
    }
    // JPEG: the first SOF0 marker (FF C0), then length (2), precision (1), height, width.
    var index = 2
    while index + 8 < bytes.count {
      if bytes[index] == 0xFF, bytes[index + 1] == 0xC0 {
        for offset in [index + 5, index + 7] {
          bytes[offset] = 0xFD
          bytes[offset + 1] = 0xE8
        }
        break
      }
      index += 1
    }
    return bytes
  }
}
