import AppArchitecture
import Foundation
import ITunesCatalog
import Playback

/// The queue: a list played from its picked item, chart entries looked up for their previews,
/// the current item played, and episodes' places remembered.
extension PlaybackFeature {
  /// Queues `list` from its picked item and plays that. Items without a preview are looked up
  /// first (chart entries come without them), up to 200 from the picked one in one request.
  func queue(_ list: PlayList, _ state: inout State) -> Effect<PlaybackAction> {
    guard let picked = list.picked else { return .none }
    if dependencies.previewURL(picked) == nil,
      let tracks = DetailLookups.tracks(for: picked, country: state.country)
    {
      // An album, a podcast or an artist plays its tracks (episodes, songs) from the first.
      return lookUp(tracks, for: picked, &state) { .collectionResolved(generation: $0, $1) }
    }
    let tail = Array(list.items[list.start...].prefix(PlayQueue.lookupLimit))
    let missing = tail.filter { dependencies.previewURL($0) == nil && Self.lookedUp($0.kind) }
    if missing.isEmpty {
      return queuePlayable(list.items, picked: picked, &state)
    }
    // Chart entries: one lookup for the ids from the pick on, in the list's order.
    let generation = state.playback.queue.generation
    state.playback.queue = PlayQueue(items: tail, index: 0)
    state.playback.queue.generation = generation
    guard let query = try? LookupQuery(key: .ids(tail.map(\.id)), country: state.country) else {
      return .send(.delegate(.notice(Self.noPreviewNotice)))
    }
    return lookUp(query, for: picked, &state) { .queueResolved(generation: $0, $1) }
  }

  /// Starts the lookup `query` for `picked` (which shows as loading meanwhile); its answer
  /// comes back as `answer(generation, result)`, and an earlier lookup's answer is dropped.
  private func lookUp(
    _ query: LookupQuery, for picked: CatalogItem, _ state: inout State,
    answer: @escaping @Sendable (Int, Result<[CatalogItem], FeatureError>) -> PlaybackAction
  ) -> Effect<PlaybackAction> {
    let stopOld = state.playback.isActive
    state.playback.queue.generation += 1
    let generation = state.playback.queue.generation
    state.playback.queue.resolving = generation
    state.playback.begin(picked, url: nil)
    let player = dependencies.player
    return .merge(
      stopOld
        ? .merge(.cancel(id: CancelID.playback), command { try await player.stop() }) : .none,
      FeatureRequest(dependencies).run(
        { client in try await client.lookup(query).page.items },
        then: { answer(generation, $0) }))
  }

  /// The looked-up items put in the queue's order (the list's own item where the lookup has
  /// none), then played from the picked one.
  func resolved(_ found: [CatalogItem], _ state: inout State) -> Effect<PlaybackAction> {
    let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let items = state.playback.queue.items.map { byID[$0.id] ?? $0 }
    guard let picked = items.first else { return .none }
    state.playback.end()
    return queuePlayable(items, picked: picked, &state)
  }

  /// Queues the items of `items` that have something to play and plays `picked`; says so when
  /// `picked` has nothing.
  private func queuePlayable(_ items: [CatalogItem], picked: CatalogItem, _ state: inout State)
    -> Effect<PlaybackAction>
  {
    let playable = items.filter { dependencies.previewURL($0) != nil }
    guard let index = playable.firstIndex(where: { $0.id == picked.id }) else {
      return .send(.delegate(.notice(Self.noPreviewNotice)))
    }
    let generation = state.playback.queue.generation
    state.playback.queue = PlayQueue(items: playable, index: index)
    state.playback.queue.generation = generation
    return playCurrent(&state)
  }

  /// Kinds a lookup by id answers with a preview (the others have none to find).
  static func lookedUp(_ kind: ItemKind) -> Bool {
    switch kind {
    case .song, .musicVideo, .featureMovie, .tvEpisode, .podcastEpisode, .audiobook: return true
    case .other: return true
    default: return false
    }
  }

  /// Plays the queue's current item: its preview (or whole episode) in the output the video
  /// policy chooses.
  func playCurrent(_ state: inout State) -> Effect<PlaybackAction> {
    guard let item = state.playback.queue.current, let url = dependencies.previewURL(item) else {
      state.playback.end()
      return .send(.delegate(.notice(Self.noPreviewNotice)))
    }
    let player = dependencies.player
    switch dependencies.video.output(for: item, viewport: state.viewport) {
    case .success(let output):
      state.playback.begin(item, url: url)
      state.playback.surface = PlaybackSurface(output)
      return play(url, output: output, episode: item.playsWholeEpisode ? item.id : nil)
    case .failure(let failure):
      // This mode cannot show the video here: say why, and stop what played before.
      let stopOld = state.playback.isActive
      state.playback.begin(item, url: nil)
      return .merge(
        Self.fail(&state.playback, failure), .cancel(id: CancelID.playback),
        stopOld ? command { try await player.stop() } : .none)
    }
  }

  /// Remembers where the whole episode that plays was left (`played` at its end); nothing for
  /// a preview.
  func saveProgress(_ playback: PlaybackState, played: Bool) -> Effect<PlaybackAction> {
    guard let progress = playback.episodeProgress(played: played) else { return .none }
    let listening = dependencies.listening
    return .merge(
      .send(.progressLoaded([progress.id: progress])),
      .run { send in
        do {
          try await listening.save(progress)
        } catch {
          send(.delegate(.notice("Where the episode was left could not be saved: \(error)")))
        }
      })
  }
}
