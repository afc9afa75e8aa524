import Foundation
import ITunesReplay
import Synchronization
import TestSupport

@testable import Artwork

/// A replay server on loopback, its request log with end times, a temporary directory, and
/// pipelines over the live libcurl fetch pointed at them.
final class ArtworkHarness: Sendable {
  struct Logged: Sendable {
    let entry: ReplayLogEntry
    let end: ContinuousClock.Instant
    var start: ContinuousClock.Instant { end - entry.duration }
  }

  let server: ReplayServer
  let directory: TemporaryDirectory
  private final class Recorder: Sendable {
    let entries = Mutex<[Logged]>([])
  }

  private let recorder: Recorder

  init() throws {
    let recorder = Recorder()
    self.recorder = recorder
    server = try ReplayServer(log: { entry in
      let now = ContinuousClock.now
      recorder.entries.withLock { $0.append(Logged(entry: entry, end: now)) }
    })
    directory = try TemporaryDirectory(prefix: "artwork")
    try server.start()
  }

  func stop() {
    server.stop()
    directory.remove()
  }

  /// Apple's shape of artwork path for item `name` at `size` pixels.
  static func path(_ name: String, size: Int = 100, ext: String = "jpg") -> String {
    "/image/thumb/Music/v4/\(name)/source/\(size)x\(size)bb.\(ext)"
  }

  /// The absolute URL of `path` on the server.
  func url(_ path: String) -> String {
    server.baseURL.absoluteString + path
  }

  func request(_ name: String, pixels: Int = 100, ext: String = "jpg") -> ArtworkRequest {
    ArtworkRequest(url: url(Self.path(name, ext: ext)), pixels: pixels)
  }

  /// A pipeline with a disk cache in `disk` (nil: none) and the live libcurl fetch, whose own
  /// timeout is long so that the pipeline's timeout is the one tested. With a `gate`, a download
  /// whose path the gate holds waits (holding its slot) until the test opens it, then goes to the
  /// server: the order of events is the test's, not the machine's load's.
  func pipeline(
    memoryBytes: Int = 32 * 1_048_576, disk: String? = "cache", diskBytes: Int = 256 * 1_048_576,
    maxConcurrentDownloads: Int = 6, timeout: Duration = .seconds(20), gate: Gate? = nil
  ) -> ArtworkPipeline {
    let configuration = ArtworkPipeline.Configuration(
      memoryBytes: memoryBytes, diskDirectory: disk.map { directory.appending($0) },
      diskBytes: diskBytes, maxConcurrentDownloads: maxConcurrentDownloads, timeout: timeout)
    let live = ArtworkPipeline.httpFetch(timeout: .seconds(60), maxBodyBytes: 8 * 1_048_576)
    return ArtworkPipeline(configuration: configuration) { url in
      await gate?.pass(url.path)
      return try await live(url)
    }
  }

  /// Holds downloads whose path contains a held word until `open` is called.
  final class Gate: Sendable {
    private struct State {
      var held: Set<String>
      var waiting: [(path: String, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state: Mutex<State>

    init(holding words: Set<String>) {
      state = Mutex(State(held: words))
    }

    /// Returns at once unless `path` contains a held word; then when that word is opened.
    func pass(_ path: String) async {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let wait = state.withLock { state -> Bool in
          guard state.held.contains(where: { path.contains($0) }) else { return false }
          state.waiting.append((path, continuation))
          return true
        }
        if !wait { continuation.resume() }
      }
    }

    /// Downloads waiting at the gate now.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Lets `word`'s downloads through, those waiting and those to come.
    func open(_ word: String) {
      let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
        state.held.remove(word)
        let (go, stay) = (
          state.waiting.filter { !state.held.contains(where: $0.path.contains) },
          state.waiting.filter { state.held.contains(where: $0.path.contains) }
        )
        state.waiting = stay
        return go.map(\.continuation)
      }
      for continuation in released { continuation.resume() }
    }
  }

  /// Every request the server handled, in the order their answers ended.
  var log: [Logged] { recorder.entries.withLock { $0 } }

  /// The most requests the server was answering at the same moment.
  var peakConcurrentRequests: Int {
    var events: [(time: ContinuousClock.Instant, change: Int)] = []
    for logged in log {
      events.append((logged.start, 1))
      events.append((logged.end, -1))
    }
    // At the same instant an end counts before a start.
    events.sort { left, right in
      left.time == right.time ? left.change < right.change : left.time < right.time
    }
    var current = 0
    var peak = 0
    for event in events {
      current += event.change
      peak = max(peak, current)
    }
    return peak
  }
}

extension ArtworkPipeline {
  /// `image(for:)` as a `Result`, for tests that check the error.
  func result(for request: ArtworkRequest) async -> Result<DecodedImage, ArtworkError> {
    do {
      return .success(try await image(for: request))
    } catch {
      return .failure(error)
    }
  }
}
