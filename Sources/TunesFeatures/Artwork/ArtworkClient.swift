import Playback

/// Fetches and decodes artwork (the live value is the `Artwork` pipeline, wired in TunesLive):
/// the decoded image stays in that pipeline's cache, where the terminal layer reads it.
public struct ArtworkClient: Sendable {
  /// Whether images are shown at all, and the cell size they are sized for.
  public var enabled: Bool
  /// One cell's width in pixels.
  public var cellWidth: Int
  /// One cell's height in pixels.
  public var cellHeight: Int
  /// Fetches, decodes and caches one artwork; `nil` when it is ready, else why not.
  public var load: @Sendable (ArtworkNeed) async -> String?

  /// Creates a client.
  public init(
    enabled: Bool, cellWidth: Int, cellHeight: Int,
    load: @escaping @Sendable (ArtworkNeed) async -> String?
  ) {
    self.enabled = enabled
    self.cellWidth = cellWidth
    self.cellHeight = cellHeight
    self.load = load
  }

  /// No artwork: the placeholders stay (tests, `--images none`, no terminal).
  public static let disabled = ArtworkClient(
    enabled: false, cellWidth: CellSize.assumedWidth, cellHeight: CellSize.assumedHeight
  ) {
    _ in "artwork is off"
  }
}
