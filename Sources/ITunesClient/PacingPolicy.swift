import AppArchitecture
import Foundation

/// How patiently one client waits for the rate limiter, and who hears about it.
///
/// The command line waits up to `--wait SECONDS` (60 by default) and says so on stderr; the app
/// does not wait at all and shows a countdown instead (`ClientError.rateLimitWait`).
public struct PacingPolicy: Sendable {
  /// The longest a request may wait for a token in all; `nil` waits as long as it takes.
  public var maxWait: Duration?
  /// Told each time a request starts to wait, with how long.
  public var onWait: @Sendable (Duration) -> Void
  /// Told why, when the budget shared by every tunes on the machine cannot be used (a runtime
  /// folder another user owns, a pacing file that is a link, FIFO or folder): the limiter then
  /// paces this process alone.
  public var onSharingLost: @Sendable (String) -> Void

  /// Makes a policy.
  public init(
    maxWait: Duration?, onWait: @escaping @Sendable (Duration) -> Void = { _ in },
    onSharingLost: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.maxWait = maxWait
    self.onWait = onWait
    self.onSharingLost = onSharingLost
  }

  /// Waits as long as it takes, silently (the library's default).
  public static let patient = PacingPolicy(maxWait: nil)

  /// Never waits: a request that would have to fails with `ClientError.rateLimitWait`.
  public static let immediate = PacingPolicy(maxWait: .zero)

  /// Whole seconds, rounded up, for messages ("waiting 3 s").
  public static func seconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) + (attoseconds > 0 ? 1 : 0)
  }
}

extension AppClock {
  /// The wall clock as time since the Unix epoch, sleeping on `ContinuousClock`: the time base
  /// that processes sharing a pacing file agree on. Its `now` may jump when the system time is
  /// set; `RateLimiter` caps what it reads to what a budget can hold, so a jump costs at most
  /// one cool-down.
  public static let wall: AppClock = {
    let clock = ContinuousClock()
    return AppClock(
      now: {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return .seconds(Int64(spec.tv_sec)) + .nanoseconds(Int64(spec.tv_nsec))
      },
      sleep: { duration in
        guard duration > .zero else { return try Task.checkCancellation() }
        try await clock.sleep(for: duration)
      })
  }()
}
