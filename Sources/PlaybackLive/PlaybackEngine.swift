import Foundation
import Playback
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The live player's core: one mpv at a time (started on first use, restarted by the watchdog),
/// what is playing, and the event subscribers. Commands run one at a time on a serial queue;
/// mpv's events arrive on the connection's reader thread and are handled there, in order.
final class PlaybackEngine: Sendable {
  /// One mpv and the connection to it.
  struct Session: Sendable {
    let generation: Int
    let process: MPVProcess
    let connection: IPCConnection
    let socketPath: String
  }

  struct State {
    var location: SocketLocation?
    var generation = 0
    var session: Session?
    /// The preview being loaded or played; `nil` once it ended, failed or was stopped.
    var current: URL?
    /// Where `current`'s picture goes (kept for a reload after a restart).
    var output: VideoOutput = .none
    /// Whether mpv reported its video output configured for `current` (a window open, the
    /// terminal drawn).
    var videoShown = false
    var entryID: Int?
    /// The session whose `loadfile` for `current` mpv has accepted; property changes before
    /// that (an idle mpv's first values, such as `pause` false) are not the preview's.
    var loadedGeneration: Int?
    var position: Double = 0
    var duration: Double?
    var paused = false
    /// Whether the demuxer warned that the current file is cut short or corrupt.
    var damaged = false
    var restarts = 0
    var resumeAt: Double?
    /// After a restart, the position being sought back to: earlier positions (the reloaded file's
    /// start) are not reported until mpv gets there.
    var resumeTarget: Double?
    var hangs: [Int: String] = [:]
    var isShutDown = false
    var subscribers: [Int: AsyncStream<PlayerEvent>.Continuation] = [:]
    var nextSubscriber = 0
    var watchdogRunning = false
    /// The volume in percent, set on every load (mpv keeps it across loads, and a restarted mpv
    /// gets it back).
    var volume = 100
    /// Where `current` starts, in seconds (a resumed episode); `nil`: at the start.
    var startAt: Double?
  }

  let configuration: PlayerConfiguration
  let state = Mutex(State())
  let serial = SerialQueue()

  /// Numbers every mpv this process starts, for its socket's name: process-wide, so two players
  /// sharing `$XDG_RUNTIME_DIR` never pick the same path.
  static let spawnCounter = Atomic<Int>(0)

  /// The properties observed, by observation id.
  static let observed = ["time-pos", "duration", "pause", "idle-active", "vo-configured"]

  init(configuration: PlayerConfiguration) {
    self.configuration = configuration
  }

  // MARK: Commands

  func play(_ url: URL, output: VideoOutput = .none, from start: Double? = nil)
    async throws(PlaybackError)
  {
    try await serial.run { () async -> Result<Void, PlaybackError> in
      do throws(PlaybackError) {
        let session = try await self.ensureSession()
        let startWatchdog = self.state.withLock { state -> Bool in
          state.current = url
          state.output = output
          state.videoShown = false
          state.entryID = nil
          state.loadedGeneration = nil
          state.position = 0
          state.duration = nil
          state.paused = false
          state.damaged = false
          state.restarts = 0
          state.resumeAt = nil
          state.resumeTarget = nil
          state.startAt = start.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
          // A resumed file's earlier positions (mpv's 0 before it gets there) are not reported.
          state.resumeTarget = state.startAt
          defer { state.watchdogRunning = true }
          Self.send(.loading(url), in: state)
          if let at = state.startAt {
            state.position = at
            Self.send(.position(at), in: state)
          }
          return !state.watchdogRunning
        }
        if startWatchdog { self.startWatchdog() }
        do throws(PlaybackError) {
          try await self.load(url, in: session, paused: false, output: output)
        } catch .connectionLost {
          // mpv died while loading: `lost` restarts it and reloads the URL (or reports why not).
        } catch {
          return .failure(error)
        }
        return .success(())
      } catch {
        return .failure(error)
      }
    }.get()
  }

  func togglePause() async throws(PlaybackError) {
    try await command(["cycle", "pause"])
  }

