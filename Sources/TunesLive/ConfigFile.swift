import Foundation
import Playback
import TunesFeatures
import TunesStorage

/// The settings in `$XDG_CONFIG_HOME/tunes/config.json` that tunes reads.
package struct TunesConfig: Equatable, Sendable {
  /// The applied search filters (key `"filters"`), with the storefront chosen in the settings
  /// (key `"country"`; a `"country"` inside `"filters"`, where older versions kept it, is read
  /// when the top-level key is missing) as `filters.country`.
  package var filters: SearchFilters
  /// Whether searches are recorded in the history (key `"history"`, default `true`).
  package var recordsHistory: Bool
  /// Tiles per row of the results (key `"columns"`, 1–4), or `nil` to follow the width.
  package var columns: Int?
  /// Extra mpv options for previews (key `"mpvOptions"`: a string split on spaces, or an array of
  /// strings), before those of `TUNES_MPV_OPTIONS`.
  package var mpvOptions: [String]
  /// How artwork is drawn (key `"images"`), as written; `nil`: ask the terminal.
  package var images: String? = nil
  /// How video previews are shown (key `"video"`: `auto`, `window`, `terminal`, `audio`), as
  /// written; `nil`: auto.
  package var video: String? = nil
  /// Whether tunes shows itself over MPRIS (key `"mpris"`: `auto`, `always`, `off`), as written.
  package var mpris: String? = nil
  /// When a track change is announced (key `"notifications"`: `auto` while the terminal is not
  /// in front, `always`, `off`), as written.
  package var notifications: String? = nil
  /// The colours (key `"theme"`: `auto` follows the terminal's background, `light`, `dark`),
  /// lowercased; `nil`: auto.
  package var theme: String? = nil

  /// Makes a configuration; the defaults are what a missing file means.
  package init(
    filters: SearchFilters = SearchFilters(), recordsHistory: Bool = true, columns: Int? = nil,
    mpvOptions: [String] = []
  ) {
    self.filters = filters
    self.recordsHistory = recordsHistory
    self.columns = columns
    self.mpvOptions = mpvOptions
  }
}

