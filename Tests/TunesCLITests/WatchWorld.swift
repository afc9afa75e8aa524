import Foundation
import ITunesCatalog
import ITunesClient
import ITunesClientLive
import ITunesReplay
import TestSupport

@testable import TunesCLI

/// A replay server serving a ``ChangingCatalogue`` the test changes between runs, the requests
/// it saw, and a CLI harness with a live client pointed at it (its own generous limiter, so the
/// test is not paced) and real SQLite under a temporary HOME.
final class WatchWorld: @unchecked Sendable {
  let server: ReplayServer
  let cli: CLIHarness
  private let box: LogBox

  /// The catalogue being served; setting it serves the new state at once.
  var catalogue: ChangingCatalogue {
    didSet { try? server.serve(catalogue: catalogue.engine()) }
  }

  init(_ catalogue: ChangingCatalogue) throws {
    self.catalogue = catalogue
    let box = LogBox()
    server = try ReplayServer(directories: [], log: { entry in box.append(entry.target) })
    try server.start()
    server.serve(catalogue: try catalogue.engine())
    var configuration = try ClientConfiguration(
      baseURL: server.baseURL.absoluteString, timeoutSeconds: 10)
    configuration.retry = RetryPolicy(
      maxAttempts: 1, baseDelay: .milliseconds(10), maxDelay: .milliseconds(10))
    let limiter = RateLimiter(
      limit: RateLimit(requests: 10_000, period: .seconds(60)), clock: .live)
    cli = try CLIHarness(client: ITunesClient.live(configuration: configuration, limiter: limiter))
    self.box = box
  }

  deinit { server.stop() }

  /// Every request target the server has read, in order.
  var targets: [String] { box.targets }

  /// The `country` of each lookup the server has read (`us` when none was named).
  var lookupCountries: [String] {
    targets.filter { $0.hasPrefix("/lookup") }.map { target in
      ReplayRequestKey(target: target).parameters.first { $0.name == "country" }?.value ?? "us"
    }
  }

  /// Lines of NDJSON output as objects.
  static func objects(_ text: String) throws -> [JSONValue] {
    try text.split(separator: "\n").map { try JSONParser.parse(Array($0.utf8)) }
  }

  /// Collects log entries from the server's threads.
  final class LogBox: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    func append(_ target: String) { lock.withLock { entries.append(target) } }
    var targets: [String] { lock.withLock { entries } }
  }
}