  /// Sets the volume (0–100) now, if mpv runs, and for every later load.
  func setVolume(_ percent: Int) async throws(PlaybackError) {
    let clamped = max(0, min(100, percent))
    try await serial.run { () async -> Result<Void, PlaybackError> in
      let session = self.state.withLock { state -> Session? in
        state.volume = clamped
        return state.session
      }
      guard let session else { return .success(()) }
      do throws(PlaybackError) {
        try await session.connection.request(
          ["set_property", "volume", .integer(clamped)],
          deadline: self.configuration.answerDeadline)
        return .success(())
      } catch {
        return .failure(error)
      }
    }.get()
  }

  func seek(by seconds: Double) async throws(PlaybackError) {
    try await command(["seek", .number(seconds), "relative"])
  }

  func stop() async throws(PlaybackError) {
    try await serial.run { () async -> Result<Void, PlaybackError> in
      let session = self.state.withLock { state -> Session? in
        guard state.current != nil else { return nil }
        state.current = nil
        Self.send(.stopped, in: state)
        return state.session
      }
      guard let session else { return .success(()) }
      do throws(PlaybackError) {
        try await session.connection.request(["stop"], deadline: self.configuration.answerDeadline)
        return .success(())
      } catch {
        return .failure(error)
      }
    }.get()
  }

  func shutdown() async {
    await serial.run {
      let (session, location, subscribers) = self.state.withLock { state in
        state.isShutDown = true
        state.current = nil
        defer {
          state.session = nil
          state.subscribers = [:]
        }
        return (state.session, state.location, Array(state.subscribers.values))
      }
      if let session {
        _ = try? await session.connection.request(["quit"], deadline: .seconds(1))
        if !(await Self.exited(session.process, within: .seconds(2))) {
          session.process.kill()
          _ = await Self.exited(session.process, within: .seconds(5))
        }
        session.connection.close()
        unlink(session.socketPath)
      }
      location?.remove()
      for subscriber in subscribers { subscriber.finish() }
    }
  }

