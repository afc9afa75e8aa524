/// Sizes the search screen is drawn with; the reducer uses them for page moves, the screens to draw.
public enum SearchLayout {
  /// Tiles per row in the results grid.
  public static let columns = 2
  /// Height of one tile in cells, including its border: artwork/badge, title, up to three facts.
  public static let tileHeight = 6
  /// Rows taken by everything that is not the grid: query box (3), status line (1), header (1).
  public static let chromeHeight = 5

  /// How many tile rows fit on a page in a terminal of `viewportRows` rows (at least 1).
  public static func tileRowsPerPage(viewportRows: Int) -> Int {
    max(1, (viewportRows - chromeHeight) / tileHeight)
  }

  /// How many list rows fit on a page of the favourites screen (one row per item; at least 1).
  public static func listRowsPerPage(viewportRows: Int) -> Int {
    max(1, viewportRows - chromeHeight)
  }
}
