import TerminalUI

/// What a mouse click can land on.
package enum HitTarget: Sendable, Hashable {
  /// The query box.
  case queryBox
  /// A suggestion under the query box, by index.
  case suggestion(Int)
  /// A result tile, by index into the results.
  case tile(Int)
  /// A row of the favourites list, by index.
  case favorite(Int)
  /// One of the author's works on a detail screen, by index.
  case work(Int)
  /// A track or episode row on a page (index into its tracks).
  case track(Int)
  /// A field of the filters panel.
  case filtersField(Int)
  /// A tile of a home row: the row's index and the tile's index in it.
  case homeTile(row: Int, index: Int)
  /// A medium in the home screen's genres row, by index into `GenreMedium.all`.
  case homeGenre(Int)
  /// A row of a list on the genres screen (a medium, the charts row, a subgenre), by index.
  case genreRow(Int)
  /// A tile of a genre's chart row: the row's index and the tile's index in it.
  case genreTile(row: Int, index: Int)
  /// A change listed in the home screen's Changes row, by index.
  case change(Int)
  /// The header's "♪ tunes": home.
  case logo
}
