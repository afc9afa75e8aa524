import Foundation
import ITunesClient
import ITunesClientLive
import ITunesReplay
import Synchronization

/// The built-in demo catalogue served in this process on a loopback port (`tunes --demo`, and
/// `d` in the app when Apple cannot be reached): one server per process, started on first use.
package enum DemoServer {
  private static let server = Mutex<ReplayServer?>(nil)

  /// The base URL of the running demo server, starting it the first time.
  /// - Throws: `ReplayError.socket` when no loopback port can be bound.
  package static func start() throws -> URL {
    try server.withLock { running in
      if let running { return running.baseURL }
      let started = try ReplayServer(directories: [], log: ReplayServer.silentLog)
      try started.start()
      started.serve(catalogue: DemoCatalogue.make(base: started.baseURL))
      running = started
      return started.baseURL
    }
  }

  /// The client configuration for the demo server, with the timeout and transport of `other`.
  package static func configuration(like other: ClientConfiguration) throws -> ClientConfiguration {
    try ClientConfiguration(
      baseURL: try start().absoluteString, timeoutSeconds: other.timeoutSeconds,
      transport: other.transport)
  }

  /// A client of the demo server: no response cache and no pacing (it is not Apple).
  ///
  /// Its API requests (search, lookup, charts, genres) are answered by the server in this
  /// process without a socket: going through libcurl to talk to itself loaded libcurl's tree of
  /// shared objects, a fifth of `tunes --demo search`. Media (artwork, previews) still come over
  /// loopback, from the URLs in the answers; a URL not on the demo server goes out live.
  package static func client(configuration: ClientConfiguration) -> ITunesClient {
    let live = HTTPTransport.live(
      configuration.transport, timeoutSeconds: configuration.timeoutSeconds,
      maxBodyBytes: configuration.maxBodyBytes)
    return ITunesClient.live(
      configuration: configuration, transport: inProcess(otherwise: live),
      limiter: RateLimiter(limit: RateLimit(requests: 10_000, period: .seconds(1)), clock: .live))
  }

  /// Answers requests to the running demo server in this process (on a thread of its own, so a
  /// first answer that makes a storefront or the charts does not hold up the caller's executor);
  /// anything else goes to `otherwise`.
  static func inProcess(otherwise: HTTPTransport) -> HTTPTransport {
    HTTPTransport { request in
      guard let running = server.withLock({ $0 }), let target = target(request.url, on: running)
      else { return try await otherwise.send(request) }
      let response = await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
          continuation.resume(
            returning: running.answerInProcess(target: target, headers: request.headers))
        }
      }
      return TransportResponse(
        status: response.status, headers: response.headers, body: response.body)
    }
  }

  /// The path and query of `url` when it is on `server` (same scheme, host and port).
  static func target(_ url: URL, on server: ReplayServer) -> String? {
    let base = server.baseURL
    guard url.scheme == base.scheme, url.host == base.host, url.port == base.port,
      let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else { return nil }
    let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
    return components.percentEncodedQuery.map { path + "?" + $0 } ?? path
  }
}
