import Foundation
import Synchronization

/// An in-memory player for tests of what drives a `Player`: it records each command and answers
/// with the events a real player would (`.loading`, `.started`, `.paused`, `.position`,
/// `.stopped`), and lets the test emit any other event (`.ended`, `.failed`…) itself.
///
/// ```swift
/// let double = InMemoryPlayer(duration: 30)
/// let events = double.player.events()
/// try await double.player.play(url)
/// double.emit(.ended)
/// #expect(double.commands == [.play(url)])
/// ```
public final class InMemoryPlayer: Sendable {
  /// A command the player received.
  public enum Command: Equatable, Sendable {
    /// `play(url)`, or `playMedia(url, .none)`.
    case play(URL)
    /// `playMedia(url, output)` with a picture (a window, the terminal).
    case playVideo(URL, VideoOutput)
    /// `togglePause()`.
    case togglePause
    /// `seek(by:)`.
    case seek(Double)
    /// `stop()`.
    case stop
    /// `shutdown()`.
    case shutdown
    /// `playFrom(url, seconds)`: a resumed episode.
    case playFrom(URL, Double)
    /// `setVolume(percent)`.
    case volume(Int)
  }

  private struct State {
    var commands: [Command] = []
    var subscribers: [Int: AsyncStream<PlayerEvent>.Continuation] = [:]
    var nextSubscriber = 0
    var playing = PlayerState()
    var isShutDown = false
  }

  private let state = Mutex(State())
  private let duration: Double?
  private let failure: PlaybackError?
  private let outcome: PlayerEvent?

  /// Makes a double.
  /// - Parameters:
  ///   - duration: the length `play` reports (`nil`: none).
  ///   - failure: thrown by every command, e.g. `.mpvMissing`.
  ///   - outcome: an event every `play` ends with, e.g. `.ended` or `.failed(…)` (`nil`: the
  ///     preview plays until the test emits something).
  public init(duration: Double? = 30, failure: PlaybackError? = nil, outcome: PlayerEvent? = nil) {
    self.duration = duration
    self.failure = failure
    self.outcome = outcome
  }

  /// The commands received so far, in order.
  public var commands: [Command] { state.withLock { $0.commands } }

  /// The state folded from every event sent so far.
  public var current: PlayerState { state.withLock { $0.playing } }

  /// Sends an event to every subscriber.
  public func emit(_ event: PlayerEvent) {
    let subscribers = state.withLock { state in
      state.playing.apply(event)
      return Array(state.subscribers.values)
    }
    for subscriber in subscribers { subscriber.yield(event) }
  }

  /// The player whose closures drive this double.
  public var player: Player {
    Player(
      play: { url in try self.start(url, output: .none) },
      togglePause: {
        try self.record(.togglePause)
        self.emit(.paused(!self.current.paused))
      },
      seekBy: { seconds in
        try self.record(.seek(seconds))
        let now = self.current
        var target = max(0, now.position + seconds)
        if let length = now.duration { target = min(target, length) }
        self.emit(.position(target))
      },
      stop: {
        try self.record(.stop)
        self.emit(.stopped)
      },
      events: { self.subscribe() },
      shutdown: { self.close() },
      playMedia: { url, output in try self.start(url, output: output) },
      playFrom: { url, seconds in try self.start(url, output: .none, from: seconds) },
      setVolume: { percent in try self.record(.volume(percent)) })
  }

  /// What `play` and `playMedia` do: record, then `.loading`, `.started`, `.video(true)` for a
  /// picture, the length, the first position and the outcome.
  private func start(_ url: URL, output: VideoOutput, from start: Double? = nil) throws {
    if let start {
      try record(.playFrom(url, start))
    } else {
      try record(output == .none ? .play(url) : .playVideo(url, output))
    }
    emit(.loading(url))
    emit(.started)
    if output.showsVideo { emit(.video(true)) }
    if let duration { emit(.duration(duration)) }
    emit(.position(start ?? 0))
    if let outcome { emit(outcome) }
  }

  private func record(_ command: Command) throws {
    try state.withLock { state in
      if state.isShutDown { throw PlaybackError.shutDown }
      if let failure { throw failure }
      state.commands.append(command)
    }
  }

  private func subscribe() -> AsyncStream<PlayerEvent> {
    let (stream, continuation) = AsyncStream.makeStream(of: PlayerEvent.self)
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
    continuation.onTermination = { _ in
      _ = self.state.withLock { $0.subscribers.removeValue(forKey: id) }
    }
    return stream
  }

  private func close() {
    let subscribers = state.withLock { state in
      if !state.isShutDown { state.commands.append(.shutdown) }
      state.isShutDown = true
      defer { state.subscribers = [:] }
      return Array(state.subscribers.values)
    }
    for subscriber in subscribers { subscriber.finish() }
  }
}
