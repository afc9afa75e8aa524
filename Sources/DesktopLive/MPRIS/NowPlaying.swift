import Foundation

/// What the player is doing, as the desktop's media controls show it: the MPRIS `Player`
/// interface's properties in Swift.
///
/// The app hands a new value to `MediaSession.update(_:)` whenever something changes; the
/// session announces only the properties whose D-Bus values differ.
package struct NowPlaying: Equatable, Sendable {
  /// `PlaybackStatus`: the spec's three words.
  package enum Status: String, Sendable {
    /// A track is playing.
    case playing = "Playing"
    /// A track is paused.
    case paused = "Paused"
    /// Nothing plays.
    case stopped = "Stopped"
  }

  /// Playing, paused or stopped.
  package var status: Status
  /// The track's D-Bus object path, e.g. `/org/tunes/track/1440857781` (`trackPath(id:)`);
  /// `nil`, or a string that is not an object path, is MPRIS's
  /// `/org/mpris/MediaPlayer2/TrackList/NoTrack`.
  package var trackID: String?
  /// `xesam:title`.
  package var title: String?
  /// `xesam:artist` (sent as a list of one).
  package var artist: String?
  /// `xesam:album`.
  package var album: String?
  /// `mpris:length`, sent in microseconds.
  package var length: Duration?
  /// `mpris:artUrl`: a `file://` URL of the artwork in the cache.
  package var artURL: URL?
  /// `xesam:url`: the item's store page.
  package var storeURL: URL?
  /// Where playback was when this value was made. `Position` is read on demand (never
  /// signalled): while playing, the session adds the time since the last `update` or `seeked`.
  package var position: Duration
  /// `Volume`, 0…1.
  package var volume: Double
  /// `CanGoNext`: whether `Next` does something (the session drops it otherwise).
  package var canGoNext: Bool
  /// `CanGoPrevious`.
  package var canGoPrevious: Bool
  /// `CanPlay`.
  package var canPlay: Bool
  /// `CanPause` (also `PlayPause`).
  package var canPause: Bool
  /// `CanSeek` (`Seek` and `SetPosition`).
  package var canSeek: Bool

  /// Makes a value; the defaults are "stopped, no track, nothing can be done".
  package init(
    status: Status = .stopped, trackID: String? = nil, title: String? = nil,
    artist: String? = nil, album: String? = nil, length: Duration? = nil, artURL: URL? = nil,
    storeURL: URL? = nil, position: Duration = .zero, volume: Double = 1,
    canGoNext: Bool = false, canGoPrevious: Bool = false, canPlay: Bool = false,
    canPause: Bool = false, canSeek: Bool = false
  ) {
    self.status = status
    self.trackID = trackID
    self.title = title
    self.artist = artist
    self.album = album
    self.length = length
    self.artURL = artURL
    self.storeURL = storeURL
    self.position = position
    self.volume = volume
    self.canGoNext = canGoNext
    self.canGoPrevious = canGoPrevious
    self.canPlay = canPlay
    self.canPause = canPause
    self.canSeek = canSeek
  }

  /// The object path tunes uses for a catalogue item: `/org/tunes/track/ID` (MPRIS reserves
  /// `/org/mpris` for itself).
  package static func trackPath(id: Int) -> String {
    "/org/tunes/track/" + (id < 0 ? "n\(id.magnitude)" : "\(id)")
  }
}
