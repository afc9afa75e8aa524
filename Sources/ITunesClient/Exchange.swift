import AppArchitecture
import Foundation

/// The one exchange loop every request goes through (`RequestPipeline`), catalogue and feeds
/// alike: pace on a limiter, send with the tunes User-Agent, map transport
/// errors to `ClientError`, let the caller read the answer, tell the limiter about throttling,
/// and retry 5xx answers after the configured back-off on the clock.
struct Exchange: Sendable {
  /// What the caller made of one answer.
  enum Verdict<Value> {
    /// The answer, decoded.
    case success(Value)
    /// A server error worth another attempt (5xx).
    case retry(status: Int)
    /// A final error; `.rateLimited` also holds the limiter back for its cool-down.
    case failure(ClientError)
  }

  let configuration: ClientConfiguration
  /// The transport, with its deadline already applied.
  let transport: HTTPTransport
  let clock: AppClock

  /// Sends GET `url` until `interpret` has an answer or an error, or the attempts run out.
  ///
  /// - Parameters:
  ///   - url: the request's URL; nil when none could be built from the configured base
  ///     (`ClientError.invalidBaseURL`).
  ///   - limiter: the budget the request is paced on.
  ///   - policy: how long the request may wait for the limiter (longer: `.rateLimitWait` at
  ///     once, nothing sent).
  ///   - interpret: the status table and decoder for this kind of request.
  /// - Throws: `ClientError`: the verdict's failure, `.serverError` after the last attempt,
  ///   `.rateLimitWait`, `.transport`, `.cancelled`, `.invalidBaseURL`.
  func run<Value>(
    _ url: URL?, limiter: RateLimiter, policy: PacingPolicy,
    interpret: (TransportResponse) -> Verdict<Value>
  ) async throws -> Value {
    guard let url else {
      throw ClientError.invalidBaseURL(
        configuration.baseURL.absoluteString, reason: "no valid URL can be built from it")
    }
    let outgoing = TransportRequest(url: url, headers: ["User-Agent": ITunesClient.userAgent])
    var attempt = 1
    while true {
      do {
        try await limiter.acquire(maxWait: policy.maxWait, onWait: policy.onWait)
      } catch let tooLong as RateLimiter.WaitTooLong {
        throw ClientError.rateLimitWait(seconds: PacingPolicy.seconds(tooLong.wait))
      } catch {
        throw ClientError.cancelled
      }
      switch interpret(try await send(outgoing)) {
      case .success(let value):
        return value
      case .failure(let error):
        if case .rateLimited = error { await limiter.throttled() }
        throw error
      case .retry(let status):
        guard attempt < configuration.retry.maxAttempts else {
          throw ClientError.serverError(status: status, attempts: attempt)
        }
        do {
          try await clock.sleep(configuration.retry.delay(afterAttempt: attempt))
        } catch {
          throw ClientError.cancelled
        }
        attempt += 1
      }
    }
  }

  /// One exchange; anything the transport throws that is not a `ClientError` becomes one.
  private func send(_ request: TransportRequest) async throws -> TransportResponse {
    do {
      return try await transport.send(request)
    } catch let error as ClientError {
      throw error
    } catch is CancellationError {
      throw ClientError.cancelled
    } catch {
      throw ClientError.transport(error.localizedDescription)
    }
  }
}
