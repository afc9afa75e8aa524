/// The sizes the search and favourites screens are drawn with: the one owner of these
/// numbers. The reducers page and keep selections visible with them; the screens draw with them.
public enum SearchLayout {
  /// Lines one tile takes: artwork/kind, title, author, facts, a spare line.
  public static let tileLines = 5
  /// Blank lines between two rows of tiles.
  public static let tileGap = 1
  /// Lines from one row of tiles to the next.
  public static var tileStep: Int { tileLines + tileGap }
  /// Columns between two tiles of a row.
  public static let columnGap = 2
  /// Tiles per row for a terminal `viewportColumns` wide: one below 60 columns, three from
  /// 160, else two (the design).
  public static func columns(viewportColumns: Int) -> Int {
    if viewportColumns < 60 { return 1 }
    if viewportColumns >= 160 { return 3 }
    return 2
  }
}
