import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient
import Playback

/// Everything the app's effects touch, as values: the iTunes client, history, favourites, the
/// clock, the browser, the filters store and the preview player. TunesLive builds the live value; tests build one from
/// in-memory parts.
public struct TunesDependencies: Sendable {
  /// The iTunes API.
  public var client: ITunesClient
  /// Search history.
  public var history: HistoryClient
  /// Favourites.
  public var favorites: FavoritesClient
  /// Time, for the rate-limit countdown.
  public var clock: AppClock
  /// Opens an http(s) URL in the browser (`xdg-open` with an argument list, never a shell).
  /// The reducer only ever passes http and https URLs.
  public var openURL: @Sendable (URL) async throws -> Void
  /// Where applied filters are persisted.
  public var filtersStore: FiltersStore
  /// The spinner's frame time on `clock`; `nil` draws a still spinner (tests that do not
  /// look at it).
  public var spinnerInterval: Duration?
  /// Whether answers come from the local cache only (`--offline`): the status bar says so.
  public var offline: Bool = false
  /// Tiles per row fixed by the config key `columns`, or `nil` to follow the width.
  public var columns: Int? = nil
  /// Plays previews. The default has no mpv: every command fails with the install line.
  public var player: Player = .unavailable
  /// How video previews are shown (default: as sound, which is what tests without a terminal
  /// get).
  public var video = VideoPolicy()
  /// Artwork: off unless the live wiring turns it on.
  public var artwork: ArtworkClient = .disabled
  /// The app on the desktop: MPRIS and notifications in the live app, nothing here.
  public var presence: AppPresence = .none
  /// Keeping watch: the Changes row, checks, an item's history and storefronts (unavailable
  /// unless the live wiring provides it).
  public var watch: WatchClient = .unavailable
  /// Where podcast episodes were left (SQLite in the live app).
  public var listening: ListeningClient = .inMemory()
  /// Writes an M3U8 playlist's text as `queue.m3u8` and returns where it went (`W`).
  public var writePlaylist: @Sendable (String) async throws -> String = { _ in
    throw FeatureError.storage("No place to write a playlist here.")
  }
  /// The URL to play for an item, or `nil` when it has no preview (live: moved to
  /// `TUNES_MEDIA_BASE` when that is set).
  public var previewURL: @Sendable (CatalogItem) -> URL? = { $0.playableURL }
  /// Whether the client answers from the built-in demo catalogue (`tunes --demo`).
  public var isDemo: Bool = false
  /// How the terminal app draws artwork (the protocol the start-up probe chose), shown in the
  /// settings panel; `nil` when unknown.
  public var imagesMode: String? = nil
  /// Switches the client (and history and favourites, to memory) to the built-in demo
  /// catalogue for the rest of the session; `nil` when the demo cannot be offered.
  public var switchToDemo: (@Sendable () async throws -> Void)? = nil
  /// Work the app starts in the background once it is up (live: the daily integrity check of
  /// the history and favourites database, off the UI loop); the sentence to show when it found
  /// something, else `nil`.
  public var backgroundCheck: @Sendable () async -> String? = { nil }

  /// Makes the dependencies.
  public init(
    client: ITunesClient, history: HistoryClient, favorites: FavoritesClient, clock: AppClock,
    openURL: @escaping @Sendable (URL) async throws -> Void, filtersStore: FiltersStore,
    spinnerInterval: Duration? = nil
  ) {
    self.client = client
    self.history = history
    self.favorites = favorites
    self.clock = clock
    self.openURL = openURL
    self.filtersStore = filtersStore
    self.spinnerInterval = spinnerInterval
  }

  /// Dependencies for tests: a failing client, empty in-memory history, favourites and filters,
  /// a clock whose time stands still, and a browser that does nothing. Replace what a test needs.
  public static var test: TunesDependencies {
    TunesDependencies(
      client: .failing(), history: .inMemory(), favorites: .inMemory(), clock: .immediate,
      openURL: { _ in }, filtersStore: .inMemory())
  }
}
