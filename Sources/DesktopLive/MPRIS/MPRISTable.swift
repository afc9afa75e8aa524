import Foundation

/// The whole MPRIS player in one table: each method of `org.mpris.MediaPlayer2` and
/// `org.mpris.MediaPlayer2.Player` with the command it becomes, and each property with its D-Bus
/// type and its value as a pure function of `NowPlaying` (so a change is found by comparing two
/// values, and announced only for the properties that differ).
///
/// Specification: https://specifications.freedesktop.org/mpris-spec/latest/
enum MPRISTable {
  /// The root interface's name.
  static let rootInterface = "org.mpris.MediaPlayer2"
  /// The player interface's name.
  static let playerInterface = "org.mpris.MediaPlayer2.Player"
  /// `mpris:trackid` when there is no track.
  static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"

  /// A property: name, type, whether a change is signalled, its value, and (when writable) the
  /// command a write becomes (`nil`: the write is taken and ignored).
  struct Property: Sendable {
    var name: String
    var type: String
    var signalled = true
    var value: @Sendable (NowPlaying) -> BusValue
    var write: (@Sendable (BusValue) -> MediaCommand?)?
  }

  /// A method: name, arguments, and the command a call becomes given the current state (`nil`:
  /// the spec says the call has no effect).
  struct Method: Sendable {
    var name: String
    var arguments: [BusArgument] = []
    var command: @Sendable ([BusValue], NowPlaying) -> MediaCommand?
  }

  // MARK: org.mpris.MediaPlayer2

  static let rootMethods: [Method] = [
    Method(name: "Raise") { _, _ in .raise },
    Method(name: "Quit") { _, _ in .quit },
  ]

  static func rootProperties(identity: String) -> [Property] {
    [
      Property(name: "CanQuit", type: "b") { _ in .bool(true) },
      Property(name: "CanRaise", type: "b") { _ in .bool(false) },
      Property(name: "HasTrackList", type: "b") { _ in .bool(false) },
      Property(name: "Identity", type: "s") { _ in .string(identity) },
      Property(name: "DesktopEntry", type: "s") { _ in .string("tunes") },
      Property(name: "SupportedUriSchemes", type: "as") { _ in .strings(["https"]) },
      Property(name: "SupportedMimeTypes", type: "as") { _ in
        .strings(["audio/mp4", "audio/mpeg", "video/mp4"])
      },
    ]
  }

  // MARK: org.mpris.MediaPlayer2.Player

  static let playerMethods: [Method] = [
    Method(name: "Next") { _, now in now.canGoNext ? .next : nil },
    Method(name: "Previous") { _, now in now.canGoPrevious ? .previous : nil },
    Method(name: "Pause") { _, now in now.canPause ? .pause : nil },
    Method(name: "PlayPause") { _, now in now.canPause ? .playPause : nil },
    Method(name: "Stop") { _, _ in .stop },
    Method(name: "Play") { _, now in now.canPlay ? .play : nil },
    Method(name: "Seek", arguments: [BusArgument("Offset", "x")]) { arguments, now in
      guard now.canSeek, case .int64(let offset)? = arguments.first else { return nil }
      return .seek(by: .microseconds(offset))
    },
    Method(
      name: "SetPosition", arguments: [BusArgument("TrackId", "o"), BusArgument("Position", "x")]
    ) { arguments, now in
      guard now.canSeek, arguments.count == 2, case .objectPath(let track) = arguments[0],
        case .int64(let microseconds) = arguments[1], track == trackPath(of: now),
        microseconds >= 0, microseconds <= now.length?.microseconds ?? .max
      else { return nil }
      return .setPosition(trackID: track, to: .microseconds(microseconds))
    },
    Method(name: "OpenUri", arguments: [BusArgument("Uri", "s")]) { arguments, _ in
      guard case .string(let uri)? = arguments.first,
        uri.lowercased().hasPrefix("https://")
      else { return nil }
      return .openURI(uri)
    },
  ]

  static let playerProperties: [Property] = [
    Property(name: "PlaybackStatus", type: "s") { .string($0.status.rawValue) },
    Property(name: "Rate", type: "d", value: { _ in .double(1) }, write: { _ in nil }),
    Property(name: "Metadata", type: "a{sv}") { .dictionary(metadata(of: $0)) },
    Property(
      name: "Volume", type: "d", value: { .double($0.volume) },
      write: { value in
        guard case .double(let volume) = value, !volume.isNaN else { return nil }
        return .setVolume(min(max(volume, 0), 1))
      }),
    Property(name: "Position", type: "x", signalled: false) { .int64($0.position.microseconds) },
    Property(name: "MinimumRate", type: "d") { _ in .double(1) },
    Property(name: "MaximumRate", type: "d") { _ in .double(1) },
    Property(name: "CanGoNext", type: "b") { .bool($0.canGoNext) },
    Property(name: "CanGoPrevious", type: "b") { .bool($0.canGoPrevious) },
    Property(name: "CanPlay", type: "b") { .bool($0.canPlay) },
    Property(name: "CanPause", type: "b") { .bool($0.canPause) },
    Property(name: "CanSeek", type: "b") { .bool($0.canSeek) },
    // Constant, and the spec says its changes are not signalled.
    Property(name: "CanControl", type: "b", signalled: false) { _ in .bool(true) },
  ]

  static let playerSignals = [BusSignal("Seeked", arguments: [BusArgument("Position", "x")])]

  /// `mpris:trackid` for `nowPlaying`: its id when that is an object path, else `NoTrack`.
  static func trackPath(of nowPlaying: NowPlaying) -> String {
    guard let id = nowPlaying.trackID, BusValue.isObjectPath(id) else { return noTrack }
    return id
  }

  /// The `Metadata` dictionary; keys of missing values are left out (`mpris:trackid` is always
  /// there, as the spec asks).
  static func metadata(of nowPlaying: NowPlaying) -> [String: BusValue] {
    var entries: [String: BusValue] = ["mpris:trackid": .objectPath(trackPath(of: nowPlaying))]
    entries["mpris:length"] = nowPlaying.length.map { .int64($0.microseconds) }
    entries["mpris:artUrl"] = nowPlaying.artURL.map { .string($0.absoluteString) }
    entries["xesam:title"] = nowPlaying.title.map(BusValue.string)
    entries["xesam:artist"] = nowPlaying.artist.map { .strings([$0]) }
    entries["xesam:album"] = nowPlaying.album.map(BusValue.string)
    entries["xesam:url"] = nowPlaying.storeURL.map { .string($0.absoluteString) }
    return entries
  }

  /// The properties of `properties` whose signalled values differ between `old` and `new`.
  static func changes(
    in properties: [Property], from old: NowPlaying, to new: NowPlaying
  ) -> [String: BusValue] {
    var changed: [String: BusValue] = [:]
    for property in properties where property.signalled {
      let value = property.value(new)
      if value != property.value(old) { changed[property.name] = value }
    }
    return changed
  }
}

extension Duration {
  /// The duration in whole microseconds (MPRIS's unit), saturating at `Int64`'s bounds.
  var microseconds: Int64 {
    let (seconds, attoseconds) = components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
    guard !overflow else { return seconds < 0 ? .min : .max }
    return whole.addingReportingOverflow(attoseconds / 1_000_000_000_000).overflow
      ? (seconds < 0 ? .min : .max) : whole + attoseconds / 1_000_000_000_000
  }
}
