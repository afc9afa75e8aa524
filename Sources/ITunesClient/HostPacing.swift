import AppArchitecture
import ITunesCatalog

/// One rate limiter per Apple host, so the chart feeds on `rss.applemarketingtools.com` do not
/// spend the Search API's 20 a minute on `itunes.apple.com`.
///
/// The host counted is the one the request belongs to, also when an API base sends every
/// request to one replay server. `itunes.apple.com` (search, lookup, legacy feeds, genres) uses
/// `RateLimiter.shared` (`HostPacing.shared`; both in ITunesClientLive).
public struct HostPacing: Sendable {
  /// The limiter for a host.
  public var limiter: @Sendable (_ host: FeedRequest.Host) -> RateLimiter

  /// Makes pacing from its lookup.
  public init(limiter: @escaping @Sendable (_ host: FeedRequest.Host) -> RateLimiter) {
    self.limiter = limiter
  }

  /// Pacing for tests: `itunes` for Apple's search host, `feeds` for the v2 feed host.
  public static func separate(itunes: RateLimiter, feeds: RateLimiter) -> HostPacing {
    HostPacing { host in host == .itunes ? itunes : feeds }
  }
}
