import Foundation

/// A request budget: `requests` per `period`, and how long to hold back after Apple throttles.
public struct RateLimit: Sendable, Equatable {
  /// Requests allowed per period (also the burst size).
  public var requests: Int
  /// The period the budget refills over.
  public var period: Duration
  /// How long no request is sent after a 403 or 429.
  public var coolDown: Duration

  /// Makes a budget; `requests` is at least 1.
  public init(requests: Int, period: Duration, coolDown: Duration = .seconds(60)) {
    self.requests = max(1, requests)
    self.period = period
    self.coolDown = coolDown
  }

  /// Apple's documented limit: about 20 requests a minute, and a minute's pause after throttling.
  public static let apple = RateLimit(requests: 20, period: .seconds(60))
}
