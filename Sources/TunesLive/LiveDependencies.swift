import AppArchitecture
import Foundation
import ITunesCatalog
import ITunesClient
import TerminalPOSIX
import TunesFeatures
import TunesStorage

/// The live dependencies of the app, put together in one place: the iTunes client (with the
/// response cache in `$XDG_CACHE_HOME`), history and favourites in SQLite, the settings in the
/// config file, the live clock, and the browser opener.
package enum LiveDependencies {
  /// The live dependencies and the notices the app shows at start: why history and
  /// favourites are not persisted, that a damaged database was kept aside and where, that the
  /// config file could not be read.
  ///
  /// - Parameters:
  ///   - configuration: the client's base URL and timeout.
  ///   - paths: where the database, cache and config file live.
  ///   - cacheMode: `.normal` (fresh answers from the cache, stale ones when the network
  ///     fails), `.offline` or `.disabled`.
  ///   - log: diagnostics.
  ///   - runCommand: runs a command of the command line in-process (the watch's checks and
  ///     storefront sweeps); `nil`: the Changes row reads what is stored but cannot check.
  package static func make(
    configuration: ClientConfiguration, paths: StoragePaths,
    cacheMode: ResponseCachePolicy.Mode = .normal, log: Log,
    runCommand: (@Sendable ([String]) async -> CommandRun)? = nil
  ) -> (dependencies: TunesDependencies, notices: [String]) {
    var notices: [String] = []
    let reading = ConfigFile.read(from: paths.configFile)
    let config = reading.config
    for problem in reading.problems {
      log.log("config: \(problem.message)")
      notices.append("Settings: \(problem.message)")
    }
    var persistent = true
    let database: TunesDatabase?
    do {
      let opened = try TunesDatabase.open(paths: paths)
      if let recovery = opened.recovery {
        log.log("storage: \(recovery.message)")
        notices.append(recoveryNotice(recovery))
      }
      database = opened
    } catch {
      log.log("storage: \(error.localizedDescription)")
      if let readable = try? TunesDatabase.openForReading(paths: paths), readable.isReadOnly {
        // The file cannot be written: what it holds still shows; changes fail and say why.
        notices.append(
          "History and favourites can be read but not changed: \(error.localizedDescription)")
        database = readable
      } else {
        notices.append(
          "History and favourites are off this session: \(error.localizedDescription)")
        persistent = false
        database = try? TunesDatabase.inMemory()
      }
    }
    // The app never waits for the shared budget: it shows the countdown instead.
    var client = LiveClient.make(
      configuration: configuration, pacing: .immediate, paths: paths,
      onError: { log.log("pacing: \($0)") })
    if cacheMode != .disabled {
      if let cache = ResponseCacheBridge.open(paths: paths, origin: configuration.baseURL) {
        client = client.caching(store: cache, policy: ResponseCachePolicy(mode: cacheMode))
      } else {
        log.log("response cache unavailable at \(paths.responseCacheFile.path)")
      }
    }
    let history: HistoryClient =
      database.map {
        self.history($0.history, persistent: persistent, records: config.recordsHistory)
      } ?? .inMemory()
    var dependencies = TunesDependencies(
      client: client, history: history,
      favorites: database.map { favorites($0.favorites) } ?? .inMemory(),
      clock: .live, openURL: { url in try await BrowserOpener.live.open(url) },
      filtersStore: ConfigFile.filtersStore(at: paths.configFile),
      spinnerInterval: .milliseconds(100))
    if let database, persistent, !database.isReadOnly {
      dependencies.backgroundCheck = {
        await BackgroundIntegrityCheck.run(database, paths: paths, log: log)
      }
    }
    dependencies.offline = cacheMode == .offline
    dependencies.columns = config.columns
    if let database, persistent { dependencies.listening = listening(database.listening) }
    if let database, persistent {
      dependencies.watch = LiveWatch.client(database: database, run: runCommand)
    }
    dependencies.writePlaylist = { text in try writePlaylist(text, paths: paths) }
    return (dependencies, notices)
  }

  /// The notice for a damaged database that was moved aside on open.
  static func recoveryNotice(_ recovery: CorruptionRecovery) -> String {
    "Your history and favourites database was damaged. It was kept as "
      + "\(recovery.preservedPath); a new one was started."
  }

  /// History from the store. Without a persistent database nothing is suggested; with
  /// `"history": false` in the config file nothing is recorded.
  static func history(_ store: HistoryStore, persistent: Bool, records: Bool) -> HistoryClient {
    HistoryClient(
      recent: { persistent ? try store.recent().map(\.query) : [] },
      record: { query, filters in
        guard records else { return }
        try store.record(query: query, filters: filters.historyFields)
      },
      filters: { query in
        let key = HistoryStore.key(query)
        guard let entry = try store.recent().first(where: { HistoryStore.key($0.query) == key })
        else { return nil }
        return SearchFilters(historyFields: entry.filters)
      },
      remove: { query in _ = try store.remove(query: query) },
      clear: { try store.clear() })
  }

  /// Where episodes were left, from the store.
  static func listening(_ store: ListeningStore) -> ListeningClient {
    ListeningClient(
      progress: { ids in
        try store.progress(ids: ids).mapValues {
          EpisodeProgress(
            id: $0.id, position: $0.position, duration: $0.duration, played: $0.played)
        }
      },
      save: { progress in
        try store.save(
          id: progress.id, position: progress.position, duration: progress.duration,
          played: progress.played)
      })
  }

  /// Writes `queue.m3u8` in the data directory (0600, replaced whole) and returns its path.
  static func writePlaylist(_ text: String, paths: StoragePaths) throws -> String {
    try paths.createDataDirectory()
    let file = paths.dataDirectory.appendingPathComponent("queue.m3u8")
    try Data(text.utf8).write(to: file, options: .atomic)
    _ = chmod(file.path, 0o600)
    return file.path
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
      setFavorite: { item, favorite in
        if favorite {
          _ = try store.add(
            FavoriteRecord(
              id: item.id, kind: item.kind.rawValue, title: item.title,
              payload: Data(item.jsonBytes), addedAt: Date()))
        } else {
          _ = try store.remove(id: item.id)
        }
      },
      window: { request in try window(store, request) },
      take: { id in try store.take(id: id).flatMap(row) },
      restore: { row in
        try store.restore(
          StoredFavorite(
            record: FavoriteRecord(
              id: row.item.id, kind: row.place.kind, title: row.place.title,
              payload: Data(row.item.jsonBytes), addedAt: row.addedAt),
            key: FavoriteKey(
              id: row.place.id, kind: row.place.kind, title: row.place.title,
              addedAt: row.place.addedAt, seq: row.place.seq)))
      })
  }

  /// A window of the favourites screen from the store: its listing as SQL, its seek as a
  /// keyset or an offset, the counts by kind when asked.
  static func window(_ store: FavoritesStore, _ request: FavoritesWindowRequest) throws
    -> FavoritesWindow
  {
    let listing = request.listing
    let sort: FavoritesSort
    switch listing.order {
    case .added: sort = .added
    case .kind: sort = .kind
    case .title: sort = .title
    }
    let query = FavoritesQuery(sort: sort, text: listing.text, kind: listing.kind?.rawValue)
    func key(_ place: FavoritePlace) -> FavoriteKey {
      FavoriteKey(
        id: place.id, kind: place.kind, title: place.title, addedAt: place.addedAt, seq: place.seq)
    }
    let seek: TunesStorage.FavoritesSeek
    switch request.seek {
    case .offset(let index): seek = .offset(index)
    case .from(let place): seek = .from(key(place))
    case .through(let place): seek = .through(key(place))
    case .last: seek = .last
    }
    let stored = try store.page(query, seek: seek, limit: request.limit)
    var counts: [FavoriteKindCount]?
    if request.counts {
      counts = try store.countsByKind(query).map {
        FavoriteKindCount(kind: ItemKind(rawValue: $0.kind), count: $0.count)
      }
    }
    return FavoritesWindow(start: request.start, rows: stored.compactMap(row), counts: counts)
  }

  /// The screen's row of a stored favourite; `nil` when its JSON cannot be read.
  static func row(_ stored: StoredFavorite) -> FavoriteRow? {
    guard let json = try? JSONParser.parse(Array(stored.record.payload)),
      let item = CatalogItem(json: json)
    else { return nil }
    let key = stored.key
    return FavoriteRow(
      item: item,
      place: FavoritePlace(
        id: key.id, kind: key.kind, title: key.title, addedAt: key.addedAt, seq: key.seq))
  }
}
