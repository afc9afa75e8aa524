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
  package static func client(configuration: ClientConfiguration) -> ITunesClient {
    ITunesClient.live(
      configuration: configuration,
      limiter: RateLimiter(limit: RateLimit(requests: 10_000, period: .seconds(1)), clock: .live))
  }
}
