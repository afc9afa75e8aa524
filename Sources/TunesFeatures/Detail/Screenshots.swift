import ITunesCatalog

/// The screenshots an app's page shows in its strip: one device's list, the iPhone one first
/// (a Mac app's `screenshotUrls` are its Mac screenshots), else the iPad's, else Apple TV's.
public struct Screenshots: Equatable, Sendable {
  /// The device the screenshots are of, as the block names it (`iPhone`, `iPad`, `Mac`,
  /// `Apple TV`).
  public var device: String
  /// The screenshots' URL texts, as Apple gives them.
  public var urls: [String]
  /// Width over height of one screenshot: from the URL's `392x696bb.jpg` segment, else the
  /// device's usual shape (phones are portrait).
  public var aspect: Double

  /// The strip of `item`, `nil` when it is not an app or Apple sent no screenshot URLs.
  public init?(_ item: CatalogItem) {
    guard let app = item.app else { return nil }
    let isMac = item.kind == .macSoftware
    let lists: [(String, [String], Double)] = [
      (isMac ? "Mac" : "iPhone", app.screenshotURLs, isMac ? 16.0 / 10.0 : 392.0 / 696.0),
      ("iPad", app.iPadScreenshotURLs, 3.0 / 4.0),
      ("Apple TV", app.appleTVScreenshotURLs, 16.0 / 9.0),
    ]
    guard let (device, urls, fallback) = lists.first(where: { !$0.1.isEmpty }) else {
      return nil
    }
    self.device = device
    self.urls = urls
    self.aspect = urls.first.flatMap(Self.aspect(ofURL:)) ?? fallback
  }

  /// Width over height named by a URL's last segment (`…/392x696bb.jpg`), `nil` when it names
  /// no size or a square one (Apple's old `screen1136x1136.jpeg` says nothing of the shape).
  static func aspect(ofURL text: String) -> Double? {
    guard let segment = text.split(separator: "/").last else { return nil }
    func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }
    let width = segment.prefix(while: isDigit)
    let rest = segment.dropFirst(width.count)
    guard rest.first == "x" else { return nil }
    let height = rest.dropFirst().prefix(while: isDigit)
    guard let w = Int(width), let h = Int(height), w > 0, h > 0, w != h else { return nil }
    return Double(w) / Double(h)
  }

  /// The first screenshot of the page after (`forward`) or before the one starting at `start`,
  /// `shown` at a time: pages never run past the last screenshot, nor before the first.
  public func page(from start: Int, shown: Int, forward: Bool) -> Int {
    let step = max(1, shown)
    let last = max(0, urls.count - step)
    let target = forward ? start + step : start - step
    return max(0, min(last, target))
  }
}
