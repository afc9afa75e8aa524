import AppArchitecture
import Foundation
import ITunesCatalog
import Playback

extension AppFeature {
  /// The notice for an item without a preview.
  static let noPreviewNotice = "No preview for this item"

  func reducePlayback(into state: inout AppState, action: PlaybackAction) -> Effect<AppAction> {
    switch action {
    case .playRequested(let item):
      guard let url = dependencies.previewURL(item) else {
        state.notice = Self.noPreviewNotice
        return .none
      }
      let output: VideoOutput
      switch dependencies.video.output(for: item, viewport: state.viewport) {
      case .success(let chosen): output = chosen
      case .failure(let failure):
        // This mode cannot show the video here: say why, and stop what played before.
        let stopOld = state.playback.isActive
        state.playback = PlaybackState(itemID: item.id, title: item.title)
        Self.fail(&state, failure)
        let player = dependencies.player
        return .merge(
          .cancel(id: CancelID.playback), stopOld ? command { try await player.stop() } : .none)
      }
      var player = PlayerState()
      player.apply(.loading(url))
      state.playback = PlaybackState(itemID: item.id, title: item.title, player: player)
      state.playback.surface = PlaybackSurface(output)
      return play(url, output: output)
    case .pauseToggled:
      guard state.playback.isActive else { return .none }
      let player = dependencies.player
      return command { try await player.togglePause() }
    case .seekRequested(let seconds):
      guard state.playback.isActive else { return .none }
      let player = dependencies.player
      return command { try await player.seekBy(seconds) }
    case .stopRequested:
      guard state.playback.isActive else { return .none }
      state.playback = PlaybackState()
      let player = dependencies.player
      return .merge(.cancel(id: CancelID.playback), command { try await player.stop() })
    case .playerEvent(let event):
      guard state.playback.isActive else { return .none }
      return apply(event, to: &state)
    case .failed(let message):
      guard state.playback.isActive else { return .none }
      Self.fail(&state, PlaybackFailure(.player, message))
      return .cancel(id: CancelID.playback)
    }
  }

  /// Ends the preview with `failure`: the notice says why, and the item keeps the message (its
  /// detail shows it until the next preview).
  private static func fail(_ state: inout AppState, _ failure: PlaybackFailure) {
    state.playback.player.apply(.failed(failure))
    state.playback.error = failure.message
    state.notice = failure.message
  }

  private func apply(_ event: PlayerEvent, to state: inout AppState) -> Effect<AppAction> {
    switch event {
    case .position(let seconds):
      state.playback.player.apply(.position(PlaybackState.step(seconds)))
    case .ended, .stopped:
      state.playback = PlaybackState()
    case .failed(let failure):
      Self.fail(&state, failure)
    case .restarted(let text):
      state.playback.player.apply(event)
      state.notice = text
    case .loading, .started, .duration, .paused, .video:
      state.playback.player.apply(event)
    }
    return .none
  }

  /// Subscribes to the player's events, then plays `url`; events come back as
  /// `.playback(.playerEvent(…))` until the preview ends, stops or fails. Positions are sent
  /// only when they reach the next 0.25 s step. Opening another preview cancels this one.
  private func play(_ url: URL, output: VideoOutput) -> Effect<AppAction> {
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
        send(.playback(.failed(Self.playbackMessage(error))))
        return
      }
      var lastStep: Double?
      for await event in events {
        switch event {
        case .position(let seconds):
          let step = PlaybackState.step(seconds)
          guard step != lastStep else { continue }
          lastStep = step
          send(.playback(.playerEvent(.position(step))))
        case .ended, .stopped, .failed:
          send(.playback(.playerEvent(event)))
          return
        case .loading, .started, .duration, .paused, .restarted, .video:
          send(.playback(.playerEvent(event)))
        }
      }
    }
    .cancellable(id: CancelID.playback, cancelInFlight: true)
  }

  /// A player command whose failure becomes `.playback(.failed(…))`.
  private func command(_ body: @escaping @Sendable () async throws -> Void) -> Effect<AppAction> {
    .run { send in
      do { try await body() } catch { send(.playback(.failed(Self.playbackMessage(error)))) }
    }
  }

  /// Ends the player (and mpv) when tunes quits.
  func shutDownPlayer() -> Effect<AppAction> {
    let player = dependencies.player
    return .merge(.cancel(id: CancelID.playback), .run { _ in await player.shutdown() })
  }

  /// One line for a player error: the install line for a missing mpv, else what happened.
  static func playbackMessage(_ error: any Error) -> String {
    if let error = error as? PlaybackError {
      return error.errorDescription ?? PlaybackError.installLine
    }
    return error.localizedDescription
  }
}
