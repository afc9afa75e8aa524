/// What happens to artwork: a fetch ended, or the screen could not draw a ready one.
public enum ArtworkAction: Equatable, Sendable {
  /// The artwork with this key is ready (`failure` nil) or could not be had.
  case loaded(key: String, failure: String?)
  /// A ready artwork's pixels were no longer in the caches when the screen came to draw it
  /// (evicted): it is fetched again, a few times at most.
  case pixelsMissing(key: String)
  /// A ready artwork could not be drawn in this terminal (the encoder gave nothing): its
  /// placeholder stays.
  case undrawable(key: String)
}
