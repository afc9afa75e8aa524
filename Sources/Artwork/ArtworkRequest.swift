import Foundation
import ITunesCatalog

/// One image wanted: Apple's artwork URL as the item gives it (any size) and the square size in
/// pixels the caller will draw it at.
package struct ArtworkRequest: Hashable, Sendable {
  /// The artwork URL as the item carries it, e.g. `…/100x100bb.jpg`.
  package var url: String
  /// The side of the square wanted, in pixels.
  package var pixels: Int

  /// Makes a request.
  package init(url: String, pixels: Int) {
    self.url = url
    self.pixels = pixels
  }

  /// The URL asked for: Apple's `…/100x100bb.jpg` rewritten to `…/{pixels}x{pixels}bb.jpg`
  /// (`ArtworkURL.resized`); a URL without a size segment stays as it is. Also the cache key.
  /// Text only, no URL parsing: the UI thread computes it per tile while drawing.
  package var sizedURL: String {
    ArtworkURL.resized(text: url, size: pixels)
  }

  /// The memory cache's and the shared downloads' key: the sized URL, and the pixels too, so a
  /// URL with no size segment asked for at two sizes is decoded at each. (The disk cache, which
  /// holds the downloaded bytes, is keyed by `sizedURL` alone.)
  var memoryKey: String { "\(pixels) \(sizedURL)" }
}
