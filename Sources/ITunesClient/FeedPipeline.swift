import AppArchitecture
import Foundation
import ITunesCatalog

/// One feed or genre request from start to end: pace on its host's limiter, send with a
/// deadline, map the status, decode, retry 5xx. The same steps as `RequestPipeline`.
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
    guard let url = request.url(relativeTo: base) else {
      throw ClientError.invalidBaseURL(
        configuration.baseURL.absoluteString, reason: "no valid URL can be built from it")
    }
    let limiter = pacing.limiter(request.host)
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
      let response = try await send(outgoing)
      switch FeedStatusMapping.interpret(response, for: request) {
      case .document(let document):
        return FeedResponse(document: document, body: response.body, source: .network)
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
