/// A screen pushed above the search screen (which is always the root).
public enum Route: Equatable, Sendable {
  /// An item's detail.
  case detail(DetailState)
  /// The favourites list.
  case favorites(FavoritesState)
  /// The genres screen: media, a medium's genre tree, a genre's charts.
  case genres(GenresState)
}
