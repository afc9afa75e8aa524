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

  /// Reads the whole configuration. A missing file gives the defaults.
  /// - Throws: when the file exists but is not a JSON object, or its filters cannot be read.
  package static func load(from url: URL) throws -> TunesConfig {
    guard let data = FileManager.default.contents(atPath: url.path) else { return TunesConfig() }
    guard let dictionary = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw ConfigFileError.notAnObject(url.path)
    }
    var config = TunesConfig()
    if let flag = dictionary[historyKey] as? Bool { config.recordsHistory = flag }
    if let columns = dictionary[columnsKey] as? Int, (1...4).contains(columns) {
      config.columns = columns
    }
    if let text = dictionary[mpvOptionsKey] as? String {
      config.mpvOptions = PlayerConfiguration.splitOptions(text)
    } else if let list = dictionary[mpvOptionsKey] as? [String] {
      config.mpvOptions = list.filter { !$0.isEmpty }
    }
    if let images = dictionary[imagesKey] as? String { config.images = images }
    if let video = dictionary[videoKey] as? String { config.video = video }
    if let mpris = dictionary[mprisKey] as? String { config.mpris = mpris }
    if let notifications = dictionary[notificationsKey] as? String {
      config.notifications = notifications
    }
    if let filters = dictionary[filtersKey] {
      let bytes = try JSONSerialization.data(withJSONObject: filters)
      config.filters = try JSONDecoder().decode(SearchFilters.self, from: bytes)
    }
    // The setting wins over an older config's filters country; null is none chosen.
    if let country = dictionary[countryKey] {
      let text = (country as? String)?.trimmingCharacters(in: .whitespaces) ?? ""
      config.filters.country = text.isEmpty ? nil : text
    }
    return config
  }

  /// Reads the configuration, falling back to the defaults when the file cannot be read (the
  /// command line's history check, which must never fail a search).
  package static func loadOrDefaults(from url: URL) -> TunesConfig {
    (try? load(from: url)) ?? TunesConfig()
  }

  /// A filters store over the config file at `url`: a missing file or key gives the defaults;
  /// a damaged file is reported (the app shows a notice) and not overwritten until a save.
  package static func filtersStore(at url: URL) -> FiltersStore {
    FiltersStore(
      load: { try load(from: url).filters },
      save: { filters in try save(filters, to: url) })
  }

  /// Writes the filters into the file (atomically), keeping its other keys: the storefront as
  /// the top-level `"country"` (removed when none is chosen), the rest under `"filters"`.
  package static func save(_ filters: SearchFilters, to url: URL) throws {
    try StoragePaths.createDirectory(url.deletingLastPathComponent())
    var dictionary: [String: Any] = [:]
    if let data = FileManager.default.contents(atPath: url.path),
      let existing = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    {
      dictionary = existing
    }
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
    try data.write(to: url, options: .atomic)
  }
}

/// Why `config.json` could not be used.
package enum ConfigFileError: Error, Equatable, LocalizedError {
  /// The file holds JSON that is not an object.
  case notAnObject(String)

  /// What happened.
  package var errorDescription: String? {
    switch self {
    case .notAnObject(let path): return "\(path) is not a JSON object."
    }
  }

  /// What to do about it.
  package var recoverySuggestion: String? {
    "Fix the file or move it aside; tunes writes a new one when settings change."
  }
}
