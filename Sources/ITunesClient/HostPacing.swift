import AppArchitecture
import ITunesCatalog

/// One rate limiter per Apple host, so the chart feeds on `rss.applemarketingtools.com` do not
/// spend the Search API's 20 a minute on `itunes.apple.com`.
///
/// The host counted is the one the request belongs to, also when an API base sends every
/// request to one replay server. `itunes.apple.com` (search, lookup, legacy feeds, genres) uses
/// `RateLimiter.shared`.
public struct HostPacing: Sendable {
  /// The limiter for a host.
  public var limiter: @Sendable (_ host: FeedRequest.Host) -> RateLimiter

  /// Makes pacing from its lookup.
  public init(limiter: @escaping @Sendable (_ host: FeedRequest.Host) -> RateLimiter) {
    self.limiter = limiter
  }

  /// The process-wide pacing: `RateLimiter.shared` for `itunes.apple.com`,
  /// `RateLimiter.marketingTools` for the v2 feeds.
  public static let shared = HostPacing { host in
    switch host {
    case .itunes: return .shared
    case .marketingTools: return .marketingTools
    }
  }

  /// Pacing for tests: `itunes` for Apple's search host, `feeds` for the v2 feed host.
  public static func separate(itunes: RateLimiter, feeds: RateLimiter) -> HostPacing {
    HostPacing { host in host == .itunes ? itunes : feeds }
  }
}

extension RateLimiter {
  /// The limiter of the v2 chart feeds' host: Apple's budget again, counted on its own.
  public static let marketingTools = RateLimiter(limit: .paced, clock: .live)
}
