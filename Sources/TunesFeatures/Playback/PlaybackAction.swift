import ITunesCatalog
import Playback

/// What happened to the preview player: keys on a detail screen, and what the player reported.
public enum PlaybackAction: Equatable, Sendable {
  /// `p` or Space on a detail whose item is not playing: play its preview (replacing any other).
  case playRequested(CatalogItem)
  /// `p` or Space on an item: pause or resume it when it is the one playing, else play it.
  case playOrPauseRequested(CatalogItem)
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
    case .playRequested, .playOrPauseRequested, .pauseToggled, .seekRequested, .stopRequested:
      return true
    case .playerEvent, .failed, .delegate: return false
    }
  }
}
