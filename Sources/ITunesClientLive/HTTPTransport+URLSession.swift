import Foundation
import ITunesClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPTransport {
  /// The live transport over `URLSession`.
  ///
  /// An ephemeral session (no cookies, no URL cache) with `httpMaximumConnectionsPerHost` 16 and an
  /// idle timeout of `timeoutSeconds` rounded up to whole seconds (Linux truncates it; at least 1 s).
  /// The body streams through a delegate and the exchange stops as soon as `Content-Length` or the
  /// received bytes pass `maxBodyBytes`. Cancelling the calling task cancels the URLSession task,
  /// which closes the connection. Pair it with `withDeadline(seconds:clock:)` for an overall
  /// deadline, which URLSession on Linux does not enforce.
  public static func urlSession(
    userAgent: String = ITunesClient.userAgent,
    timeoutSeconds: Double = ClientConfiguration.defaultTimeoutSeconds,
    maxBodyBytes: Int = ClientConfiguration.defaultMaxBodyBytes,
    maxConnectionsPerHost: Int = 16
  ) -> HTTPTransport {
    let idle = max(1, timeoutSeconds.rounded(.up))
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = idle
    configuration.httpMaximumConnectionsPerHost = maxConnectionsPerHost
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpAdditionalHeaders = ["User-Agent": userAgent]
    let owner = SessionOwner(
      configuration: configuration, limit: maxBodyBytes, timeoutSeconds: timeoutSeconds)
    return HTTPTransport { request in try await owner.get(request, idle: idle) }
  }
}

/// Owns one session and its delegate; invalidates the session when the transport goes away.
private final class SessionOwner: Sendable {
  let session: URLSession
  let delegate: StreamingDelegate
  let limit: Int
  let timeoutSeconds: Double

  init(configuration: URLSessionConfiguration, limit: Int, timeoutSeconds: Double) {
    let delegate = StreamingDelegate()
    self.delegate = delegate
    self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    self.limit = limit
    self.timeoutSeconds = timeoutSeconds
  }

  deinit {
    session.invalidateAndCancel()
  }

  func get(_ request: TransportRequest, idle: Double) async throws -> TransportResponse {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = "GET"
    urlRequest.timeoutInterval = idle
    urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    let task = session.dataTask(with: urlRequest)
    let exchange = BodyExchange(
      limit: limit, timeoutSeconds: timeoutSeconds, host: request.url.host ?? "the server")
    delegate.register(exchange, for: task.taskIdentifier)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        if exchange.start(continuation) {
          task.resume()
        } else {
          delegate.unregister(task.taskIdentifier)
          task.cancel()
        }
      }
    } onCancel: {
      exchange.markCancelled()
      task.cancel()
    }
  }
}

/// Routes session callbacks to the exchange of each task.
private final class StreamingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private let lock = NSLock()
  private var exchanges: [Int: BodyExchange] = [:]

  func register(_ exchange: BodyExchange, for id: Int) {
    lock.withLock { exchanges[id] = exchange }
  }

  @discardableResult
  func unregister(_ id: Int) -> BodyExchange? {
    lock.withLock { exchanges.removeValue(forKey: id) }
  }

  private func exchange(_ id: Int) -> BodyExchange? {
    lock.withLock { exchanges[id] }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let accepted = exchange(dataTask.taskIdentifier)?.receive(response) ?? true
    completionHandler(accepted ? .allow : .cancel)
    if !accepted { dataTask.cancel() }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let accepted = exchange(dataTask.taskIdentifier)?.append(data) ?? true
    if !accepted { dataTask.cancel() }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    unregister(task.taskIdentifier)?.finish(error: error, response: task.response)
  }
}
