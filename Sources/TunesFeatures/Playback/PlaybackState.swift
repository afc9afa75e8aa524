import Foundation
import ITunesCatalog
import Playback

/// What plays: the item (its id and title), the player's state folded from its events, and the
/// last failure. Shared by every screen (the status bar's now-playing line) and the detail of the
/// item that plays (its progress bar and keys).
public struct PlaybackState: Equatable, Sendable {
  /// The id of the item whose preview is loaded, playing or failed; `nil` when none is.
  public var itemID: Int64?
  /// The title of that item, for the now-playing line.
  public var title: String?
  /// The player's state. Its position is kept in steps of `positionStep` seconds.
  public var player: PlayerState
  /// Why the preview of `itemID` failed, if it did (then nothing plays: `isActive` is false).
  public var error: String?
  /// Where the preview is shown: sound only, a window, the terminal.
  public var surface: PlaybackSurface = .audio
  /// The artist (or author) of that item, for the now-playing line.
  public var artist: String?
  /// What is queued, and where in it playback is (kept when a preview stops).
  public var queue = PlayQueue()
  /// The volume in percent, 0–100.
  public var volume = 100
  /// The step `+`/`-` change the volume by.
  public static let volumeStep = 5
  /// Where episodes were left, as far as the app has read or saved them (lists mark them).
  public var progress: [Int64: EpisodeProgress] = [:]
  /// The last 15-second mark at which the episode that plays was remembered.
  public var savedMark: Int?
  /// How often, in seconds of listening, a whole episode's place is remembered.
  public static let saveInterval = 15.0

  /// The step positions are kept in: 0.25 s, so a preview redraws the screen at most four times
  /// a second.
  public static let positionStep = 0.25

  /// Makes a playback state; nothing plays by default.
  public init(
    itemID: Int64? = nil, title: String? = nil, player: PlayerState = PlayerState(),
    error: String? = nil
  ) {
    self.itemID = itemID
    self.title = title
    self.player = player
    self.error = error
  }

  /// Starts on `item`: what plays is new, the queue, volume and progress stay.
  mutating func begin(_ item: CatalogItem, url: URL?) {
    itemID = item.id
    title = item.title
    artist = item.author
    error = nil
    surface = .audio
    savedMark = nil
    player = PlayerState()
    if let url {
      player.apply(.loading(url))
    } else {
      player.phase = .loading
    }
  }

  /// Where the whole episode that plays is (`played`: heard to its end), or `nil` when a preview
  /// plays or nothing does. The app saves it on quit too.
  public func episodeProgress(played: Bool = false) -> EpisodeProgress? {
    guard let item = queue.current, item.playsWholeEpisode, itemID == item.id else { return nil }
    return EpisodeProgress(
      id: item.id, position: played ? (duration ?? position) : position, duration: duration,
      played: played)
  }

  /// Nothing plays any more; the queue, volume and progress stay.
  mutating func end() {
    itemID = nil
    title = nil
    artist = nil
    error = nil
    surface = .audio
    savedMark = nil
    player = PlayerState()
  }

  /// A position rounded down to `positionStep`.
  public static func step(_ seconds: Double) -> Double {
    guard seconds.isFinite else { return 0 }
    return max(0, (seconds / positionStep).rounded(.down) * positionStep)
  }

  /// Whether a preview is loaded or playing (paused included).
  public var isActive: Bool { itemID != nil && player.isActive }

  /// Whether the preview of `itemID` is loaded or playing (paused included).
  public func isPlaying(itemID: Int64) -> Bool { isActive && self.itemID == itemID }

  /// Why the preview of `itemID` failed, if it did.
  public func failure(itemID: Int64) -> String? { self.itemID == itemID ? error : nil }

  /// `▶` for the item that plays (`⏸` while paused), else `nil`: the mark lists show beside it.
  public func mark(for itemID: Int64) -> String? {
    guard isPlaying(itemID: itemID) else { return nil }
    return isPaused ? "⏸" : "▶"
  }

  /// Whether the preview is paused.
  public var isPaused: Bool { player.paused }

  /// Seconds played.
  public var position: Double { player.position }

  /// The preview's length in seconds, once known.
  public var duration: Double? { player.duration }

  /// How much has played, 0…1, once the length is known.
  public var fraction: Double? {
    guard let duration = player.duration, duration > 0 else { return nil }
    return max(0, min(1, player.position / duration))
  }

  /// `12:40`: seconds as minutes and seconds.
  public static func clock(_ seconds: Double) -> String { PlayerState.clock(seconds) }

  /// `0:12`: the time played.
  public var elapsedText: String { PlayerState.clock(player.position) }

  /// `-0:18`: the time left, or `--:--` before the length is known.
  public var remainingText: String {
    guard let duration = player.duration else { return "--:--" }
    return "-" + PlayerState.clock(max(0, duration.rounded() - player.position.rounded(.down)))
  }

  /// `▶ 0:12 / 0:30` (`⏸` while paused).
  public var progressText: String { player.progressText }

  /// Whether the preview is still loading (nothing heard yet).
  public var isLoading: Bool { player.phase == .loading }

  /// Whether a video preview holds the terminal: mpv draws in it and the app writes nothing
  /// (it takes the screen back, redrawn whole, when this turns false).
  public var holdsTerminal: Bool { isActive && surface == .terminal }

  /// Whether the preview's picture is shown (mpv's window is open, or it drew in the terminal).
  public var showsVideo: Bool { isActive && player.videoShown }
}
