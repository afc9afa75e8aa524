/// What the screen measured when it was drawn: how much of each scrolling area is visible and
/// how far the detail document reaches. The screens report it (as `layoutMeasured`) whenever it
/// changes; the reducers page, clamp and keep selections visible with it.
public struct ScreenMetrics: Equatable, Sendable {
  /// Lines of the results area the grid is drawn in.
  public var resultsLines: Int
  /// Rows of the favourites list shown at once.
  public var favoritesRows: Int
  /// Lines of the detail document shown at once (a page).
  public var detailViewport: Int
  /// The detail document's whole height in lines.
  public var detailContent: Int
  /// The document lines of the author's works row, when there is one (all rows on an artist
  /// page).
  public var detailWorks: Range<Int>?
  /// The document lines of each of the author's works, by index (an artist page has several
  /// rows of them; focusing one scrolls its row into view).
  public var detailWorkLines: [Range<Int>] = []
  /// The document lines of each track or episode row on a page (index: the track's).
  public var detailTrackLines: [Range<Int>] = []
  /// How many screenshots an app's strip shows at once (a page of `[` `]`; 0: no strip).
  public var detailScreenshotsShown: Int = 0
  /// How far the help overlay can scroll (0 when it fits).
  public var helpMaximumScroll: Int = 0
  /// The artwork the screen shows or will show next, in the order to fetch it: the visible
  /// tiles first, then the next screenful.
  public var artwork: [ArtworkNeed] = []
  /// How many of `artwork` are on screen now (they come first).
  public var visibleArtwork = 0

  /// Makes measurements; the defaults fit an 80×24 terminal.
  public init(
    resultsLines: Int = 18, favoritesRows: Int = 18, detailViewport: Int = 20,
    detailContent: Int = 0, detailWorks: Range<Int>? = nil
  ) {
    self.resultsLines = resultsLines
    self.favoritesRows = favoritesRows
    self.detailViewport = detailViewport
    self.detailContent = detailContent
    self.detailWorks = detailWorks
  }

  /// How far the detail document can scroll (0 when it fits).
  public var detailMaximumScroll: Int { max(0, detailContent - max(0, detailViewport)) }
}
