import Foundation

/// A loopback HTTP/1.1 server that replays recorded iTunes API answers, with fault injection.
///
/// ```swift
/// let server = try ReplayServer(directory: Fixtures.sharedITunes, log: ReplayServer.silentLog)
/// try server.start()
/// defer { server.stop() }
/// let url = server.baseURL.appendingPathComponent("search")
/// ```
///
/// Requests match recordings through `ReplayRequestKey`, so parameter order, the spelling of
/// `term` and default parameters do not matter. `GET /files/NAME` serves `files/NAME` below a
/// recordings directory, with `Range` support; `GET /media/PATH.m4a` (`.m4v`, `.mp4`) serves previews from the
/// same folders (`files/PATH`, else the file named by PATH's last component), for
/// `TUNES_MEDIA_BASE=<baseURL>/media`. Any GET whose last path segment is Apple's artwork resize
/// instruction (`…/600x600bb.jpg`, `.png`) gets a generated image of that size
/// (`GeneratedArtwork`), unless an answer is registered for it. Every method is safe to call from
/// any thread.
package final class ReplayServer: @unchecked Sendable {
  /// Receives one entry per handled request.
  package typealias LogSink = @Sendable (ReplayLogEntry) -> Void

  /// Prints each entry's `line` to standard error (the default sink).
  package static let standardErrorLog: LogSink = { entry in
    FileHandle.standardError.write(Data((entry.line + "\n").utf8))
  }

  /// Discards every entry.
  package static let silentLog: LogSink = { _ in }

  enum Phase { case idle, running, stopped }

  /// Guards every `var` below; stop() broadcasts on it to wake delays and hangs.
  let condition = NSCondition()
  let log: LogSink
  private let requestedPort: UInt16
  var phase = Phase.idle
  var routes = RouteTable()
  /// Answers searches and lookups no recording matches (see `serve(catalogue:)`).
  var catalogue: CatalogEngine?
  var faults = FaultSchedule()
  var requestWindow = RequestWindow()
  private var boundPort: UInt16 = 0
  private var listenerFD: Int32 = -1
  private var wakePipe: (read: Int32, write: Int32) = (-1, -1)
  var openConnections: Set<Int32> = []
  /// How long a connection may stay silent (no request, nothing read) before it is closed, in
  /// seconds; set before `start()`.
  package var idleTimeout: Double {
    get { locked { idleSeconds } }
    set { locked { idleSeconds = max(0.01, newValue) } }
  }
  var idleSeconds = 30.0
  /// The most connections served at once; more wait in the listen backlog until one closes.
  package var maxConnections: Int {
    get { locked { connectionLimit } }
    set { locked { connectionLimit = max(1, newValue) } }
  }
  var connectionLimit = 128
  var liveThreads = 0
  private var totalRequests = 0
  private var requestsByKey: [ReplayRequestKey: Int] = [:]

  /// Creates a server for one recordings directory (holding `index.tsv`).
  ///
  /// - Parameters:
  ///   - directory: a folder with `index.tsv`, the response files, and optionally `files/`.
  ///   - port: the port to bind on 127.0.0.1; 0 picks a free one.
  ///   - log: where each handled request is reported.
  /// - Throws: `ReplayError.indexMissing`, `.indexMalformed` or `.recordingMissing`.
  package convenience init(
    directory: URL, port: UInt16 = 0, log: @escaping LogSink = ReplayServer.standardErrorLog
  ) throws {
    try self.init(directories: [directory], port: port, log: log)
  }

  /// Creates a server for several recordings directories (or none, to register routes in code).
  ///
  /// When two directories record the same request, the later one wins.
  package init(
    directories: [URL] = [], port: UInt16 = 0,
    log: @escaping LogSink = ReplayServer.standardErrorLog
  ) throws {
    self.requestedPort = port
    self.log = log
    for directory in directories {
      try routes.load(directory: directory)
    }
  }

  /// Adds another recordings directory; its rows replace earlier answers to the same request.
  package func load(directory: URL) throws {
    let entries = try RecordingIndex.load(directory: directory)
    locked { routes.add(entries, from: directory) }
  }

  /// Adds (or replaces) an answer in code, e.g. `register(request: "/search?term=x", body: data)`.
  ///
  /// The answer gets `Content-Type: text/javascript; charset=utf-8` unless `headers` says otherwise.
  /// - Throws: `ReplayError.invalidRequest` when `request` does not start with `/`, and
  ///   `ReplayError.invalidStatus` for a status outside 100...599.
  package func register(
    request: String, status: Int = 200, body: Data, headers: [String: String] = [:]
  ) throws {
    guard request.hasPrefix("/") else { throw ReplayError.invalidRequest(request) }
    guard (100...599).contains(status) else { throw ReplayError.invalidStatus(status) }
    let response = ReplayResponse(status: status, body: body, headers: headers)
    locked { routes.add(request: request, response: response) }
  }

  /// The canonical form the server matches `target` by, e.g. `/search?term=jack+johnson`.
  package static func canonicalRequest(_ target: String) -> String {
    ReplayRequestKey(target: target).description
  }

  // MARK: Lifecycle

  /// Binds 127.0.0.1 and starts accepting connections on a background thread.
  ///
  /// - Throws: `ReplayError.socket` when the port cannot be bound, `.alreadyStarted` on a second call.
  package func start() throws {
    condition.lock()
    defer { condition.unlock() }
    guard phase == .idle else { throw ReplayError.alreadyStarted }
    let pipe = try SocketIO.makePipe()
    let listener: (fd: Int32, port: UInt16)
    do {
      listener = try SocketIO.listen(port: requestedPort)
    } catch {
      SocketIO.close(pipe.read)
      SocketIO.close(pipe.write)
      throw error
    }
    wakePipe = pipe
    listenerFD = listener.fd
    boundPort = listener.port
    phase = .running
    liveThreads += 1
    let wake = pipe.read
    let fd = listener.fd
    Thread.detachNewThread { [self] in acceptLoop(listener: fd, wake: wake) }
  }

  /// The bound port (0 before `start()`).
  package var port: UInt16 { locked { boundPort } }

  /// `http://127.0.0.1:PORT`, the base to point the client at.
  package var baseURL: URL {
    var components = URLComponents()
    components.scheme = "http"
    components.host = "127.0.0.1"
    components.port = Int(port)
    return components.url ?? URL(fileURLWithPath: "/")
  }

  /// Closes the listener and every open connection, hung ones included, and wakes delayed
  /// answers; returns once the server's threads have finished (at most about 5 seconds).
  package func stop() {
    condition.lock()
    guard phase == .running else {
      phase = .stopped
      condition.broadcast()
      condition.unlock()
      return
    }
    phase = .stopped
    for fd in openConnections { SocketIO.shutdownBoth(fd) }
    condition.broadcast()
    SocketIO.wake(wakePipe.write)
    let deadline = Date().addingTimeInterval(5)
    while liveThreads > 0, condition.wait(until: deadline) {}
    let finished = liveThreads == 0
    let pipe = wakePipe
    condition.unlock()
    if finished {
      SocketIO.close(pipe.read)
      SocketIO.close(pipe.write)
    }
  }

  /// Blocks the calling thread until `stop()` has been called (for `tunes replay`).
  package func wait() {
    condition.lock()
    while phase != .stopped { condition.wait() }
    condition.unlock()
  }

  /// Whether the server is accepting connections.
  package var isRunning: Bool { locked { phase == .running } }

  // MARK: Faults

  /// Sets the fault for every request of this run (nil for none); one-shot and prefix rules win.
  package func setFault(_ fault: ReplayFault?) {
    locked { faults.serverWide = fault }
  }

  /// Applies `fault` to the next `count` requests, whatever they ask for.
  package func injectFault(_ fault: ReplayFault, forNext count: Int = 1) {
    locked { faults.add(fault, forNext: count) }
  }

  /// Applies `fault` to requests whose target or canonical form starts with `requestPrefix`,
  /// `times` times (nil: until `clearFaults()`).
  package func injectFault(_ fault: ReplayFault, matching requestPrefix: String, times: Int? = nil)
  {
    locked { faults.add(fault, matching: requestPrefix, times: times) }
  }

  /// Gives requests no rule claims a fault drawn from `faults` (nil: no random faults).
  package func setRandomFaults(_ faults: RandomFaults?) {
    locked { self.faults.random = faults }
  }

  /// How many random faults have been served since `setRandomFaults(_:)`.
  package var randomFaultsServed: Int { locked { faults.random?.served ?? 0 } }

  /// Removes every fault, run-wide ones included.
  package func clearFaults() {
    locked { faults.clear() }
  }

  // MARK: Counters

  /// How many requests the server has read (404s and faulted ones included).
  package var requestCount: Int { locked { totalRequests } }

  /// How many requests matched the canonical form of `request`.
  package func requestCount(for request: String) -> Int {
    let key = ReplayRequestKey(target: request)
    return locked { requestsByKey[key] ?? 0 }
  }

  /// Connections currently open (hung ones included).
  package var openConnectionCount: Int { locked { openConnections.count } }

  func countRequest(_ key: ReplayRequestKey) {
    locked {
      totalRequests += 1
      requestsByKey[key, default: 0] += 1
    }
  }

  func locked<T>(_ body: () throws -> T) rethrows -> T {
    condition.lock()
    defer { condition.unlock() }
    return try body()
  }

  private func acceptLoop(listener: Int32, wake: Int32) {
    while true {
      // A bounded pool: at the limit, wait (in the backlog) for a connection to close.
      let running = locked { () -> Bool in
        while phase == .running, openConnections.count >= connectionLimit {
          _ = condition.wait(until: Date(timeIntervalSinceNow: 0.1))
        }
        return phase == .running
      }
      guard running,
        let client = SocketIO.accept(
          listener: listener, wake: wake, idleTimeout: locked { idleSeconds })
      else { break }
      let accepted = locked { () -> Bool in
        guard phase == .running else { return false }
        openConnections.insert(client)
        liveThreads += 1
        return true
      }
      guard accepted else {
        SocketIO.close(client)
        break
      }
      Thread.detachNewThread { [self] in serve(connection: client) }
    }
    SocketIO.close(listener)
    locked {
      liveThreads -= 1
      condition.broadcast()
    }
  }
}
