import Foundation

/// Apple's artwork URLs end in a resize instruction such as `100x100bb.jpg`; rewriting it returns another
/// size.
public enum ArtworkURL {
  /// The URL with its last path segment's `WxH…` part replaced by `size`x`size`bb, keeping the extension.
  /// A URL without such a segment is returned unchanged.
  public static func resized(_ url: URL, size: Int) -> URL {
    let text = url.absoluteString
    let rebuilt = resized(text: text, size: size)
    return rebuilt == text ? url : URL(string: rebuilt) ?? url
  }

  /// `resized(_:size:)` on the URL's text, without parsing it (screens call it per tile and
  /// frame). Text without a `WxH` segment is returned unchanged.
  public static func resized(text: String, size: Int) -> String {
    var text = text
    if let rebuilt = text.withUTF8({ resizedASCII($0, size: size) }) {
      return rebuilt ?? text
    }
    let url = text
    guard let slash = text.lastIndex(of: "/") else { return url }
    let segment = text[text.index(after: slash)...]
    guard let xIndex = segment.firstIndex(of: "x"),
      !segment[..<xIndex].isEmpty, segment[..<xIndex].allSatisfy(\.isASCIIDigit)
    else { return url }
    let afterX = segment[segment.index(after: xIndex)...]
    let heightDigits = afterX.prefix(while: \.isASCIIDigit)
    guard !heightDigits.isEmpty else { return url }
    var rest = afterX[heightDigits.endIndex...]
    // Drop the crop/quality suffix (`bb`, `-999`, `bb-92`) up to the extension.
    if let dot = rest.firstIndex(of: ".") { rest = rest[dot...] } else { rest = "" }
    return String(text[...slash]) + "\(size)x\(size)bb" + rest
  }

  /// `resized(text:size:)` on ASCII text, a byte a character: `nil` when a byte is not ASCII,
  /// `.some(nil)` when the text has no `WxH` segment.
  private static func resizedASCII(_ bytes: UnsafeBufferPointer<UInt8>, size: Int) -> String?? {
    for byte in bytes where byte >= 0x80 { return nil }
    func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return .some(nil) }
    var index = slash + 1
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    guard index > slash + 1, index < bytes.count, bytes[index] == UInt8(ascii: "x") else {
      return .some(nil)
    }
    index += 1
    let heightStart = index
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    guard index > heightStart else { return .some(nil) }
    // Drop the crop/quality suffix (`bb`, `-999`, `bb-92`) up to the extension.
    let rest = bytes[index...].firstIndex(of: UInt8(ascii: ".")) ?? bytes.count
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 8)
    out.append(contentsOf: bytes[...slash])
    out.append(contentsOf: "\(size)x\(size)bb".utf8)
    out.append(contentsOf: bytes[rest...])
    return .some(String(decoding: out, as: UTF8.self))
  }
}

extension Character {
  var isASCIIDigit: Bool { isASCII && isNumber }
}
