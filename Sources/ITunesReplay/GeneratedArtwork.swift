import Foundation

/// The replay server's artwork: any GET whose last path segment is Apple's resize instruction
/// (`100x100bb.jpg`, `600x600bb.png`, `300x300bb-80.jpg`, `1200x630cc.jpg`) is answered with a
/// generated image of exactly that size, in the format the extension names.
///
/// The picture is a two-colour gradient with a ring and stripes, seeded by a hash of the path
/// without its last segment: every size of one item looks the same, different items differ, and
/// no image is one flat colour. Nothing is random between runs.
package enum GeneratedArtwork {
  /// The largest width or height served; larger asks get a 400 (Apple's own largest is 3000).
  package static let maximumSide = 3000

  /// What an artwork path asks for.
  package struct Spec: Equatable, Sendable {
    /// The file format, from the extension.
    package enum Format: Sendable { case jpeg, png }
    package var width: Int
    package var height: Int
    package var format: Format
  }

  /// The size and format the path's last segment asks for, or nil when it is not artwork-shaped.
  package static func spec(forPath path: String) -> Spec? {
    guard let segment = path.split(separator: "/").last else { return nil }
    let lower = segment.lowercased()
    let format: Spec.Format
    let stem: Substring
    if lower.hasSuffix(".jpg") {
      (format, stem) = (.jpeg, lower.dropLast(4))
    } else if lower.hasSuffix(".jpeg") {
      (format, stem) = (.jpeg, lower.dropLast(5))
    } else if lower.hasSuffix(".png") {
      (format, stem) = (.png, lower.dropLast(4))
    } else {
      return nil
    }
    let widthDigits = stem.prefix(while: \.isASCIIDigit)
    var rest = stem.dropFirst(widthDigits.count)
    guard !widthDigits.isEmpty, widthDigits.count <= 6, rest.first == "x" else { return nil }
    rest = rest.dropFirst()
    let heightDigits = rest.prefix(while: \.isASCIIDigit)
    guard !heightDigits.isEmpty, heightDigits.count <= 6 else { return nil }
    rest = rest.dropFirst(heightDigits.count)
    // Crop letters (`bb`, `cc`, `sr`), then an optional `-NN` quality.
    rest = rest.drop { $0.isASCII && $0.isLetter }
    if rest.first == "-" {
      let quality = rest.dropFirst()
      guard !quality.isEmpty, quality.allSatisfy(\.isASCIIDigit) else { return nil }
      rest = ""
    }
    guard rest.isEmpty, let width = Int(widthDigits), let height = Int(heightDigits) else {
      return nil
    }
    return Spec(width: width, height: height, format: format)
  }

  /// The answer for an artwork-shaped path: the image, or a 400 naming the size limit.
  static func response(path: String, spec: Spec) -> ReplayResponse {
    guard (1...maximumSide).contains(spec.width), (1...maximumSide).contains(spec.height) else {
      return ReplayResponse(
        status: 400,
        body: HTTPWire.errorBody(
          "replay: artwork of \(spec.width)x\(spec.height) pixels asked for; "
            + "each side must be 1 to \(maximumSide)"),
        headers: ["Content-Type": "application/json"])
    }
    let rgb = pixels(width: spec.width, height: spec.height, seed: seed(forPath: path))
    let encoded: Data?
    let type: String
    switch spec.format {
    case .jpeg:
      encoded = ImageEncoding.jpeg(rgb: rgb, width: spec.width, height: spec.height)
      type = "image/jpeg"
    case .png:
      encoded = ImageEncoding.png(pixels: rgb, width: spec.width, height: spec.height)
      type = "image/png"
    }
    guard let encoded else {
      return ReplayResponse(
        status: 500, body: HTTPWire.errorBody("replay: could not encode the artwork"),
        headers: ["Content-Type": "application/json"])
    }
    return ReplayResponse(
      status: 200, body: encoded,
      headers: ["Content-Type": type, "Cache-Control": "max-age=31536000"])
  }

  /// The seed for a path: FNV-1a of everything before its last segment.
  package static func seed(forPath path: String) -> UInt64 {
    let directory = path.lastIndex(of: "/").map { path[..<$0] } ?? Substring(path)
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in directory.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  /// The picture for `seed` at `width`×`height`, as RGB (three bytes a pixel, no padding).
  package static func pixels(width: Int, height: Int, seed: UInt64) -> [UInt8] {
    var random = seed
    func next() -> Double {
      // SplitMix64: a fixed sequence for a seed.
      random = random &+ 0x9E37_79B9_7F4A_7C15
      var z = random
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      z ^= z >> 31
      return Double(z >> 11) / Double(1 << 53)
    }
    let hue = next()
    let first = rgb(hue: hue, saturation: 0.55 + 0.35 * next(), value: 0.85)
    let second = rgb(hue: hue + 0.25 + 0.5 * next(), saturation: 0.8, value: 0.35 + 0.2 * next())
    let ring = rgb(hue: hue + 0.5, saturation: 0.25, value: 0.97)
    let angle = next() * 2 * Double.pi
    let (dx, dy) = (cos(angle), sin(angle))
    let centre = (x: 0.3 + 0.4 * next(), y: 0.3 + 0.4 * next())
    let radius = 0.18 + 0.14 * next()
    let stripes = 5 + Int(next() * 6)
    var out = [UInt8](repeating: 0, count: width * height * 3)
    let scale = Double(max(width, height))
    out.withUnsafeMutableBufferPointer { buffer in
      for y in 0..<height {
        let v = (Double(y) + 0.5) / scale
        for x in 0..<width {
          let u = (Double(x) + 0.5) / scale
          // Gradient along the angle, from 0 at one corner to 1 at the other.
          let t = min(1, max(0, ((u - 0.5) * dx + (v - 0.5) * dy) / 1.42 + 0.5))
          var colour = (
            first.0 + (second.0 - first.0) * t, first.1 + (second.1 - first.1) * t,
            first.2 + (second.2 - first.2) * t
          )
          if Int(((u + v) * Double(stripes)).rounded(.down)) % 2 == 0 {
            colour = (colour.0 * 0.88, colour.1 * 0.88, colour.2 * 0.88)
          }
          let distance = ((u - centre.x) * (u - centre.x) + (v - centre.y) * (v - centre.y))
            .squareRoot()
          if abs(distance - radius) < 0.045 {
            colour = ring
          } else if distance < radius * 0.45 {
            colour = (second.0 * 0.6, second.1 * 0.6, second.2 * 0.6)
          }
          let offset = (y * width + x) * 3
          buffer[offset] = UInt8(max(0, min(255, colour.0 * 255)))
          buffer[offset + 1] = UInt8(max(0, min(255, colour.1 * 255)))
          buffer[offset + 2] = UInt8(max(0, min(255, colour.2 * 255)))
        }
      }
    }
    return out
  }

  private static func rgb(
    hue: Double, saturation: Double, value: Double
  ) -> (Double, Double, Double) {
    let h = (hue - hue.rounded(.down)) * 6
    let sector = Int(h) % 6
    let f = h - Double(Int(h))
    let p = value * (1 - saturation)
    let q = value * (1 - saturation * f)
    let t = value * (1 - saturation * (1 - f))
    switch sector {
    case 0: return (value, t, p)
    case 1: return (q, value, p)
    case 2: return (p, value, t)
    case 3: return (p, q, value)
    case 4: return (t, p, value)
    default: return (value, p, q)
    }
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
