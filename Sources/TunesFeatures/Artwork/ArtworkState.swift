import ITunesCatalog
import Playback

/// One artwork a screen wants: Apple's URL as the item gives it, at a square pixel size.
public struct ArtworkNeed: Hashable, Sendable {
  /// The item's artwork URL (any size; Apple's `…/100x100bb.jpg`).
  public var url: String
  /// The square size wanted, in pixels (one of ``ArtworkState/sizes``).
  public var pixels: Int
  /// The URL at that size: the key in state, caches and image placements.
  public var key: String

  /// Creates a need, rewriting the URL to `pixels`.
  public init(url: String, pixels: Int) {
    self.url = url
    self.pixels = pixels
    self.key = ArtworkURL.resized(text: url, size: pixels)
  }
}

/// Where an artwork is.
public enum ArtworkStatus: Equatable, Sendable {
  /// Being fetched and decoded.
  case loading
  /// Decoded and cached: screens place it over its placeholder.
  case ready
  /// It could not be had (logged); the placeholder stays.
  case failed
}

/// The artwork of the screens: whether images are shown, the cell size they are sized for, and
/// each wanted artwork's status by its sized URL.
public struct ArtworkState: Equatable, Sendable {
  /// Whether artwork is fetched at all (`--images none` turns it off).
  public var enabled: Bool
  /// One cell's width in pixels.
  public var cellWidth: Int
  /// One cell's height in pixels.
  public var cellHeight: Int
  /// Each artwork asked for, by ``ArtworkNeed/key``: the one record of readiness (the image
  /// layer and the caches report to it, they keep none of their own).
  public var statuses: [String: ArtworkStatus] = [:]
  /// How often each artwork was fetched again after its pixels went missing.
  public var refetches: [String: Int] = [:]
  /// The most an artwork is fetched again after its pixels went missing; then it fails.
  public static let maximumRefetches = 3

  /// Creates the state.
  public init(
    enabled: Bool = false, cellWidth: Int = CellSize.assumedWidth,
    cellHeight: Int = CellSize.assumedHeight
  ) {
    self.enabled = enabled
    self.cellWidth = max(1, cellWidth)
    self.cellHeight = max(1, cellHeight)
  }

  /// The sizes asked of Apple: few, so one download serves tiles of nearby sizes.
  public static let sizes = [60, 100, 150, 200, 300, 400, 600]

  /// The artwork for `url` filling `columns`×`rows` cells: the smallest of ``sizes`` that
  /// covers the area's longer side in pixels (600 at most); `nil` when artwork is off or the
  /// item has none.
  public func need(url: String?, columns: Int, rows: Int) -> ArtworkNeed? {
    guard let url, !url.isEmpty, let pixels = pixels(columns: columns, rows: rows) else {
      return nil
    }
    return ArtworkNeed(url: url, pixels: pixels)
  }

  /// The size ``need(url:columns:rows:)`` asks for an area of `columns`×`rows` cells; `nil`
  /// when artwork is off or the area is empty.
  public func pixels(columns: Int, rows: Int) -> Int? {
    guard enabled, columns > 0, rows > 0 else { return nil }
    let side = max(columns * cellWidth, rows * cellHeight)
    return Self.sizes.first { $0 >= side } ?? Self.sizes[Self.sizes.count - 1]
  }

  /// The key to place over the placeholder when `need`'s artwork is ready.
  public func readyKey(_ need: ArtworkNeed?) -> String? {
    guard let need, statuses[need.key] == .ready else { return nil }
    return need.key
  }
}
