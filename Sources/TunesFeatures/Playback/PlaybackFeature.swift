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
    /// The storefront lookups ask (`nil`: Apple's default).
    var country: String? = nil
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
      guard dependencies.previewURL(item) != nil else {
        return .send(.delegate(.notice(Self.noPreviewNotice)))
      }
      state.playback.queue = PlayQueue(items: [item], index: 0)
      return playCurrent(&state)
    case .playOrPauseRequested(let item):
      let playing = state.playback.isPlaying(itemID: item.id)
      return reduce(into: &state, action: playing ? .pauseToggled : .playRequested(item))
    case .listPlayRequested(let list):
      guard let picked = list.picked else { return .none }
      if state.playback.isPlaying(itemID: picked.id) {
        return reduce(into: &state, action: .pauseToggled)
      }
      return queue(list, &state)
    case .resumeOrPlayRequested(let list):
      if state.playback.isActive { return reduce(into: &state, action: .pauseToggled) }
      if let list { return reduce(into: &state, action: .listPlayRequested(list)) }
      guard state.playback.queue.current != nil else { return .none }
      return playCurrent(&state)
    case .queueResolved(let generation, let result):
      guard state.playback.queue.resolving == generation else { return .none }
      state.playback.queue.resolving = nil
      switch result {
      case .success(let found): return resolved(found, &state)
      case .failure(let error):
        state.playback.end()
        return .send(.delegate(.notice("The previews could not be looked up: \(error.title)")))
      }
    case .collectionResolved(let generation, let result):
      guard state.playback.queue.resolving == generation else { return .none }
      state.playback.queue.resolving = nil
      state.playback.end()
      switch result {
      case .success(let tracks):
        let playable = tracks.filter { dependencies.previewURL($0) != nil }
        guard !playable.isEmpty else {
          return .send(.delegate(.notice("Nothing in it has a preview to play.")))
        }
        return queue(PlayList(items: playable, start: 0), &state)
      case .failure(let error):
        return .send(.delegate(.notice("Its tracks could not be looked up: \(error.title)")))
      }
    case .linkPlayRequested(let link):
      let country = link.country ?? state.country
      let request = FeatureRequest(dependencies)
      return request.run(
        { client in
          try await client.lookup(LookupQuery(key: .ids([link.id]), country: country)).page.items
        }, then: { .linkResolved($0) })
    case .linkResolved(let result):
      switch result {
      case .success(let items):
        guard let item = items.first(where: { dependencies.previewURL($0) != nil }) else {
          return .send(.delegate(.notice("That link names nothing tunes can play.")))
        }
        return reduce(into: &state, action: .playRequested(item))
      case .failure(let error):
        return .send(.delegate(.notice("The link could not be looked up: \(error.title)")))
      }
    case .nextRequested:
      guard state.playback.queue.hasNext, let index = state.playback.queue.index else {
        return .send(.delegate(.notice("Nothing comes after this in the queue.")))
      }
      let save = saveProgress(state.playback, played: false)
      state.playback.queue.index = index + 1
      return .merge(save, playCurrent(&state))
    case .previousRequested:
      if state.playback.isActive, state.playback.position >= Self.restartThreshold {
        let back = state.playback.position
        return command { try await player.seekBy(-back) }
      }
      guard state.playback.queue.hasPrevious, let index = state.playback.queue.index else {
        guard state.playback.isActive else { return .none }
        let back = state.playback.position
        return command { try await player.seekBy(-back) }
      }
      let save = saveProgress(state.playback, played: false)
      state.playback.queue.index = index - 1
      return .merge(save, playCurrent(&state))
    case .volumeStepped(let step):
      let volume = max(0, min(100, state.playback.volume + step))
      state.playback.volume = volume
      return .merge(
        command { try await player.setVolume(volume) },
        .send(.delegate(.notice("Volume \(volume) %"))))
    case .volumeSet(let volume):
      state.playback.volume = max(0, min(100, volume))
      let clamped = state.playback.volume
      return command { try await player.setVolume(clamped) }
    case .queueWriteRequested:
      let items = state.playback.queue.items
      guard !items.isEmpty else {
        return .send(.delegate(.notice("Nothing is queued: p on a list queues it.")))
      }
      let text = M3U8.playlist(items, url: dependencies.previewURL)
      let write = dependencies.writePlaylist
      let count = items.count
      return .run { send in
        do {
          let path = try await write(text)
          send(
            .delegate(
              .notice(
                "Wrote the queue (\(FactText.count(count, "entry", plural: "entries"))) to \(path)")
            ))
        } catch {
          send(.delegate(.notice("The queue could not be written: \(FeatureError(error).title)")))
        }
      }
    case .progressRequested(let ids):
      guard !ids.isEmpty else { return .none }
      let listening = dependencies.listening
      return .run { send in
        if let found = try? await listening.progress(ids) { send(.progressLoaded(found)) }
      }
    case .progressLoaded(let found):
      state.playback.progress.merge(found) { _, new in new }
      return .none
    case .pauseToggled:
      guard state.playback.isActive else { return .none }
      // Pausing an episode remembers its place.
      let save = state.playback.isPaused ? .none : saveProgress(state.playback, played: false)
      return .merge(save, command { try await player.togglePause() })
    case .seekRequested(let seconds):
      guard state.playback.isActive else { return .none }
      return command { try await player.seekBy(seconds) }
    case .stopRequested:
      guard state.playback.isActive else { return .none }
      let save = saveProgress(state.playback, played: false)
      state.playback.queue.resolving = nil
      state.playback.end()
      return .merge(save, .cancel(id: CancelID.playback), command { try await player.stop() })
    case .playerEvent(let event):
      guard state.playback.isActive else { return .none }
      return apply(event, to: &state)
    case .failed(let message):
      guard state.playback.isActive else { return .none }
      return .merge(
        Self.fail(&state.playback, PlaybackFailure(.player, message)),
        .cancel(id: CancelID.playback))
    case .delegate:
      return .none
    }
  }

  /// After this many seconds, `<` goes back to the start of the item rather than to the one
  /// before.
  static let restartThreshold = 3.0

  /// Ends the preview with `failure`: the notice says why, and the item keeps the message (its
  /// detail shows it until the next preview).
  static func fail(_ playback: inout PlaybackState, _ failure: PlaybackFailure)
    -> Effect<PlaybackAction>
  {
    playback.player.apply(.failed(failure))
    playback.error = failure.message
    return .send(.delegate(.notice(failure.message)))
  }

  private func apply(_ event: PlayerEvent, to state: inout State) -> Effect<PlaybackAction> {
    switch event {
    case .position(let seconds):
      state.playback.player.apply(.position(PlaybackState.step(seconds)))
      if seconds > 0 { state.playback.queue.skips = 0 }
      let mark = Int(seconds / PlaybackState.saveInterval)
      guard state.playback.queue.current?.playsWholeEpisode == true, mark > 0,
        mark != state.playback.savedMark
      else { return .none }
      state.playback.savedMark = mark
      return saveProgress(state.playback, played: false)
    case .ended:
      let save = saveProgress(state.playback, played: true)
      guard state.playback.queue.hasNext, let index = state.playback.queue.index else {
        state.playback.end()
        return save
      }
      state.playback.queue.index = index + 1
      return .merge(save, playCurrent(&state))
    case .stopped:
      state.playback.end()
    case .failed(let failure):
      // In a queue a preview that cannot play is skipped, saying so; after a few in a row the
      // fault is the player's (no audio output, say), and the queue stops there.
      if state.playback.queue.hasNext, let index = state.playback.queue.index,
        state.playback.queue.skips < PlayQueue.maximumSkips
      {
        let title = state.playback.title ?? "A preview"
        state.playback.queue.skips += 1
        state.playback.queue.index = index + 1
        return .merge(
          .send(.delegate(.notice("Skipped \(title): \(failure.message)"))), playCurrent(&state))
      }
      return Self.fail(&state.playback, failure)
    case .restarted(let text):
      state.playback.player.apply(event)
      return .send(.delegate(.notice(text)))
    case .paused(let flag):
      state.playback.player.apply(event)
      return flag ? saveProgress(state.playback, played: false) : .none
    case .loading, .started, .duration, .video:
      state.playback.player.apply(event)
    }
    return .none
  }

  /// Subscribes to the player's events, then plays `url` (a whole episode from where it was
  /// left, when `episode` names one); events come back as `.playerEvent` until the preview ends,
  /// stops or fails. Positions are sent only when they reach the next 0.25 s step. Opening
  /// another preview cancels this one.
  func play(_ url: URL, output: VideoOutput, episode: Int64? = nil) -> Effect<PlaybackAction> {
    let player = dependencies.player
    let listening = dependencies.listening
    return .run { send in
      let events = player.events()
      do {
        var start: Double?
        if let episode, let kept = try? await listening.progress([episode])[episode],
          !kept.played, kept.position >= Self.resumeMinimum
        {
          start = kept.position
        }
        if let start {
          try await player.playFrom(url, start)
        } else if output == .none {
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

  /// An episode left before this many seconds starts again from the beginning.
  static let resumeMinimum = 5.0

  /// A player command whose failure becomes `.failed(…)`.
  func command(_ body: @escaping @Sendable () async throws -> Void) -> Effect<
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
