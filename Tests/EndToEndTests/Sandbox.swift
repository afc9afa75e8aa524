import Foundation
import ITunesReplay
import TestSupport

/// One test's world: a temporary HOME with its own XDG data, cache and config directories, a
/// replay server on a free loopback port serving the shared recordings, and a runner for the real
/// `tunes` binary whose environment points at both (`TUNES_API_BASE`, `XDG_*_HOME`).
///
/// ```swift
/// let sandbox = try Sandbox()
/// defer { sandbox.close() }
/// let result = try await sandbox.tunes("search", "jack johnson", "--limit", "25")
/// ```
final class Sandbox: Sendable {
  /// Everything the test writes lives below this directory.
  let directory: TemporaryDirectory
  /// The replay server `TUNES_API_BASE` points at.
  let server: ReplayServer
  /// `HOME` (created).
  let home: URL
  /// `XDG_DATA_HOME` (not created: tunes creates `tunes/` inside it).
  let dataHome: URL
  /// `XDG_CACHE_HOME` (not created).
  let cacheHome: URL
  /// `XDG_CONFIG_HOME` (not created).
  let configHome: URL
  /// Runs the tunes binary with this sandbox's environment.
  let runner: ProcessRunner

  /// Makes the directories, starts the server and finds the binary.
  ///
  /// - Parameters:
  ///   - dataHome: a `XDG_DATA_HOME` other than `<sandbox>/data` (e.g. on a tiny tmpfs).
  ///   - environment: extra variables for every run.
  init(dataHome: URL? = nil, environment extra: [String: String] = [:]) throws {
    let binary = try TunesBinary.located.get()
    directory = try TemporaryDirectory(prefix: "tunes-e2e")
    home = try directory.subdirectory("home")
    self.dataHome = dataHome ?? directory.appending("data")
    cacheHome = directory.appending("cache")
    configHome = directory.appending("config")
    do {
      server = try ReplayServer(directories: [Fixtures.sharedITunes], log: ReplayServer.silentLog)
      try server.start()
    } catch {
      directory.remove()
      throw error
    }
    let environment: [String: String] = [
      "HOME": home.path,
      "XDG_DATA_HOME": self.dataHome.path,
      "XDG_CACHE_HOME": cacheHome.path,
      "XDG_CONFIG_HOME": configHome.path,
      "TUNES_API_BASE": server.baseURL.absoluteString,
      "PATH": "/usr/local/bin:/usr/bin:/bin",
      "LANG": "C.UTF-8",
      "TMPDIR": directory.path,
      "SWIFT_BACKTRACE": "enable=no",
    ]
    runner = ProcessRunner(
      executable: binary, environment: environment.merging(extra) { _, new in new },
      timeout: .seconds(60))
  }

  /// `$XDG_DATA_HOME/tunes/tunes.sqlite`.
  var databaseFile: URL { dataHome.appendingPathComponent("tunes/tunes.sqlite") }

  /// `$XDG_CACHE_HOME/tunes/responses.sqlite`.
  var responseCacheFile: URL { cacheHome.appendingPathComponent("tunes/responses.sqlite") }

  /// Runs `tunes ARGUMENTS…` to completion.
  func tunes(
    _ arguments: String..., stdin: Data? = nil, environment: [String: String] = [:]
  ) async throws -> ProcessRunner.Result {
    try await run(arguments, stdin: stdin, environment: environment)
  }

  /// Runs `tunes` with `arguments` to completion, when the shared `ProcessGate` has a slot.
  func run(
    _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]
  ) async throws -> ProcessRunner.Result {
    let runner = runner
    return try await ProcessGate.shared.withSlot {
      try await runner.run(arguments, stdin: stdin, environment: environment)
    }
  }

  /// Starts `tunes ARGUMENTS…` and returns at once.
  func start(_ arguments: String..., environment: [String: String] = [:]) throws
    -> ProcessRunner.Running
  {
    try runner.start(arguments, environment: environment)
  }

  /// The number of favourites, counted from `tunes favorites list --format ndjson` (which must
  /// succeed: a failure is thrown with the run's summary).
  func favoritesCount() async throws -> Int {
    let result = try await tunes("favorites", "list", "--format", "ndjson")
    guard result.exited(0) else { throw Failure("favorites list failed: \(result)") }
    return result.stdout.split(separator: "\n").count
  }

  /// Writes `data` to a file in the sandbox and returns its path.
  func write(_ data: Data, to name: String) throws -> String {
    let url = directory.appending(name)
    try data.write(to: url)
    return url.path
  }

  /// Stops the server and deletes every file.
  func close() {
    server.stop()
    directory.remove()
  }

  /// A test failure with a message.
  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}
