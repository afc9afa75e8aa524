import AppArchitecture
import Foundation
import ITunesCatalog

/// One request from start to end: pace, send with a deadline, map the status, retry 5xx.
struct RequestPipeline: Sendable {
  let configuration: ClientConfiguration
  let transport: HTTPTransport
  let limiter: RateLimiter
  let pacing: PacingPolicy
  let clock: AppClock

  func fetch(_ request: CatalogRequest) async throws -> CatalogResponse {
    guard let url = request.url(relativeTo: configuration.baseURL) else {
      throw ClientError.invalidBaseURL(
        configuration.baseURL.absoluteString, reason: "no valid URL can be built from it")
    }
    let outgoing = TransportRequest(url: url, headers: ["User-Agent": ITunesClient.userAgent])
    let attempts = configuration.retry.maxAttempts
    var attempt = 1
    while true {
      do {
        try await limiter.acquire(maxWait: pacing.maxWait, onWait: pacing.onWait)
      } catch let tooLong as RateLimiter.WaitTooLong {
        throw ClientError.rateLimitWait(seconds: PacingPolicy.seconds(tooLong.wait))
      } catch {
        throw ClientError.cancelled
      }
      let response = try await send(outgoing)
      switch StatusMapping.interpret(response) {
      case .page(let page):
        return CatalogResponse(page: page, body: response.body, source: .network)
      case .failure(let error):
        if case .rateLimited = error { await limiter.throttled() }
        throw error
      case .retry(let status):
        guard attempt < attempts else {
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
