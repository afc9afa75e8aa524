import Foundation
import Playback

extension PlaybackEngine {
  // MARK: mpv's events

  /// Handles one event of session `generation`, on its reader thread.
  func handle(_ message: IPCMessage, generation: Int) {
    // Events are sent while the state is locked, so every subscriber sees them in the order the
    // state changed (a `stop` on another thread cannot slip between a change and its event).
    let resume = state.withLock { state -> (Session, Double)? in
      var events: [PlayerEvent] = []
      let resume = Self.apply(message, generation: generation, to: &state, events: &events)
      for event in events {
        for subscriber in state.subscribers.values { subscriber.yield(event) }
      }
      return resume
    }
    if let (session, seconds) = resume {
      try? session.connection.send(["seek", .number(seconds), "absolute"])
    }
  }

  /// Applies one message to the state; returns the session and position to seek back to when a
  /// restarted preview has loaded.
  private static func apply(
    _ message: IPCMessage, generation: Int, to state: inout State, events: inout [PlayerEvent]
  ) -> (Session, Double)? {
    var resume: (Session, Double)?
    guard state.generation == generation, state.current != nil else { return nil }
    switch message.event {
    case "property-change":
      guard state.loadedGeneration == generation else { return nil }
      switch message.name {
      case "time-pos":
        if let seconds = message.number {
          if let target = state.resumeTarget {
            guard seconds >= target - 0.5 else { return nil }
            state.resumeTarget = nil
          }
          state.position = seconds
          events.append(.position(seconds))
        }
      case "duration":
        if let seconds = message.number {
          state.duration = seconds
          events.append(.duration(seconds))
        }
      case "vo-configured":
        if let flag = message.flag, flag != state.videoShown, state.output.showsVideo {
          state.videoShown = flag
          events.append(.video(flag))
        }
      case "pause":
        if let flag = message.flag, flag != state.paused {
          state.paused = flag
          events.append(.paused(flag))
        }
      default: break
      }
    case "log-message":
      if let text = message.logText, Self.damageWarnings.contains(where: text.contains) {
        state.damaged = true
      }
    case "file-loaded":
      events.append(.started)
      if let at = state.resumeAt, let session = state.session {
        state.resumeAt = nil
        resume = (session, at)
      }
    case "end-file":
      if let expected = state.entryID, let entry = message.playlistEntryID, entry != expected {
        return nil
      }
      switch message.reason {
      case "eof":
        state.current = nil
        if state.damaged {
          events.append(
            .failed(
              PlaybackFailure(
                .unplayable,
                "The preview is truncated or damaged (mpv: partial file); it stopped at "
                  + "\(PlayerState.clock(state.position)).")))
        } else {
          events.append(.ended)
        }
      case "error":
        state.current = nil
        events.append(.failed(Self.failure(for: message.fileError)))
      default: break
      }
    default: break
    }
    return resume
  }

  /// What libavformat logs for a file cut short or corrupt (mpv itself ends such a file with a
  /// plain `eof`).
  static let damageWarnings = ["partial file", "Packet corrupt"]

  /// The failure for `end-file`'s `file_error`.
  static func failure(for fileError: String?) -> PlaybackFailure {
    let detail = fileError ?? "unknown error"
    switch detail {
    case "loading failed":
      return PlaybackFailure(
        .unavailable,
        "The preview could not be loaded (mpv: \(detail)); the address may be "
          + "gone (404) or the server unreachable.")
    case "unrecognized file format", "no audio or video data played",
      "audio output initialization failed":
      return PlaybackFailure(
        .unplayable, "The preview is not audio or video mpv can play (mpv: \(detail)).")
    default:
      return PlaybackFailure(.unplayable, "mpv could not play the preview (mpv: \(detail)).")
    }
  }

  // MARK: Losing mpv

  /// Session `generation` ended (mpv exited, or its connection closed): drop it, and when a
  /// preview was playing, restart mpv and reload it at the last position.
  func lost(_ generation: Int, process: MPVProcess) {
    let (session, restart) = state.withLock { state -> (Session?, Bool) in
      guard let session = state.session, session.generation == generation, !state.isShutDown
      else { return (nil, false) }
      state.session = nil
      return (session, state.current != nil)
    }
    guard let session else { return }
    session.connection.close()
    session.process.kill()
    guard restart else { return }
    Task { await serial.run { await self.recover(from: session) } }
  }

  private func recover(from session: Session) async {
    _ = await Self.exited(session.process, within: .seconds(5))
    let plan = state.withLock { state -> (URL, String, Int, Double, Bool, VideoOutput)? in
      guard !state.isShutDown, state.session == nil, let url = state.current else { return nil }
      let how = session.process.exitDescription ?? "its connection closed"
      let why = state.hangs.removeValue(forKey: session.generation) ?? "mpv stopped (\(how))"
      state.restarts += 1
      state.loadedGeneration = nil
      state.videoShown = false
      return (url, why, state.restarts, state.position, state.paused, state.output)
    }
    guard let (url, why, restarts, at, paused, output) = plan else { return }
    guard restarts <= configuration.maxRestarts else {
      fail(PlaybackFailure(.player, "\(why) again after \(restarts - 1) restarts; giving up."))
      return
    }
    do throws(PlaybackError) {
      let fresh = try await ensureSession()
      state.withLock { state in
        state.resumeAt = at > 0 ? at : nil
        state.resumeTarget = state.resumeAt
        state.entryID = nil
        state.damaged = false
      }
      emit(.restarted("\(why); restarted it at \(PlayerState.clock(at))."))
      try await load(url, in: fresh, paused: paused, output: output)
    } catch .connectionLost {
      // The new mpv died too: its own `lost` restarts it again or gives up.
      return
    } catch {
      fail(
        PlaybackFailure(
          .player, "\(why), and restarting it failed: \(error.localizedDescription)"))
    }
  }

  private func fail(_ failure: PlaybackFailure) {
    state.withLock { state in
      guard state.current != nil else { return }
      state.current = nil
      Self.send(.failed(failure), in: state)
    }
  }

  // MARK: Watchdog

  /// Pings mpv every `pingInterval` while a preview is loaded; one that does not answer within
  /// `answerDeadline` is killed, which restarts it through `lost`. Ends when nothing plays.
  func startWatchdog() {
    Task { [weak self] in
      while let interval = self?.configuration.pingInterval {
        try? await Task.sleep(for: interval)
        guard let self else { return }
        let session = self.state.withLock { state -> Session?? in
          guard state.current != nil, !state.isShutDown else {
            state.watchdogRunning = false
            return .none
          }
          return .some(state.session)
        }
        guard let session else { return }
        guard let session else { continue }
        let deadline = self.configuration.answerDeadline
        do throws(PlaybackError) {
          try await session.connection.request(["get_property", "mpv-version"], deadline: deadline)
        } catch .notResponding {
          self.state.withLock { state in
            state.hangs[session.generation] =
              "mpv stopped answering (no reply within \(Int(deadline.seconds.rounded(.up))) s)"
          }
          session.process.kill()
        } catch {
          continue
        }
      }
    }
  }
}
