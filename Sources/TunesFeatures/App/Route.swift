/// A screen pushed above the search screen (which is always the root).
public enum Route: Equatable, Sendable {
  /// An item's detail.
  case detail(DetailState)
  /// The favourites list.
  case favorites(FavoritesState)
}
