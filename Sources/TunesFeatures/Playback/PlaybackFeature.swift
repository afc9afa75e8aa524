import AppArchitecture
import Foundation
import ITunesCatalog
import Playback

/// The preview player: plays an item's preview (sound, a window or the terminal), pauses,
/// seeks, stops, and folds the player's events into ``PlaybackState``. Notices go to the parent.
struct PlaybackFeature: Reducer {
  /// What plays, and what the player reads from the rest of the app.
  struct State: Equatable {
    /// What plays.
    var playback: PlaybackState
    /// The terminal size (a video in the terminal fits it).
    var viewport: Viewport
  }

  /// Cancellation ids of the player's effects.
  enum CancelID: Hashable, Sendable {
    /// The preview playing and its events (a new preview cancels the old one).
    case playback
  }

  /// The notice for an item without a preview.
  static let noPreviewNotice = "No preview for this item"

  let dependencies: TunesDependencies

  func reduce(into state: inout State, action: PlaybackAction) -> Effect<PlaybackAction> {
    let player = dependencies.player
    switch action {
    case .playRequested(let item):
      guard let url = dependencies.previewURL(item) else {
        return .send(.delegate(.notice(Self.noPreviewNotice)))
      }
      let output: VideoOutput
      switch dependencies.video.output(for: item, viewport: state.viewport) {
      case .success(let chosen): output = chosen
      case .failure(let failure):
        // This mode cannot show the video here: say why, and stop what played before.
        let stopOld = state.playback.isActive
        state.playback = PlaybackState(itemID: item.id, title: item.title)
        return .merge(
          Self.fail(&state.playback, failure), .cancel(id: CancelID.playback),
          stopOld ? command { try await player.stop() } : .none)
      }
      var playerState = PlayerState()
      playerState.apply(.loading(url))
      state.playback = PlaybackState(itemID: item.id, title: item.title, player: playerState)
      state.playback.surface = PlaybackSurface(output)
      return play(url, output: output)
    case .playOrPauseRequested(let item):
      let playing = state.playback.isPlaying(itemID: item.id)
      return reduce(into: &state, action: playing ? .pauseToggled : .playRequested(item))
    case .pauseToggled:
      guard state.playback.isActive else { return .none }
      return command { try await player.togglePause() }
    case .seekRequested(let seconds):
      guard state.playback.isActive else { return .none }
      return command { try await player.seekBy(seconds) }
    case .stopRequested:
      guard state.playback.isActive else { return .none }
      state.playback = PlaybackState()
      return .merge(.cancel(id: CancelID.playback), command { try await player.stop() })
    case .playerEvent(let event):
      guard state.playback.isActive else { return .none }
      return apply(event, to: &state.playback)
    case .failed(let message):
      guard state.playback.isActive else { return .none }
      return .merge(
        Self.fail(&state.playback, PlaybackFailure(.player, message)),
        .cancel(id: CancelID.playback))
    case .delegate:
      return .none
    }
  }

  /// Ends the preview with `failure`: the notice says why, and the item keeps the message (its
  /// detail shows it until the next preview).
  private static func fail(_ playback: inout PlaybackState, _ failure: PlaybackFailure)
    -> Effect<PlaybackAction>
  {
    playback.player.apply(.failed(failure))
    playback.error = failure.message
    return .send(.delegate(.notice(failure.message)))
  }

  private func apply(_ event: PlayerEvent, to playback: inout PlaybackState)
    -> Effect<PlaybackAction>
  {
    switch event {
    case .position(let seconds):
      playback.player.apply(.position(PlaybackState.step(seconds)))
    case .ended, .stopped:
      playback = PlaybackState()
    case .failed(let failure):
      return Self.fail(&playback, failure)
    case .restarted(let text):
      playback.player.apply(event)
      return .send(.delegate(.notice(text)))
    case .loading, .started, .duration, .paused, .video:
      playback.player.apply(event)
    }
    return .none
  }

  /// Subscribes to the player's events, then plays `url`; events come back as `.playerEvent`
  /// until the preview ends, stops or fails. Positions are sent only when they reach the next
  /// 0.25 s step. Opening another preview cancels this one.
  private func play(_ url: URL, output: VideoOutput) -> Effect<PlaybackAction> {
    let player = dependencies.player
    return .run { send in
      let events = player.events()
      do {
        if output == .none {
          try await player.play(url)
        } else {
          try await player.playMedia(url, output)
        }
      } catch {
        send(.failed(Self.playbackMessage(error)))
        return
      }
      var lastStep: Double?
      for await event in events {
        switch event {
        case .position(let seconds):
          let step = PlaybackState.step(seconds)
          guard step != lastStep else { continue }
          lastStep = step
          send(.playerEvent(.position(step)))
        case .ended, .stopped, .failed:
          send(.playerEvent(event))
          return
        case .loading, .started, .duration, .paused, .restarted, .video:
          send(.playerEvent(event))
        }
      }
    }
    .cancellable(id: CancelID.playback, cancelInFlight: true)
  }

  /// A player command whose failure becomes `.failed(…)`.
  private func command(_ body: @escaping @Sendable () async throws -> Void) -> Effect<
    PlaybackAction
  > {
    .run { send in
      do { try await body() } catch { send(.failed(Self.playbackMessage(error))) }
    }
  }

  /// Ends the player (and mpv) when tunes quits.
  static func shutDown<Action>(_ player: Player) -> Effect<Action> {
    .merge(.cancel(id: CancelID.playback), .run { _ in await player.shutdown() })
  }

  /// One line for a player error: the install line for a missing mpv, else what happened.
  static func playbackMessage(_ error: any Error) -> String {
    if let error = error as? PlaybackError {
      return error.errorDescription ?? PlaybackError.installLine
    }
    return error.localizedDescription
  }
}
