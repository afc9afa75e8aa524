import ITunesCatalog
import Playback

/// What happened to the preview player: keys on a detail screen, and what the player reported.
public enum PlaybackAction: Equatable, Sendable {
  /// `p` or Space on a detail whose item is not playing: play its preview (replacing any other).
  case playRequested(CatalogItem)
  /// `p` or Space on an item: pause or resume it when it is the one playing, else play it.
  case playOrPauseRequested(CatalogItem)
  /// `p` on a list's picked item: play it, queueing the rest of the list after it (pause or
  /// resume when it is the one playing).
  case listPlayRequested(PlayList)
  /// Space anywhere: pause or resume what plays; with nothing playing, play on in the queue, else
  /// the list given (the selection).
  case resumeOrPlayRequested(PlayList?)
  /// `>`: the next item in the queue.
  case nextRequested
  /// `<`: the previous item (or the start of this one, after its first seconds).
  case previousRequested
  /// `+`/`-`: the volume by this many percent.
  case volumeStepped(Int)
  /// A volume asked from outside (MPRIS), 0–100.
  case volumeSet(Int)
  /// A store link to look up and play (MPRIS `OpenUri`).
  case linkPlayRequested(StoreLink)
  /// The lookup of a queued list's items (chart entries come without previews) answered.
  case queueResolved(generation: Int, Result<[CatalogItem], FeatureError>)
  /// `W`: write the queue as an M3U8 playlist.
  case queueWriteRequested
  /// A list shows these episodes: read where each was left.
  case progressRequested([Int64])
  /// Where the episodes asked about were left.
  case progressLoaded([Int64: EpisodeProgress])
  /// The lookup of a picked collection's tracks (an album, a podcast, an artist) answered.
  case collectionResolved(generation: Int, Result<[CatalogItem], FeatureError>)
  /// The lookup behind a store link answered.
  case linkResolved(Result<[CatalogItem], FeatureError>)
  /// `p` or Space while the detail's preview plays: pause or resume.
  case pauseToggled
  /// `,`/`.` or ←/→ while the detail's preview plays: seek by seconds (negative: back).
  case seekRequested(Double)
  /// `s` on a detail: stop the preview.
  case stopRequested
  /// The player reported an event (positions arrive at most once per 0.25 s step).
  case playerEvent(PlayerEvent)
  /// A player command failed (mpv missing, not answering); the text says why.
  case failed(String)
  /// What the player asks of the app.
  case delegate(Delegate)

  /// What the preview player asks of the app (the parent handles these).
  public enum Delegate: Equatable, Sendable {
    /// Show this notice (no preview, a failure, mpv restarted).
    case notice(String)
  }

  /// Whether the action comes from the person.
  public var isInput: Bool {
    switch self {
    case .playRequested, .playOrPauseRequested, .pauseToggled, .seekRequested, .stopRequested,
      .listPlayRequested, .resumeOrPlayRequested, .nextRequested, .previousRequested,
      .volumeStepped, .queueWriteRequested:
      return true
    case .playerEvent, .failed, .delegate, .queueResolved, .linkResolved, .volumeSet,
      .linkPlayRequested, .progressRequested, .progressLoaded, .collectionResolved:
      return false
    }
  }
}
