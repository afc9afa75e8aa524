import Foundation
import Playback

/// One `tunes preview` run: plays a URL and follows its events until it ends, fails or the user
/// stops it.
struct PreviewSession {
  let player: Player
  let context: CLIContext
  /// Where a video's picture goes (`.none` for songs and `--video audio`).
  var output: VideoOutput = .none

  /// Loads the preview with its output.
  private func start(_ url: URL) async throws {
    if output == .none {
      try await player.play(url)
    } else {
      try await player.playMedia(url, output)
    }
  }

  /// The terminal area mpv draws in, when the video plays in the terminal.
  private var terminalVideo: TerminalVideo? {
    if case .terminal(let area) = output { return area }
    return nil
  }

  /// What the session waits on: the player's events, keys, and redraw wake-ups.
  private enum Input: Sendable {
    case event(PlayerEvent)
    case eventsEnded
    case key(RawKeys.Key)
    case wake
  }

  /// Without a terminal: `playing …` when it starts, `finished` at the end.
  func runPlain(_ url: URL, title: String, author: String?) async -> Result<Void, CLIError> {
    let signals = context.handlesSignals ? PreviewSignals.install(player: player) : []
    defer { withExtendedLifetime(signals) {} }
    let events = player.events()
    do {
      try await start(url)
    } catch {
      return .failure(CLIError.wrap(error))
    }
    var announced = false
    for await event in events {
      switch event {
      case .started where !announced:
        announced = true
        context.out("playing \(Self.describe(title: title, author: author))\n")
      case .ended:
        context.out("finished\n")
        return .success(())
      case .failed(let failure): return .failure(.preview(failure))
      case .restarted(let text): context.err("tunes: note: \(text)")
      default: break
      }
    }
    return .failure(.playback(.shutDown))
  }

  /// On a terminal: the progress line and the keys.
  /// How an interactive preview ended: by itself, by `q`, or by `>`/`<` in a list.
  enum Ending: Equatable, Sendable {
    case ended, quit, next, previous
  }

  func runInteractive(
    _ url: URL, title: String, author: String?, keys: RawKeys, place: String? = nil
  ) async -> Result<Ending, CLIError> {
    let screen = terminalVideo.map { _ in VideoScreenHandoff(write: context.writeOut) }
    let signals = PreviewSignals.install(
      player: player,
      restore: {
        screen?.leave()
        keys.restore()
      })
    defer {
      screen?.leave()
      keys.restore()
      withExtendedLifetime(signals) {}
    }
    let (inputs, feed) = AsyncStream.makeStream(of: Input.self)
    let events = player.events()
    let forwarders = [
      Task {
        for await event in events { feed.yield(.event(event)) }
        feed.yield(.eventsEnded)
      },
      Task { for await key in keys.keys() { feed.yield(.key(key)) } },
    ]
    defer { for task in forwarders { task.cancel() } }
    let listKeys = place == nil ? "" : ", > next, < previous"
    context.out(
      "\(place.map { "[\($0)] " } ?? "")\(Self.describe(title: title, author: author))"
        + " (Space pause, ←/→ seek 5 s\(listKeys), q stop)\n")
    screen?.enter()
    do {
      try await start(url)
    } catch {
      return .failure(CLIError.wrap(error))
    }
    var state = PlayerState()
    var line = ProgressLine()
    var wakeScheduled = false
    let clock = ContinuousClock()
    for await input in inputs {
      switch input {
      case .event(let event):
        state.apply(event)
        switch event {
        case .ended:
          // mpv clears the screen when its video output closes (as it goes idle): it ends
          // before the shell's screen comes back.
          if screen != nil { await player.shutdown() }
          screen?.leave()
          draw(state.progressText)
          context.out("\n")
          return .success(.ended)
        case .failed(let failure):
          if screen != nil { await player.shutdown() }
          screen?.leave()
          context.out("\n")
          return .failure(.preview(failure))
        default: break
        }
      case .eventsEnded: return .failure(.playback(.shutDown))
      case .key(let key):
        if key == .quit || (place != nil && (key == .next || key == .previous)) {
          try? await player.stop()
          if screen != nil {
            // mpv may be drawing a frame: it ends before the shell's screen comes back.
            await player.shutdown()
          }
          screen?.leave()
          draw(state.progressText)
          context.out("\n")
          return .success(key == .next ? .next : key == .previous ? .previous : .quit)
        }
        await handle(key)
      case .wake:
        wakeScheduled = false
        if let text = line.flush(now: clock.now) { draw(text, screen) }
      }
      guard state.isActive || state.phase == .idle else { continue }
      if let text = line.offer(state.progressText, now: clock.now) { draw(text, screen) }
      if let wake = line.wake, !wakeScheduled {
        wakeScheduled = true
        Task {
          try? await Task.sleep(until: wake, clock: clock)
          feed.yield(.wake)
        }
      }
    }
    return .success(.ended)
  }

  private func handle(_ key: RawKeys.Key) async {
    switch key {
    case .togglePause: try? await player.togglePause()
    case .back: try? await player.seek(by: -PreviewCommand.seekStep)
    case .forward: try? await player.seek(by: PreviewCommand.seekStep)
    case .quit, .next, .previous: break
    }
  }

  /// Draws the progress line in place; nothing while mpv draws a video over the terminal (two
  /// writers would cut each other's escape sequences).
  private func draw(_ text: String, _ screen: VideoScreenHandoff? = nil) {
    if let screen, screen.isActive { return }
    context.out("\r\(text)\u{1B}[K")
  }

  static func describe(title: String, author: String?) -> String {
    author.map { "\"\(title)\" by \($0)" } ?? "\"\(title)\""
  }
}