  func events() -> AsyncStream<PlayerEvent> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: PlayerEvent.self, bufferingPolicy: .bufferingNewest(1024))
    let id = state.withLock { state -> Int? in
      if state.isShutDown { return nil }
      state.nextSubscriber += 1
      state.subscribers[state.nextSubscriber] = continuation
      return state.nextSubscriber
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
    }
    return stream
  }

  /// The running mpv's pid, if one runs (for tests and diagnostics).
  var mpvPID: pid_t? {
    state.withLock { state in state.session.map(\.process.pid) }
  }

  // MARK: Internals

  func emit(_ event: PlayerEvent) {
    state.withLock { state in Self.send(event, in: state) }
  }

  /// Sends an event to every subscriber; called with the state locked, so events keep the order
  /// of the changes they report.
  static func send(_ event: PlayerEvent, in state: borrowing State) {
    for subscriber in state.subscribers.values { subscriber.yield(event) }
  }

  /// Sends a command about the current preview, if one is loaded.
  private func command(_ arguments: [IPCArgument]) async throws(PlaybackError) {
    try await serial.run { () async -> Result<Void, PlaybackError> in
      let session = self.state.withLock { state in state.current == nil ? nil : state.session }
      guard let session else { return .success(()) }
      do throws(PlaybackError) {
        try await session.connection.request(
          arguments, deadline: self.configuration.answerDeadline)
        return .success(())
      } catch {
        return .failure(error)
      }
    }.get()
  }

  /// Sets the pause flag and where the picture goes, then loads `url` replacing whatever played.
  func load(
    _ url: URL, in session: Session, paused: Bool, output: VideoOutput
  ) async throws(PlaybackError) {
    let deadline = configuration.answerDeadline
    let (volume, start) = state.withLock { ($0.volume, $0.startAt) }
    try await session.connection.request(
      ["set_property", "pause", .flag(paused)], deadline: deadline)
    try await session.connection.request(
      ["set_property", "volume", .integer(volume)], deadline: deadline)
    // `start` applies to the loads after it: a number to resume there, `none` for the start.
    try await session.connection.request(
      ["set_property", "start", .string(start.map { String($0) } ?? "none")], deadline: deadline)
    for (name, value) in Self.videoProperties(output) {
      try await session.connection.request(
        ["set_property", .string(name), value], deadline: deadline)
    }
    let generation = session.generation
    try await session.connection.request(
      ["loadfile", .string(url.absoluteString), "replace"], deadline: deadline,
      onReply: { [weak self] reply in
        self?.state.withLock { state in
          guard state.generation == generation else { return }
          state.entryID = reply.playlistEntryID
          state.loadedGeneration = generation
        }
      })
  }

  /// The properties that send a file's picture to `output`. mpv starts with `--no-video`; a
  /// video turns its track on (`vid=auto`) and picks the output: the default list for a window
  /// (`vo` empty), `tct` or `sixel` with the area for the terminal.
  static func videoProperties(_ output: VideoOutput) -> [(String, IPCArgument)] {
    switch output {
    case .none: return [("vid", "no")]
    case .window: return [("vid", "auto"), ("vo", "")]
    case .terminal(let terminal): return [("vid", "auto")] + terminal.properties
    }
  }

  /// The running session, or a new mpv: spawned, connected, and observing its properties.
  func ensureSession() async throws(PlaybackError) -> Session {
    let reuse = try state.withLock { state throws(PlaybackError) -> Session? in
      if state.isShutDown { throw .shutDown }
      if let session = state.session, !session.process.hasExited { return session }
      return nil
    }
    if let reuse { return reuse }
    guard let mpv = configuration.executable(named: "mpv") else { throw .mpvMissing }
    let location = try state.withLock { state throws(PlaybackError) -> SocketLocation in
      if let location = state.location { return location }
      let made = try SocketLocation.make(environment: configuration.environment)
      state.location = made
      return made
    }
    let (index, generation) = state.withLock { state in
      state.generation += 1
      state.session = nil
      return (Self.spawnCounter.add(1, ordering: .relaxed).newValue, state.generation)
    }
    let path = try location.path(index: index)
    unlink(path)
    let process = try await MPVProcess.launch(
      mpv: mpv,
      options: PlayerConfiguration.fixedOptions + configuration.extraOptions
        + ["--input-ipc-server=\(path)"],
      environment: configuration.environment, terminalOutput: configuration.terminalOutput,
      onExit: { [weak self] process in self?.lost(generation, process: process) })
    let connection: IPCConnection
    do throws(PlaybackError) {
      let descriptor = try await waitForSocket(path, process: process)
      connection = IPCConnection(
        descriptor: descriptor,
        onEvent: { [weak self] message in self?.handle(message, generation: generation) },
        onClose: { [weak self] in self?.lost(generation, process: process) })
      try await connection.request(
        ["request_log_messages", "warn"], deadline: configuration.answerDeadline)
      for (offset, name) in Self.observed.enumerated() {
        try await connection.request(
          ["observe_property", .integer(offset + 1), .string(name)],
          deadline: configuration.answerDeadline)
      }
    } catch {
      process.kill()
      unlink(path)
      throw error
    }
    let session = Session(
      generation: generation, process: process, connection: connection, socketPath: path)
    let installed = state.withLock { state -> Bool in
      guard state.generation == generation, !state.isShutDown else { return false }
      state.session = session
      return true
    }
    guard installed else {
      process.kill()
      connection.close()
      throw .connectionLost
    }
    return session
  }

  /// Connects to mpv's socket once it exists: polls every 20 ms, for at most `socketWait`.
  private func waitForSocket(_ path: String, process: MPVProcess) async throws(PlaybackError)
    -> Int32
  {
    let clock = ContinuousClock()
    let deadline = clock.now + configuration.socketWait
    while true {
      if let descriptor = IPCConnection.connect(path: path) { return descriptor }
      if process.hasExited {
        throw .exitedAtStart(
          status: process.exitDescription ?? "unknown", detail: process.lastErrorLine)
      }
      if clock.now >= deadline {
        process.kill()
        throw .socketTimeout(path: path, seconds: configuration.socketWait.seconds)
      }
      try? await Task.sleep(for: .milliseconds(20))
    }
  }

  /// Waits (polling) until `process` has been reaped; returns whether it was.
  static func exited(_ process: MPVProcess, within timeout: Duration) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !process.hasExited {
      if clock.now >= deadline { return false }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return true
  }
}
