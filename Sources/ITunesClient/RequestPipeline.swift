import AppArchitecture
import Foundation
import ITunesCatalog

/// One catalogue request from start to end: the shared `Exchange` loop (pace, send with a
/// deadline, retry 5xx) with `StatusMapping` reading the answers.
struct RequestPipeline: Sendable {
  let configuration: ClientConfiguration
  let transport: HTTPTransport
  let limiter: RateLimiter
  let pacing: PacingPolicy
  let clock: AppClock

  func fetch(_ request: CatalogRequest) async throws -> CatalogResponse {
    let exchange = Exchange(configuration: configuration, transport: transport, clock: clock)
    return try await exchange.run(
      request.url(relativeTo: configuration.baseURL), limiter: limiter, policy: pacing
    ) { response in
      switch StatusMapping.interpret(response) {
      case .page(let page):
        return .success(CatalogResponse(page: page, body: response.body, source: .network))
      case .retry(let status):
        return .retry(status: status)
      case .failure(let error):
        return .failure(error)
      }
    }
  }
}
