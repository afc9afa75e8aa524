/// What happened to the home screen's Changes row.
public enum WatchAction: Equatable, Sendable {
  /// The row should be read (at start, after a check).
  case loadRequested
  /// The stored changes were read.
  case loaded(Result<WatchDigest, FeatureError>)
  /// `C`: check the watched items now.
  case checkRequested
  /// The check ended.
  case checked(Result<WatchCheckReport, FeatureError>)
  /// What the row asks of the app.
  case delegate(Delegate)

  /// What the row asks of the app (the parent handles these).
  public enum Delegate: Equatable, Sendable {
    /// Show this notice.
    case notice(String)
  }

  /// Whether the action comes from the person.
  public var isInput: Bool {
    if case .checkRequested = self { return true }
    return false
  }
}
