/// The settings the panel (`S`) edits besides the storefront, as the config file keeps them:
/// `"images"`, `"video"`, `"history"`, `"columns"` and `"notifications"`.
public struct Preferences: Equatable, Sendable {
  /// How artwork is drawn: `auto` (ask the terminal), `kitty`, `iterm`, `sixel`, `symbols`, `none`.
  public var images: String
  /// How video previews are shown: `auto`, `window`, `terminal`, `audio`.
  public var video: String
  /// Whether searches are recorded in the history.
  public var history: Bool
  /// Tiles per row, 1–4, or `nil` to follow the width.
  public var columns: Int?
  /// When a track change is announced: `auto`, `always`, `off`.
  public var notifications: String

  /// The choices ←/→ step through for images.
  public static let imageChoices = ["auto", "kitty", "iterm", "sixel", "symbols", "none"]
  /// The choices for video.
  public static let videoChoices = ["auto", "window", "terminal", "audio"]
  /// The choices for columns (`nil`: follow the width).
  public static let columnChoices: [Int?] = [nil, 1, 2, 3, 4]
  /// The choices for notifications.
  public static let notificationChoices = ["auto", "always", "off"]

  /// Makes preferences; the defaults are what a config file without the keys means.
  public init(
    images: String = "auto", video: String = "auto", history: Bool = true, columns: Int? = nil,
    notifications: String = "auto"
  ) {
    self.images = images
    self.video = video
    self.history = history
    self.columns = columns
    self.notifications = notifications
  }

  /// These preferences with `field` stepped `delta` choices (wrapping); the country is not
  /// one of them (``SettingsEditing/step(_:by:)``).
  public func stepped(_ field: SettingsState.Field, by delta: Int) -> Preferences {
    func next<T: Equatable>(_ options: [T], _ current: T) -> T {
      let index = options.firstIndex(of: current) ?? 0
      let count = options.count
      return options[((index + delta) % count + count) % count]
    }
    var copy = self
    switch field {
    case .country: break
    case .images: copy.images = next(Self.imageChoices, images)
    case .video: copy.video = next(Self.videoChoices, video)
    case .history: copy.history.toggle()
    case .columns: copy.columns = next(Self.columnChoices, columns)
    case .notifications: copy.notifications = next(Self.notificationChoices, notifications)
    }
    return copy
  }

  /// Whether a change from `old` waits for the next start (the terminal's image protocol, the
  /// video output and the desktop announcements are chosen when the app starts).
  public func needsRestart(from old: Preferences) -> Bool {
    images != old.images || video != old.video || notifications != old.notifications
  }
}

/// Where the preferences are kept (the config file in the live app).
public struct PreferencesStore: Sendable {
  /// Writes them.
  public var save: @Sendable (Preferences) async throws -> Void

  /// Makes a store from its closure.
  public init(save: @escaping @Sendable (Preferences) async throws -> Void) {
    self.save = save
  }

  /// A store that keeps nothing (tests that do not look).
  public static let discarding = PreferencesStore(save: { _ in })
}
