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

  /// The budget tunes paces itself on: Apple's 20, counted over 61 s. A request is counted when
  /// tunes sends it and by Apple when it arrives; the time between differs from request to
  /// request (a process starting, a connection opening), so a window of exactly 60 s let the 21st
  /// arrive a few milliseconds inside Apple's minute and be refused. One second of margin costs
  /// a script about 2 % of its rate.
  public static let paced = RateLimit(requests: 20, period: .seconds(61))
}
