import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient
import TerminalPOSIX
import TunesFeatures
import TunesStorage

/// The real dependencies of the terminal app: the iTunes client (with the response cache in
/// `$XDG_CACHE_HOME`), history and favourites in SQLite, filters in the config file, the live
/// clock, and `xdg-open` for links.
public enum LiveDependencies {
  /// The dependencies and, when the database could not be opened, why (the app then runs
  /// with history and favourites kept in memory only, and shows a notice).
  ///
  /// - Parameters:
  ///   - configuration: the client's base URL and timeout.
  ///   - paths: where the database, cache and config file live.
  ///   - cacheMode: `.normal` (fresh answers from the cache, stale ones when the network
  ///     fails), `.offline` or `.disabled`.
  ///   - log: diagnostics.
  public static func make(
    configuration: ClientConfiguration, paths: StoragePaths,
    cacheMode: ResponseCachePolicy.Mode = .normal, log: Log
  ) -> (dependencies: TunesDependencies, storageProblem: String?) {
    var problem: String?
    let database: TunesDatabase?
    do {
      database = try TunesDatabase.open(paths: paths)
    } catch {
      log.log("storage: \(error.localizedDescription)")
      problem = "History and favourites are off this session: \(error.localizedDescription)"
      database = try? TunesDatabase.inMemory()
    }
    var client = ITunesClient.live(configuration: configuration)
    if cacheMode != .disabled {
      if let cache = ResponseCacheBridge.open(paths: paths) {
        client = client.caching(store: cache, policy: ResponseCachePolicy(mode: cacheMode))
      } else {
        log.log("response cache unavailable at \(paths.responseCacheFile.path)")
      }
    }
    let dependencies = TunesDependencies(
      client: client,
      history: database.map { history($0.history, persistent: problem == nil) } ?? .inMemory(),
      favorites: database.map { favorites($0.favorites) } ?? .inMemory(),
      clock: .live, openURL: { url in try openInBrowser(url) },
      filtersStore: FiltersFile.store(at: paths.configFile))
    return (dependencies, problem)
  }

  /// History from the store; without a persistent database nothing is suggested.
  static func history(_ store: HistoryStore, persistent: Bool) -> HistoryClient {
    HistoryClient(
      recent: { persistent ? try store.recent().map(\.query) : [] },
      record: { query, filters in try store.record(query: query, filters: filters.historyFields) })
  }

  /// Favourites from the store; each is kept as the item's JSON.
  static func favorites(_ store: FavoritesStore) -> FavoritesClient {
    FavoritesClient(
      list: {
        try store.list().compactMap { record in
          guard let json = try? JSONParser.parse(Array(record.payload)) else { return nil }
          return CatalogItem(json: json)
        }
      },
      ids: { try store.ids() },
      toggle: { item in
        try store.toggle(
          FavoriteRecord(
            id: item.id, kind: item.kind.rawValue, title: item.title,
            payload: Data(item.jsonBytes), addedAt: Date()))
      })
  }

  /// Opens an http(s) URL with `xdg-open`, given as an argument (never through a shell), its
  /// output discarded so it cannot draw over the screen.
  static func openInBrowser(_ url: URL) throws {
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      throw TUIError.linkRefused(url.absoluteString)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["xdg-open", url.absoluteString]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
  }
}
