import Foundation

/// How the response cache is used: normal, cache only (`--offline`) or bypassed (`--no-cache`).
public struct ResponseCachePolicy: Sendable {
  /// The cache mode.
  public enum Mode: Sendable, Equatable {
    /// Fresh hits skip the network; successes are stored; on network trouble a stored answer is
    /// served as stale.
    case normal
    /// Only the cache answers (`--offline`); a miss is `ClientError.offlineCacheMiss`.
    case offline
    /// The cache is neither read nor written (`--no-cache`).
    case disabled
  }

  /// The default freshness window, 24 hours.
  public static let defaultFreshness: TimeInterval = 24 * 60 * 60

  /// The mode.
  public var mode: Mode
  /// How long a stored answer counts as fresh, in seconds.
  public var freshFor: TimeInterval
  /// The wall clock used for `fetchedAt` and ages; injected for tests.
  public var now: @Sendable () -> Date

  /// Makes a policy.
  public init(
    mode: Mode = .normal, freshFor: TimeInterval = ResponseCachePolicy.defaultFreshness,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.mode = mode
    self.freshFor = freshFor
    self.now = now
  }

  /// Whether an answer fetched at `fetchedAt` is still fresh at `date`.
  ///
  /// An answer dated in the future (the clock moved back) is not fresh, so it is fetched again.
  public func isFresh(_ fetchedAt: Date, at date: Date) -> Bool {
    let age = date.timeIntervalSince(fetchedAt)
    return age >= 0 && age < freshFor
  }
}
