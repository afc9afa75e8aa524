import Foundation

/// Apple's artwork URLs end in a resize instruction such as `100x100bb.jpg`; rewriting it returns another
/// size.
public enum ArtworkURL {
  /// The URL with its last path segment's `WxH…` part replaced by `size`x`size`bb, keeping the extension.
  /// A URL without such a segment is returned unchanged.
  public static func resized(_ url: URL, size: Int) -> URL {
    let text = url.absoluteString
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
    let rebuilt = String(text[...slash]) + "\(size)x\(size)bb" + rest
    return URL(string: rebuilt) ?? url
  }
}

extension Character {
  var isASCIIDigit: Bool { isASCII && isNumber }
}
