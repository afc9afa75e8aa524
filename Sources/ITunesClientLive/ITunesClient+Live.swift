import AppArchitecture
import ITunesClient

extension ITunesClient {
  /// The live client: `transport` (libcurl or URLSession) with the configuration's deadline, status
  /// handling, 5xx retries with back-off, and pacing through `limiter` (the process-wide one).
  ///
  /// - Parameters:
  ///   - configuration: base URL, timeout, retry policy, body cap.
  ///   - transport: the HTTP transport; `nil` builds the configuration's live transport (libcurl
  ///     on Linux, URLSession elsewhere or with `TUNES_HTTP_TRANSPORT=urlsession`).
  ///   - limiter: the sliding-window limiter; `RateLimiter.shared` unless a test passes its own.
  ///   - pacing: how long a request may wait for the limiter (by default as long as it takes).
  ///   - clock: times the deadline and back-off.
  ///   - feedPacing: the limiters of feed requests, one per Apple host (`HostPacing.shared`,
  ///     whose `itunes.apple.com` limiter is `RateLimiter.shared`).
  public static func live(
    configuration: ClientConfiguration = .standard, transport: HTTPTransport? = nil,
    limiter: RateLimiter = .shared, pacing: PacingPolicy = .patient, clock: AppClock = .live,
    feedPacing: HostPacing? = nil
  ) -> ITunesClient {
    let base =
      transport
      ?? .live(
        configuration.transport, timeoutSeconds: configuration.timeoutSeconds,
        maxBodyBytes: configuration.maxBodyBytes)
    return .pipeline(
      transport: base, configuration: configuration, limiter: limiter, pacing: pacing,
      clock: clock,
      feedPacing: feedPacing
        ?? (limiter === RateLimiter.shared ? .shared : .separate(itunes: limiter, feeds: limiter)))
  }
}
