import CPNG
import CTurboJPEG
import Foundation

/// JPEG and PNG encoders over TurboJPEG (`tjCompress2`) and libpng's simplified API
/// (`png_image_write_to_memory`): the replay server's generated artwork, and images made in tests
/// and benchmarks.
package enum ImageEncoding {
  /// `rgb` (`width`×`height`, three bytes a pixel, no padding) as a baseline JPEG with 4:2:0
  /// chroma; nil if TurboJPEG refuses (bad sizes).
  package static func jpeg(rgb: [UInt8], width: Int, height: Int, quality: Int = 90) -> Data? {
    guard width > 0, height > 0, rgb.count == width * height * 3,
      let handle = tjInitCompress()
    else { return nil }
    defer { tjDestroy(handle) }
    var output: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let code = rgb.withUnsafeBufferPointer { source in
      tjCompress2(
        handle, source.baseAddress, Int32(width), Int32(width * 3), Int32(height),
        Int32(TJPF_RGB.rawValue), &output, &size, Int32(TJSAMP_420.rawValue),
        Int32(max(1, min(100, quality))), 0)
    }
    defer { if let output { tjFree(output) } }
    guard code == 0, let output else { return nil }
    return Data(bytes: output, count: Int(size))
  }

  /// `pixels` (`width`×`height`, RGBA when `alpha`, else RGB; no padding) as a PNG; nil if libpng
  /// refuses.
  package static func png(pixels: [UInt8], width: Int, height: Int, alpha: Bool = false) -> Data? {
    let channels = alpha ? 4 : 3
    guard width > 0, height > 0, pixels.count == width * height * channels else { return nil }
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(width)
    image.height = UInt32(height)
    image.format = UInt32(alpha ? PNG_FORMAT_RGB | PNG_FORMAT_FLAG_ALPHA : PNG_FORMAT_RGB)
    defer { png_image_free(&image) }
    let stride = Int32(width * channels)
    var size: png_alloc_size_t = 0
    // First call: how many bytes the file takes.
    let measured = pixels.withUnsafeBytes { source in
      png_image_write_to_memory(&image, nil, &size, 0, source.baseAddress, stride, nil)
    }
    guard measured != 0, size > 0 else { return nil }
    var output = [UInt8](repeating: 0, count: Int(size))
    let written = pixels.withUnsafeBytes { source in
      output.withUnsafeMutableBytes { destination in
        png_image_write_to_memory(
          &image, destination.baseAddress, &size, 0, source.baseAddress, stride, nil)
      }
    }
    guard written != 0 else { return nil }
    return Data(output.prefix(Int(size)))
  }
}
