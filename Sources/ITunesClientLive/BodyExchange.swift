import Foundation
import ITunesClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The state of one URLSession exchange: the received head and body, and the waiting caller.
///
/// Callbacks arrive on the session's queue and cancellation on any thread, so every field is
/// guarded by a lock; the continuation is resumed exactly once.
final class BodyExchange: @unchecked Sendable {
  private let lock = NSLock()
  private let limit: Int
  private let timeoutSeconds: Double
  private let host: String
  private var continuation: CheckedContinuation<TransportResponse, Error>?
  private var response: HTTPURLResponse?
  private var body = Data()
  private var tooLarge = false
  private var cancelled = false
  private var finished = false

  init(limit: Int, timeoutSeconds: Double, host: String) {
    self.limit = limit
    self.timeoutSeconds = timeoutSeconds
    self.host = host
  }

  /// Stores the continuation; returns false (and resumes it with `.cancelled`) if already cancelled.
  func start(_ continuation: CheckedContinuation<TransportResponse, Error>) -> Bool {
    lock.lock()
    if cancelled || finished {
      finished = true
      lock.unlock()
      continuation.resume(throwing: ClientError.cancelled)
      return false
    }
    self.continuation = continuation
    lock.unlock()
    return true
  }

  /// Notes that the caller's task was cancelled.
  func markCancelled() {
    lock.withLock { cancelled = true }
  }

  /// Takes the response head; returns false when its `Content-Length` is over the limit.
  func receive(_ head: URLResponse) -> Bool {
    lock.withLock {
      response = head as? HTTPURLResponse
      if head.expectedContentLength > Int64(limit) { tooLarge = true }
      if head.expectedContentLength > 0, !tooLarge {
        body.reserveCapacity(Int(head.expectedContentLength))
      }
      return !tooLarge
    }
  }

  /// Appends body bytes; returns false once the body is over the limit (the task should stop).
  func append(_ data: Data) -> Bool {
    lock.withLock {
      if tooLarge { return false }
      if body.count + data.count > limit {
        tooLarge = true
        body = Data()
        return false
      }
      body.append(data)
      return true
    }
  }

  /// Ends the exchange with the task's outcome and resumes the caller.
  func finish(error: Error?, response taskResponse: URLResponse?) {
    lock.lock()
    guard !finished, let continuation else {
      finished = true
      lock.unlock()
      return
    }
    finished = true
    self.continuation = nil
    let head = response ?? (taskResponse as? HTTPURLResponse)
    let result = outcome(error: error, head: head)
    lock.unlock()
    continuation.resume(with: result)
  }

  private func outcome(error: Error?, head: HTTPURLResponse?) -> Result<TransportResponse, Error> {
    if tooLarge { return .failure(ClientError.tooLarge(limit: limit)) }
    if cancelled { return .failure(ClientError.cancelled) }
    if let error {
      return .failure(map(error, head: head))
    }
    guard let head else { return .failure(ClientError.transport("the answer had no HTTP status")) }
    var headers: [String: String] = [:]
    for (name, value) in head.allHeaderFields {
      if let name = name as? String { headers[name] = "\(value)" }
    }
    return .success(TransportResponse(status: head.statusCode, headers: headers, body: body))
  }

  private func map(_ error: Error, head: HTTPURLResponse?) -> ClientError {
    if let clientError = error as? ClientError { return clientError }
    guard let urlError = error as? URLError else {
      if error is CancellationError { return .cancelled }
      return .transport(error.localizedDescription)
    }
    switch urlError.code {
    case .cancelled:
      return .cancelled
    case .timedOut:
      return .timedOut(seconds: timeoutSeconds)
    case .cannotConnectToHost:
      return .cannotConnect(host: host)
    case .cannotFindHost, .dnsLookupFailed:
      return .hostNotFound(host: host)
    case .notConnectedToInternet:
      return .offline
    case .networkConnectionLost, .unknown:
      // Linux reports a body cut short as URLError(.unknown) "transfer closed with … remaining";
      // before any head arrived the same code means something else (a TLS failure, say).
      guard head == nil else { return .truncated(receivedBytes: body.count) }
      return .transport(urlError.localizedDescription)
    default:
      return .transport(urlError.localizedDescription)
    }
  }
}
