/// What the desktop asked the player to do, through MPRIS (media keys, `playerctl`, a shell's
/// media controls). Delivered to `MediaSession`'s `onCommand` on the bus thread.
package enum MediaCommand: Equatable, Sendable {
  /// `Play` (only while `canPlay`).
  case play
  /// `Pause` (only while `canPause`).
  case pause
  /// `PlayPause` (only while `canPause`).
  case playPause
  /// `Stop`.
  case stop
  /// `Next` (only while `canGoNext`).
  case next
  /// `Previous` (only while `canGoPrevious`).
  case previous
  /// `Seek(x)`: move by this much, forward or (negative) back; only while `canSeek`.
  case seek(by: Duration)
  /// `SetPosition(o, x)`: go to a position of the current track; only while `canSeek`, for the
  /// current track's id and a position within the track (the spec's rules; others are dropped).
  case setPosition(trackID: String, to: Duration)
  /// A write of `Volume`, clamped to 0…1.
  case setVolume(Double)
  /// `OpenUri(s)` with an `https` URI (the one scheme tunes declares).
  case openURI(String)
  /// `Raise` on the root interface (`CanRaise` is false: a terminal cannot raise itself).
  case raise
  /// `Quit` on the root interface.
  case quit
}
