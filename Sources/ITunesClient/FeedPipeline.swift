import AppArchitecture
import Foundation
import ITunesCatalog

/// One feed or genre request from start to end: the shared `Exchange` loop (pace on its host's
/// limiter, send with a deadline, retry 5xx) with `FeedStatusMapping` reading the answers.
struct FeedPipeline: Sendable {
  let configuration: ClientConfiguration
  let transport: HTTPTransport
  let pacing: HostPacing
  /// How long a request may wait for its host's limiter.
  var policy: PacingPolicy = .patient
  let clock: AppClock

  /// The base every request goes to: `nil` (each request's own Apple host) unless an API base
  /// other than Apple's default was configured.
  var base: URL? {
    configuration.baseURL.absoluteString == ClientConfiguration.defaultBaseURLString
      ? nil : configuration.baseURL
  }

  func fetch(_ request: FeedRequest) async throws -> FeedResponse {
    let exchange = Exchange(configuration: configuration, transport: transport, clock: clock)
    return try await exchange.run(
      request.url(relativeTo: base), limiter: pacing.limiter(request.host), policy: policy
    ) { response in
      switch FeedStatusMapping.interpret(response, for: request) {
      case .document(let document):
        return .success(FeedResponse(document: document, body: response.body, source: .network))
      case .retry(let status):
        return .retry(status: status)
      case .failure(let error):
        return .failure(error)
      }
    }
  }
}

/// `StatusMapping` for feed answers: the same table, decoding with the request's decoder.
enum FeedStatusMapping {
  enum Outcome: Sendable, Equatable {
    case document(FeedDocument)
    case retry(status: Int)
    case failure(ClientError)
  }

  static func interpret(_ response: TransportResponse, for request: FeedRequest) -> Outcome {
    switch response.status {
    case 200:
      do {
        return .document(try request.decode(response.body))
      } catch {
        if case .apple(let message) = error { return .failure(.invalidRequest(message: message)) }
        return .failure(.decoding(error))
      }
    case 400:
      if let message = StatusMapping.serverMessage(in: response.body) {
        return .failure(.invalidRequest(message: message))
      }
      return .failure(.unexpectedStatus(400))
    case 403, 429:
      return .failure(.rateLimited(status: response.status))
    case 404:
      return .failure(.notFound(message: StatusMapping.serverMessage(in: response.body)))
    case 500...599:
      return .retry(status: response.status)
    default:
      return .failure(.unexpectedStatus(response.status))
    }
  }
}
