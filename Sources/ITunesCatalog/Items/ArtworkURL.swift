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
}

extension Character {
  var isASCIIDigit: Bool { isASCII && isNumber }
}
