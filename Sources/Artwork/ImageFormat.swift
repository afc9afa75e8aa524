/// The image formats tunes decodes, recognised by their first bytes (never by the URL's extension:
/// a `.jpg` URL may answer a PNG).
package enum ImageFormat: Sendable {
  case jpeg
  case png

  /// JPEG: `FF D8 FF`; PNG: the eight-byte signature `89 'PNG' 0D 0A 1A 0A`.
  package static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
    if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
    if bytes.count >= 8, bytes[0..<8].elementsEqual(pngSignature) { return .png }
    return nil
  }

  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// What a body that is not a JPEG or a PNG looks like, for `ArtworkError.notAnImage`:
  /// "an empty body", "an HTML page", "a JSON document", "a GIF image", "text", …
  package static func describeNonImage(_ bytes: [UInt8]) -> String {
    if bytes.isEmpty { return "an empty body" }
    let head = Array(bytes.prefix(512))
    if head.starts(with: Array("GIF8".utf8)) { return "a GIF image; only JPEG and PNG are shown" }
    if head.count >= 12, head.starts(with: Array("RIFF".utf8)),
      head[8..<12].elementsEqual(Array("WEBP".utf8))
    {
      return "a WebP image; only JPEG and PNG are shown"
    }
    if head.starts(with: [0xFF, 0xD8]) { return "a cut-off JPEG header" }
    if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "a cut-off PNG signature" }
    var text = head
    if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
    let trimmed = text.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    let lower = String(decoding: trimmed.prefix(64), as: UTF8.self).lowercased()
    if lower.hasPrefix("<!doctype html") || lower.hasPrefix("<html") || lower.hasPrefix("<head")
      || lower.hasPrefix("<body")
    {
      return "an HTML page"
    }
    if lower.hasPrefix("<?xml") || lower.hasPrefix("<") { return "an XML or HTML document" }
    if lower.hasPrefix("{") || lower.hasPrefix("[") { return "a JSON document" }
    let printable = text.allSatisfy { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 >= 0x20 }
    if printable, String(validating: text, as: UTF8.self) != nil || text.count == 512 {
      return "text"
    }
    let shown = head.prefix(4).map { byte in
      let hex = String(byte, radix: 16, uppercase: true)
      return byte < 16 ? "0" + hex : hex
    }
    return "unknown data starting \(shown.joined(separator: " "))"
  }
}