/// The one reader and writer of `config.json`, for the app and the command line alike. Keys it
/// does not know are kept as they are when it writes.
package enum ConfigFile {
  /// The key the filters live under.
  package static let filtersKey = "filters"
  /// The key of the storefront chosen in the settings (`"GB"`; `null` or missing: none chosen).
  package static let countryKey = "country"
  /// The key that turns history recording off when `false`.
  package static let historyKey = "history"
  /// The key that fixes the number of tile columns.
  package static let columnsKey = "columns"
  /// The key with extra mpv options for previews.
  package static let mpvOptionsKey = "mpvOptions"
  /// The key that picks how artwork is drawn (`auto`, `kitty`, `iterm`, `sixel`, `symbols`,
  /// `none`).
  package static let imagesKey = "images"
  /// The key that picks how video previews are shown (`auto`, `window`, `terminal`, `audio`).
  package static let videoKey = "video"
  /// The key that turns MPRIS off (`off`; `auto` and `always` keep it on).
  package static let mprisKey = "mpris"
  /// The key that says when track changes are announced (`auto`, `always`, `off`).
  package static let notificationsKey = "notifications"
  /// The key that picks the colours (`auto`, `light`, `dark`).
  package static let themeKey = "theme"
  /// The values `theme` takes.
  package static let themeValues = ["auto", "light", "dark"]

  /// Every key tunes reads.
  package static let knownKeys = [
    filtersKey, countryKey, historyKey, columnsKey, mpvOptionsKey, imagesKey, videoKey, mprisKey,
    notificationsKey, themeKey,
  ]

  /// The largest config file read (1 MiB): a bigger one is reported and not read.
  package static let maximumBytes = 1 << 20

  /// Reads the whole configuration; never throws (`read(from:)` says what was wrong).
  package static func load(from url: URL) -> TunesConfig {
    read(from: url).config
  }

  /// Reads the configuration for a caller that does not report problems.
  package static func loadOrDefaults(from url: URL) -> TunesConfig {
    read(from: url).config
  }

  /// A filters store over the config file at `url`: a missing file or key gives the defaults;
  /// a bad value gives the defaults for that key alone (`read(from:)`), and a file that is not
  /// plain JSON is copied aside before a save rewrites it.
  package static func filtersStore(at url: URL) -> FiltersStore {
    FiltersStore(
      load: { read(from: url).config.filters },
      save: { filters in try save(filters, to: url) })
  }

  /// Writes the filters into the file (atomically), keeping its other keys: the storefront as
  /// the top-level `"country"` (removed when none is chosen), the rest under `"filters"`.
  ///
  /// A `config.json` that is a symbolic link stays one: the file it points to is written. A
  /// file that is not plain JSON (comments, trailing commas, a syntax error, not an object) is
  /// first copied to `config.json.bak` (`.bak.2`, … when taken), so nothing in it is lost; the
  /// file keeps its mode (0600 when new).
  /// - Throws: `ConfigFileError.cannotWrite` naming the file and the cause.
  package static func save(_ filters: SearchFilters, to url: URL) throws {
    let target = resolvedLinks(url)
    do {
      try StoragePaths.createDirectory(target.deletingLastPathComponent())
      let reading = read(from: target)
      var dictionary: [String: Any] = [:]
      if let existing = reading.object,
        let object = try? JSONSerialization.jsonObject(with: Data(existing)) as? [String: Any]
      {
        dictionary = object
      }
      if reading.exists, !reading.rewritable { try backUp(target) }
      var rest = filters
      rest.country = nil
      let encoded = try JSONEncoder().encode(rest)
      dictionary[filtersKey] = try JSONSerialization.jsonObject(with: encoded)
      if let country = filters.country {
        dictionary[countryKey] = country
      } else {
        dictionary.removeValue(forKey: countryKey)
      }
      let data = try JSONSerialization.data(
        withJSONObject: dictionary, options: [.prettyPrinted, .sortedKeys])
      var info = stat()
      let mode = stat(target.path, &info) == 0 ? info.st_mode & 0o777 : 0o600
      try data.write(to: target, options: .atomic)
      chmod(target.path, mode)
    } catch let error as ConfigFileError {
      throw error
    } catch {
      throw ConfigFileError.cannotWrite(target.path, reason: error.localizedDescription)
    }
  }

  /// `url` with its last component's symbolic links followed (at most 16), so a write goes
  /// through the link instead of replacing it.
  static func resolvedLinks(_ url: URL) -> URL {
    var current = url
    for _ in 0..<16 {
      guard
        let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path)
      else { return current }
      current =
        destination.hasPrefix("/")
        ? URL(fileURLWithPath: destination)
        : current.deletingLastPathComponent().appendingPathComponent(destination)
    }
    return current
  }

  /// Copies `url` to the first free `url.bak`, `url.bak.2`, ….
  private static func backUp(_ url: URL) throws {
    var candidate = URL(fileURLWithPath: url.path + ".bak")
    var number = 2
    while FileManager.default.fileExists(atPath: candidate.path) {
      candidate = URL(fileURLWithPath: url.path + ".bak.\(number)")
      number += 1
    }
    do {
      try FileManager.default.copyItem(at: url, to: candidate)
    } catch {
      throw ConfigFileError.cannotWrite(
        url.path,
        reason:
          "it is not plain JSON and could not be copied aside first (\(error.localizedDescription))"
      )
    }
  }
}

/// Why `config.json` could not be written.
package enum ConfigFileError: Error, Equatable, LocalizedError {
  /// The file could not be written; the path and the cause.
  case cannotWrite(String, reason: String)

  /// What happened.
  package var errorDescription: String? {
    switch self {
    case .cannotWrite(let path, let reason): return "Settings not saved to \(path): \(reason)."
    }
  }

  /// What to do about it.
  package var recoverySuggestion: String? {
    "Check that the file and its folder can be written."
  }
}
