import AppArchitecture
import Foundation

/// Sends one HTTP GET and returns the whole answer, whatever its status.
///
/// A struct of closures: `.live(...)`, `.curl(...)` and `.urlSession(...)` (ITunesClientLive) are
/// the live values; an iOS app or a test builds one from a closure.
/// Statuses such as 403 or 503 are answers, not errors; the transport throws only `ClientError`
/// transport cases (cannot connect, timed out, truncated, too large, cancelled, …).
public struct HTTPTransport: Sendable {
  /// Performs the exchange.
  public var send: @Sendable (_ request: TransportRequest) async throws -> TransportResponse

  /// Makes a transport from its send operation.
  public init(
    send: @escaping @Sendable (_ request: TransportRequest) async throws -> TransportResponse
  ) {
    self.send = send
  }

  /// This transport with an overall deadline per exchange, timed by `clock`.
  ///
  /// The request races the clock's sleep in a task group; the loser is cancelled, so a request that
  /// runs out of time has its connection closed. Throws `ClientError.timedOut(seconds:)` at the
  /// deadline and `ClientError.cancelled` when the calling task is cancelled.
  public func withDeadline(seconds: Double, clock: AppClock) -> HTTPTransport {
    let base = self
    let limit = Duration.seconds(seconds)
    return HTTPTransport { request in
      try await withThrowingTaskGroup(of: TransportResponse.self) { group in
        group.addTask { try await base.send(request) }
        group.addTask {
          try await clock.sleep(limit)
          throw ClientError.timedOut(seconds: seconds)
        }
        defer { group.cancelAll() }
        do {
          guard let first = try await group.next() else { throw ClientError.cancelled }
          return first
        } catch is CancellationError {
          throw ClientError.cancelled
        }
      }
    }
  }
}

/// One GET: the full URL and the request headers.
public struct TransportRequest: Sendable, Equatable {
  /// The absolute URL.
  public var url: URL
  /// Header fields to send, e.g. `User-Agent`.
  public var headers: [String: String]

  /// Makes a request.
  public init(url: URL, headers: [String: String] = [:]) {
    self.url = url
    self.headers = headers
  }
}

/// A complete HTTP answer.
public struct TransportResponse: Sendable, Equatable {
  /// The HTTP status code.
  public var status: Int
  /// Header fields, names in lower case.
  public var headers: [String: String]
  /// The whole body.
  public var body: Data

  /// Makes a response; header names are stored in lower case.
  public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = Dictionary(
      headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
    self.body = body
  }
}
