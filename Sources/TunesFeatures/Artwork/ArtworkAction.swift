/// What happens to artwork: a fetch ended.
public enum ArtworkAction: Equatable, Sendable {
  /// The artwork with this key is ready (`failure` nil) or could not be had.
  case loaded(key: String, failure: String?)
}
