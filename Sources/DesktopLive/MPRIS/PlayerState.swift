import Synchronization

/// The session's one copy of `NowPlaying`, shared by the caller's threads (`update`, `seeked`)
/// and the bus thread (property reads, announcements).
///
/// It keeps two values: `latest`, what reads answer, and `announced`, what the last
/// `PropertiesChanged` told listeners; `takeAnnouncement()` hands both over and makes them one,
/// so a burst of updates becomes one signal with the net change. The position is a starting point
/// and the moment it was given (`clock`, elapsed time since any fixed origin); while playing, a
/// read adds the time since.
final class PlayerState: Sendable {
  private struct Values {
    var latest = NowPlaying()
    var announced = NowPlaying()
    var anchoredAt: Duration
    var announcementPending = false
  }

  private let clock: @Sendable () -> Duration
  private let values: Mutex<Values>

  /// Makes the state; `clock` is the time since a fixed origin (the continuous clock's by
  /// default; tests pass their own).
  init(clock: @escaping @Sendable () -> Duration = PlayerState.continuousClock) {
    self.clock = clock
    values = Mutex(Values(anchoredAt: clock()))
  }

  /// The time since this process's first call, on the continuous clock.
  static let continuousClock: @Sendable () -> Duration = {
    let origin = ContinuousClock.now
    return { ContinuousClock.now - origin }
  }()

  /// The latest value, its position moved on by the time since it was given while playing
  /// (never past the track's length, never negative).
  var current: NowPlaying {
    let now = clock()
    return values.withLock { values in
      var playing = values.latest
      if playing.status == .playing {
        playing.position += now - values.anchoredAt
      }
      if let length = playing.length, playing.position > length { playing.position = length }
      if playing.position < .zero { playing.position = .zero }
      return playing
    }
  }

  /// Stores `nowPlaying` (its position counts from now); returns whether an announcement must be
  /// scheduled (none is pending yet).
  func store(_ nowPlaying: NowPlaying) -> Bool {
    let now = clock()
    return values.withLock { values in
      values.latest = nowPlaying
      values.anchoredAt = now
      defer { values.announcementPending = true }
      return !values.announcementPending
    }
  }

  /// Moves the position to `position` as of now (after a seek), changing nothing else.
  func seek(to position: Duration) {
    let now = clock()
    values.withLock { values in
      values.latest.position = position
      values.anchoredAt = now
    }
  }

  /// What was last announced and what is latest; from now on the latest counts as announced.
  func takeAnnouncement() -> (announced: NowPlaying, latest: NowPlaying) {
    values.withLock { values in
      defer {
        values.announced = values.latest
        values.announcementPending = false
      }
      return (values.announced, values.latest)
    }
  }
}
