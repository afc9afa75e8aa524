import Artwork
import DesktopLive
import Foundation
import ITunesCatalog
import Synchronization
import TerminalPOSIX
import TunesFeatures

/// The app on the desktop: what plays, published over MPRIS (`MediaSession`), commands from the
/// bus turned into the app's actions, and a notification when the track changes while the
/// terminal is not in front (or always, by config): on the bus (`DesktopNotifier`), else the
/// terminal's own (OSC 99 / 777 / 9, through tmux). The config keys `"mpris"` and
/// `"notifications"` take `auto`, `always` or `off`.
package final class DesktopPresence: Sendable {
  /// `auto`, `always` or `off`, as the config keys say.
  package enum Mode: String, Sendable {
    case auto, always, off

    /// The mode a config value names; `auto` for a missing or unknown one.
    init(_ text: String?) { self = text.flatMap(Mode.init(rawValue:)) ?? .auto }
  }

  /// What a command needs of the last state seen.
  struct Snapshot: Equatable {
    var active = false
    var paused = false
    var position = 0.0
    var trackID: String?
  }

  private struct State {
    var send: (@Sendable (AppAction) -> Void)?
    var session: MediaSession?
    var notifier: DesktopNotifier?
    var snapshot = Snapshot()
    var published: NowPlaying?
    var lastPosition: Double?
    var announced: Int64?
    var covers: [Int64: URL] = [:]
    var coversAsked: Set<Int64> = []
    /// Covers whose fetch has ended, found or not.
    var coversDone: Set<Int64> = []
    /// The track whose bubble waits for its cover.
    var waitingAnnouncement: Int64?
    /// How many of the watch's findings were announced (each check that found something once).
    var announcedFindings = 0
    var stopped = false
  }

  private let state = Mutex(State())
  private let mpris: Mode
  private let notifications: Mode
  private let environment: [String: String]
  private let cover: @Sendable (CatalogItem) async -> URL?
  private let log: Log

  /// Makes the presence; nothing connects before `start`.
  /// - Parameters:
  ///   - cover: the cover of an item as a file (the artwork cache's), fetched if need be.
  package init(
    mpris: Mode, notifications: Mode, environment: [String: String], log: Log,
    cover: @escaping @Sendable (CatalogItem) async -> URL?
  ) {
    self.mpris = mpris
    self.notifications = notifications
    self.environment = environment
    self.log = log
    self.cover = cover
  }

  /// The presence as the app's dependency.
  package var presence: AppPresence {
    AppPresence(
      start: { [self] send in start(send) }, update: { [self] app in update(app) },
      stop: { [self] in stop() })
  }

  /// Connects to the bus off the UI loop (a silent bus cannot hold up the first frame).
  func start(_ send: @escaping @Sendable (AppAction) -> Void) {
    state.withLock { $0.send = send }
    guard mpris != .off || notifications != .off else { return }
    Thread.detachNewThread { [self] in
      var session: MediaSession?
      if mpris != .off {
        switch MediaSession.connect(
          environment: environment,
          onCommand: { [self] command in
            handle(command)
          })
        {
        case .on(let connected):
          session = connected
          log.log("mpris: on as \(connected.busName)")
        case .off(let reason):
          log.log("mpris: \(reason)")
        }
      }
      // Over SSH the bus is the remote machine's: the terminal's own notification reaches the
      // person instead.
      let remote = !(environment["SSH_CONNECTION"] ?? "").isEmpty
      let notifier =
        notifications == .off || remote
        ? nil : DesktopNotifier.connect(environment: environment)
      let keep = state.withLock { state -> Bool in
        guard !state.stopped else { return false }
        state.session = session
        state.notifier = notifier
        return true
      }
      guard keep else {
        session?.close()
        notifier?.close()
        return
      }
      if let published = state.withLock({ $0.published }) { session?.update(published) }
    }
  }

  /// Leaves the bus.
  func stop() {
    let (session, notifier) = state.withLock { state in
      state.stopped = true
      defer {
        state.session = nil
        state.notifier = nil
      }
      return (state.session, state.notifier)
    }
    session?.close()
    notifier?.close()
  }

  /// Publishes what plays and announces a new track; returns a terminal notification's bytes
  /// when there is no notification service to take it.
  func update(_ app: AppState) -> [UInt8] {
    let watch = announceFinding(app)
    return watch + updatePlayback(app)
  }

  /// A check of the watch that found something (a price drop, a new version, a release) is
  /// announced like a track change: once, when notifications are on (`auto`: while the terminal
  /// is not in front). Returns a terminal notification's bytes where there is no service.
  private func announceFinding(_ app: AppState) -> [UInt8] {
    let (fresh, notifier) = state.withLock { state -> (Bool, DesktopNotifier?) in
      guard app.watch.findings > state.announcedFindings else { return (false, nil) }
      state.announcedFindings = app.watch.findings
      return (true, state.notifier)
    }
    guard fresh, let text = app.watch.lastFinding, shouldAnnounce(focused: app.terminalFocused)
    else { return [] }
    let summary = "tunes: keeping watch"
    guard let notifier else {
      return Array(
        TerminalNotification.sequence(summary: summary, body: text, environment: environment)
          .utf8)
    }
    notifier.notify(summary: summary, body: text, imagePath: nil)
    return []
  }

  private func updatePlayback(_ app: AppState) -> [UInt8] {
    let playback = app.playback
    let item = playback.queue.current.flatMap { $0.id == playback.itemID ? $0 : nil }
    let covers = state.withLock { $0.covers }
    let now = Self.nowPlaying(playback, item: item, cover: item.flatMap { covers[$0.id] })
    let (session, jumped, askCover, announce, notifier) = state.withLock {
      state -> (MediaSession?, Duration?, CatalogItem?, CatalogItem?, DesktopNotifier?) in
      state.snapshot = Snapshot(
        active: playback.isActive, paused: playback.isPaused, position: playback.position,
        trackID: now.trackID)
      var jump: Duration?
      if let last = state.lastPosition, state.published?.trackID == now.trackID,
        playback.isActive, abs(playback.position - last) > Self.seekThreshold
      {
        jump = now.position
      }
      state.lastPosition = playback.isActive ? playback.position : nil
      let changed = state.published != now
      state.published = now
      var ask: CatalogItem?
      if let item, state.covers[item.id] == nil, !state.coversAsked.contains(item.id) {
        state.coversAsked.insert(item.id)
        ask = item
      }
      var announce: CatalogItem?
      if let item, playback.player.phase == .playing, state.announced != item.id {
        state.announced = item.id
        announce = item
      }
      return (changed ? state.session : nil, jump, ask, announce, state.notifier)
    }
    session?.update(now)
    if let jumped { state.withLock { $0.session }?.seeked(to: jumped) }
    if let askCover { fetchCover(askCover) }
    guard let announce, shouldAnnounce(focused: app.terminalFocused) else { return [] }
    if notifier == nil {
      // The terminal's own notification has no picture: it goes out at once.
      return Array(
        TerminalNotification.sequence(
          summary: announce.title, body: Self.body(announce), environment: environment
        ).utf8)
    }
    // The bubble waits for its cover while that is being fetched (a failed fetch sends it
    // without one).
    let waits = state.withLock { state -> Bool in
      guard state.covers[announce.id] == nil, state.coversAsked.contains(announce.id),
        !state.coversDone.contains(announce.id)
      else { return false }
      state.waitingAnnouncement = announce.id
      return true
    }
    if !waits { notify(announce) }
    return []
  }

  /// `Artist — Album` under a notification's title.
  static func body(_ item: CatalogItem) -> String {
    [item.author, item.collection].compactMap { $0 }.joined(separator: " — ")
  }

  /// Shows the bubble for `item` with its cover, if it has one yet.
  private func notify(_ item: CatalogItem) {
    let (notifier, cover) = state.withLock { ($0.notifier, $0.covers[item.id]) }
    notifier?.notify(summary: item.title, body: Self.body(item), imagePath: cover?.path)
  }

  /// Whether a track change is announced: never when off, always when asked, else while the
  /// terminal is not in front.
  func shouldAnnounce(focused: Bool) -> Bool {
    switch notifications {
    case .off: return false
    case .always: return true
    case .auto: return !focused
    }
  }

  /// A jump in position bigger than this between two frames is a seek (`Seeked`).
  static let seekThreshold = 1.5

  private func fetchCover(_ item: CatalogItem) {
    Task { [self] in
      let file = await cover(item)
      let announce = state.withLock { state -> Bool in
        state.coversDone.insert(item.id)
        guard state.waitingAnnouncement == item.id else { return false }
        state.waitingAnnouncement = nil
        return true
      }
      defer { if announce { notify(item) } }
      guard let file else { return }
      let republish = state.withLock { state -> (MediaSession, NowPlaying)? in
        state.covers[item.id] = file
        guard let session = state.session, var published = state.published,
          published.trackID == Self.trackID(item.id)
        else { return nil }
        published.artURL = file
        state.published = published
        return (session, published)
      }
      if let (session, published) = republish { session.update(published) }
    }
  }

  /// The MPRIS track id of an item.
  static func trackID(_ id: Int64) -> String { NowPlaying.trackPath(id: Int(id)) }

  /// What MPRIS shows for the app's playback.
  static func nowPlaying(_ playback: PlaybackState, item: CatalogItem?, cover: URL?) -> NowPlaying {
    let queue = playback.queue
    guard playback.isActive, let item else {
      return NowPlaying(
        status: .stopped, volume: Double(playback.volume) / 100,
        canGoNext: queue.hasNext, canGoPrevious: queue.hasPrevious,
        canPlay: queue.current != nil, canPause: false, canSeek: false)
    }
    let length = playback.duration.map { Duration.milliseconds(Int64(($0 * 1000).rounded())) }
    return NowPlaying(
      status: playback.isPaused ? .paused : .playing, trackID: trackID(item.id),
      title: item.title, artist: item.author, album: item.collection, length: length,
      artURL: cover, storeURL: item.storeURL,
      position: .milliseconds(Int64((playback.position * 1000).rounded())),
      volume: Double(playback.volume) / 100, canGoNext: queue.hasNext,
      canGoPrevious: queue.hasPrevious || playback.position > 0, canPlay: true, canPause: true,
      canSeek: true)
  }

  /// The app's action for a command from the bus (`nil`: nothing to do in this state).
  static func action(for command: MediaCommand, _ snapshot: Snapshot) -> AppAction? {
    switch command {
    case .play:
      guard !snapshot.active || snapshot.paused else { return nil }
      return snapshot.active ? .playback(.pauseToggled) : .playback(.resumeOrPlayRequested(nil))
    case .pause:
      return snapshot.active && !snapshot.paused ? .playback(.pauseToggled) : nil
    case .playPause: return .playback(.resumeOrPlayRequested(nil))
    case .stop: return .playback(.stopRequested)
    case .next: return .playback(.nextRequested)
    case .previous: return .playback(.previousRequested)
    case .seek(let by): return .playback(.seekRequested(by.seconds))
    case .setPosition(let trackID, let to):
      guard trackID == snapshot.trackID else { return nil }
      return .playback(.seekRequested(to.seconds - snapshot.position))
    case .setVolume(let volume):
      return .playback(.volumeSet(Int((volume * 100).rounded())))
    case .openURI(let text):
      return StoreLink(text).map { .playback(.linkPlayRequested($0)) }
    case .quit: return .quitRequested
    case .raise: return nil
    }
  }

  private func handle(_ command: MediaCommand) {
    let (send, snapshot) = state.withLock { ($0.send, $0.snapshot) }
    guard let send, let action = Self.action(for: command, snapshot) else { return }
    send(action)
  }
}

extension Duration {
  /// The duration in seconds, as a `Double`.
  fileprivate var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
