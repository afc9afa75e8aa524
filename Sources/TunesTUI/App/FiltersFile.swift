import Foundation
import TunesFeatures
import TunesStorage

/// The filters kept in `$XDG_CONFIG_HOME/tunes/config.json`, under the key `"filters"`;
/// other keys in the file are left as they are.
public enum FiltersFile {
  /// The key the filters live under.
  public static let key = "filters"

  /// A filters store over the config file at `url`: a missing file or key gives the defaults;
  /// a damaged file is reported (the app shows a notice) and not overwritten until a save.
  public static func store(at url: URL) -> FiltersStore {
    FiltersStore(
      load: { try load(from: url) },
      save: { filters in try save(filters, to: url) })
  }

  /// Reads the filters from the file.
  public static func load(from url: URL) throws -> SearchFilters {
    guard let data = FileManager.default.contents(atPath: url.path) else { return SearchFilters() }
    let object = try JSONSerialization.jsonObject(with: data)
    guard let dictionary = object as? [String: Any], let filters = dictionary[key] else {
      return SearchFilters()
    }
    let bytes = try JSONSerialization.data(withJSONObject: filters)
    return try JSONDecoder().decode(SearchFilters.self, from: bytes)
  }

  /// Writes the filters into the file (atomically), keeping its other keys.
  public static func save(_ filters: SearchFilters, to url: URL) throws {
    try StoragePaths.createDirectory(url.deletingLastPathComponent())
    var dictionary: [String: Any] = [:]
    if let data = FileManager.default.contents(atPath: url.path),
      let existing = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    {
      dictionary = existing
    }
    let encoded = try JSONEncoder().encode(filters)
    dictionary[key] = try JSONSerialization.jsonObject(with: encoded)
    let data = try JSONSerialization.data(
      withJSONObject: dictionary, options: [.prettyPrinted, .sortedKeys])
    try data.write(to: url, options: .atomic)
  }
}
