import Foundation

/// Apple's rate limit as the replay server enforces it, so tests and benchmarks can prove that
/// tunes keeps it: of the API requests (everything but `/files/` and `/media/`), at most
/// `requests` are answered in any `period`; the rest get Apple's throttling answer, 403 with an
/// empty body.
package struct ReplayRateLimit: Sendable, Equatable {
  /// Requests answered in any window of `period`.
  package var requests: Int
  /// The window.
  package var period: Duration

  /// Makes a limit.
  package init(requests: Int, period: Duration = .seconds(60)) {
    self.requests = max(1, requests)
    self.period = period
  }

  /// Apple's: about 20 a minute.
  package static let apple = ReplayRateLimit(requests: 20)
}

/// The sliding window behind `ReplayServer.enforce(_:)`: when the answered API requests were sent.
struct RequestWindow: Sendable {
  var limit: ReplayRateLimit?
  private var answered: [ContinuousClock.Instant] = []

  /// Whether a request to `path` at `now` is over the limit (and so is refused); an answered one
  /// is counted.
  mutating func refuses(path: String, at now: ContinuousClock.Instant) -> Bool {
    guard let limit,
      !path.hasPrefix(RouteTable.filesPrefix), !path.hasPrefix(RouteTable.mediaPrefix)
    else { return false }
    answered.removeAll { now - $0 >= limit.period }
    guard answered.count < limit.requests else { return true }
    answered.append(now)
    return false
  }
}

extension ReplayServer {
  /// Enforces `limit` from now on (`nil` stops enforcing it); refused requests are logged with
  /// the fault `status=403`.
  package func enforce(_ limit: ReplayRateLimit?) {
    locked {
      requestWindow = RequestWindow()
      requestWindow.limit = limit
    }
  }

  /// The throttling fault for a request over the limit, if it is.
  func rateLimitFault(path: String) -> ReplayFault? {
    let now = ContinuousClock.now
    return locked { requestWindow.refuses(path: path, at: now) } ? .status(403) : nil
  }
}
