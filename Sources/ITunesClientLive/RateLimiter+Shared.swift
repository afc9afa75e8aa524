import AppArchitecture
import ITunesCatalog
import ITunesClient

extension RateLimiter {
  /// The limiter every live client in the process shares by default: 20 requests a minute,
  /// live clock, this process's memory.
  public static let shared = RateLimiter(limit: .paced, clock: .live)

  /// The limiter of the v2 chart feeds' host: Apple's budget again, counted on its own.
  public static let marketingTools = RateLimiter(limit: .paced, clock: .live)
}

extension HostPacing {
  /// The process-wide pacing: `RateLimiter.shared` for `itunes.apple.com`,
  /// `RateLimiter.marketingTools` for the v2 feeds.
  public static let shared = HostPacing { host in
    switch host {
    case .itunes: return .shared
    case .marketingTools: return .marketingTools
    }
  }
}
