import Foundation
import ITunesCatalog
import ITunesClient
import TerminalPOSIX
import TestSupport
import Testing
import TunesFeatures
import TunesStorage

@testable import TunesLive

@Suite("Live dependencies")
struct LiveDependenciesTests {
  static func temporaryPaths() -> (StoragePaths, URL) {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("tunes-tui-live-\(UUID().uuidString)")
    let paths = StoragePaths(environment: [
      "XDG_DATA_HOME": root.appendingPathComponent("data").path,
      "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
      "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
    ])
    return (paths, root)
  }

  @Test("favourites and history go through SQLite and come back as the same items")
  func storageRoundTrip() async throws {
    let (paths, root) = Self.temporaryPaths()
    defer { try? FileManager.default.removeItem(at: root) }
    let (dependencies, notices) = LiveDependencies.make(
      configuration: .standard, paths: paths, log: Log(environment: [:]))
    #expect(notices.isEmpty)
    let song = try Recordings.first(.song, in: Recordings.songs)
    try await dependencies.favorites.setFavorite(song, true)
    // Asking again for what is already so changes nothing (another tunes may have added it).
    try await dependencies.favorites.setFavorite(song, true)
    #expect(try await dependencies.favorites.ids() == [song.id])
    let listed = try await dependencies.favorites.list()
    #expect(listed.map(\.id) == [song.id])
    #expect(listed.first?.title == song.title)
    #expect(listed.first?.author == song.author)
    try await dependencies.favorites.setFavorite(song, false)
    #expect(try await dependencies.favorites.list().isEmpty)
    try await dependencies.history.record("jack johnson", SearchFilters())
    try await dependencies.history.record("queen", SearchFilters(media: .music))
    #expect(try await dependencies.history.recent() == ["queen", "jack johnson"])
    let filters = SearchFilters(country: "GB", limit: 50)
    try await dependencies.filtersStore.save(filters)
    #expect(try await dependencies.filtersStore.load() == filters)
  }

  @Test(
    "a favourite movie keeps its collection's artist, so its studio block shows from favourites")
  func favouriteMovieKeepsCollectionArtist() async throws {
    let (paths, root) = Self.temporaryPaths()
    defer { try? FileManager.default.removeItem(at: root) }
    let (dependencies, _) = LiveDependencies.make(
      configuration: .standard, paths: paths, log: Log(environment: [:]))
    let movie = try #require(
      try Recordings.items(Recordings.mixed).first {
        $0.kind == .featureMovie && $0.collectionArtistID != nil
      })
    try await dependencies.favorites.setFavorite(movie, true)
    let listed = try #require(try await dependencies.favorites.list().first)
    #expect(listed.collectionArtistID == movie.collectionArtistID)
    let window = try await dependencies.favorites.window(
      FavoritesWindowRequest(
        listing: FavoritesListing(), seek: .offset(0), start: 0, limit: 10, counts: false))
    #expect(window.rows.first?.item.collectionArtistID == movie.collectionArtistID)
    // `u` after `*` puts back the row as it was taken.
    let taken = try #require(try await dependencies.favorites.take(movie.id))
    #expect(taken.item.collectionArtistID == movie.collectionArtistID)
  }

  @Test(
    "the app's player plays preview URLs moved to TUNES_MEDIA_BASE; without mpv on PATH it says how to install it"
  )
  func player() async throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("tunes-tui-live-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let environment = [
      "XDG_DATA_HOME": root.appendingPathComponent("data").path,
      "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
      "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
      "TUNES_MEDIA_BASE": "http://127.0.0.1:8080", "PATH": root.path,
    ]
    let launch = AppLaunch(configuration: .standard, cacheMode: .normal, environment: environment)
    let (dependencies, _) = LiveDependencies.make(launch: launch, log: Log(environment: [:]))
    var song = try Recordings.first(.song, in: Recordings.songs)
    let preview = try #require(song.previewURL)
    let moved = try #require(dependencies.previewURL(song))
    #expect(moved.host == "127.0.0.1" && moved.port == 8080 && moved.path == preview.path)
    song.previewURL = nil
    #expect(dependencies.previewURL(song) == nil)
    do {
      try await dependencies.player.play(moved)
      Issue.record("played without mpv")
    } catch {
      #expect(error.localizedDescription == "Install mpv to play previews: apt-get install mpv")
    }
    await dependencies.player.shutdown()
  }

  @Test("when the database cannot be opened the app still runs, without history, and says why")
  func storageUnavailable() async throws {
    let (paths, root) = Self.temporaryPaths()
    defer { try? FileManager.default.removeItem(at: root) }
    // A file where the data directory should be makes the database impossible to create.
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try Data("x".utf8).write(to: root.appendingPathComponent("data"))
    let (dependencies, notices) = LiveDependencies.make(
      configuration: .standard, paths: paths, log: Log(environment: [:]))
    let message = try #require(notices.first)
    #expect(message.hasPrefix("History and favourites are off this session"))
    try await dependencies.history.record("jack johnson", SearchFilters())
    #expect(try await dependencies.history.recent().isEmpty)
    let song = try Recordings.first(.song, in: Recordings.songs)
    try await dependencies.favorites.setFavorite(song, true)
    #expect(try await dependencies.favorites.ids() == [song.id])
  }

  @Test("\"history\": false in config.json keeps the app from recording searches")
  func historyOff() async throws {
    let (paths, root) = Self.temporaryPaths()
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(
      at: paths.configFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(#"{"history": false}"#.utf8).write(to: paths.configFile)
    let (dependencies, notices) = LiveDependencies.make(
      configuration: .standard, paths: paths, log: Log(environment: [:]))
    #expect(notices.isEmpty)
    try await dependencies.history.record("jack johnson", SearchFilters())
    #expect(try await dependencies.history.recent().isEmpty)
    let database = try TunesDatabase.open(paths: paths)
    #expect(try database.history.recent().isEmpty)
  }

  @Test("a damaged database is kept aside and the app is told where")
  func damagedDatabase() throws {
    let (paths, root) = Self.temporaryPaths()
    defer { try? FileManager.default.removeItem(at: root) }
    try paths.createDataDirectory()
    try Data(repeating: 0x5A, count: 8192).write(to: paths.databaseFile)
    let (_, notices) = LiveDependencies.make(
      configuration: .standard, paths: paths, log: Log(environment: [:]))
    let notice = try #require(notices.first)
    #expect(notice.contains("was damaged"))
    let kept = try FileManager.default.contentsOfDirectory(
      atPath: paths.databaseFile.deletingLastPathComponent().path
    ).filter { $0.hasPrefix("tunes.sqlite.corrupt-") }
    #expect(kept.count == 1)
    #expect(notice.contains(try #require(kept.first)))
  }

  @Test(
    "the app's background check: a fresh file is checked and recorded, damaged pages found later are kept aside with a notice"
  )
  func backgroundIntegrityCheck() async throws {
    let (paths, root) = Self.temporaryPaths()
    defer { try? FileManager.default.removeItem(at: root) }
    let file = paths.databaseFile.path
    do {
      let library = try TunesDatabase.open(paths: paths)
      let filler = String(repeating: "x", count: 2_000)
      let records = (1...200).map { id in
        FavoriteRecord(
          id: Int64(id), kind: "song", title: "T",
          payload: Data("{\"id\":\(id),\"pad\":\"\(filler)\"}".utf8), addedAt: Date())
      }
      _ = try library.favorites.importRecords(records)
      try library.database.executeScript("PRAGMA wal_checkpoint(TRUNCATE)")
      library.database.close()
    }
    let log = Log(environment: [:])
    let (fresh, _) = LiveDependencies.make(configuration: .standard, paths: paths, log: log)
    #expect(await fresh.backgroundCheck() == nil)
    #expect(DailyIntegrityCheck.lastCheck(paths: paths) != nil, "the pass was recorded")
    // Damage the pages; today's check has passed, so the next start does not read them.
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
    // Past the schema's pages (page 1 and those it grew into with schema 5), in the data.
    try handle.seek(toOffset: 4_096 * 40)
    handle.write(Data(repeating: 0xA5, count: 4_096 * 20))
    try handle.close()
    let (sameDay, _) = LiveDependencies.make(configuration: .standard, paths: paths, log: log)
    #expect(await sameDay.backgroundCheck() == nil)
    #expect(FileManager.default.fileExists(atPath: file))
    // A day later (the record made older), the check finds the damage.
    DailyIntegrityCheck.record(paths: paths, at: Date().addingTimeInterval(-25 * 3_600))
    let (nextDay, notices) = LiveDependencies.make(
      configuration: .standard, paths: paths, log: log)
    #expect(notices.isEmpty, "opening did not read the damaged pages")
    let notice = try #require(await nextDay.backgroundCheck())
    let kept = try FileManager.default.contentsOfDirectory(
      atPath: paths.databaseFile.deletingLastPathComponent().path
    ).filter {
      $0.hasPrefix("tunes.sqlite.corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm")
    }
    #expect(kept.count == 1, "\(kept)")
    #expect(notice.hasPrefix("Your history and favourites database is damaged. It was kept as "))
    #expect(notice.contains(try #require(kept.first)))
    #expect(!FileManager.default.fileExists(atPath: file))
  }

  @Test("the browser opener reports a missing or failing program instead of success")
  func openerStatus() async throws {
    let url = try #require(URL(string: "https://music.apple.com/us/album/1"))
    try await BrowserOpener.command(["true"]).open(url)
    await #expect(throws: LiveError.openerFailed("false", status: 1)) {
      try await BrowserOpener.command(["false"]).open(url)
    }
    await #expect(throws: LiveError.openerMissing("tunes-no-such-opener")) {
      try await BrowserOpener.command(["tunes-no-such-opener"]).open(url)
    }
  }

  @Test("only http and https links are handed to the browser")
  func linkSchemes() async throws {
    let url = try #require(URL(string: "file:///etc/passwd"))
    await #expect(throws: LiveError.linkRefused("file:///etc/passwd")) {
      try await BrowserOpener.live.open(url)
    }
  }
}

@Suite("Response cache bridge")
struct ResponseCacheBridgeTests {
  @Test("answers are kept on disk and served as stale when the network fails")
  func staleFallback() async throws {
    let (paths, root) = LiveDependenciesTests.temporaryPaths()
    defer { try? FileManager.default.removeItem(at: root) }
    let cache = try #require(
      ResponseCacheBridge.open(paths: paths, origin: ClientConfiguration.standard.baseURL))
    let body = try Fixtures.shared(Recordings.songs)
    let online = ITunesClient(fetch: { _ in
      CatalogResponse(page: try CatalogPage.decode(body), body: body)
    })
    let clock = Date(timeIntervalSince1970: 1_800_000_000)
    let query = try SearchQuery(term: "jack johnson")
    let first = try await online.caching(
      store: cache, policy: ResponseCachePolicy(now: { clock })
    ).search(query)
    #expect(first.source == .network)
    let offline = ITunesClient.failing(.timedOut(seconds: 15)).caching(
      store: cache, policy: ResponseCachePolicy(now: { clock.addingTimeInterval(2 * 86_400) }))
    let second = try await offline.search(query)
    #expect(second.page.items.count == first.page.items.count)
    guard case .cache(let fetchedAt, let stale, _) = second.source else {
      Issue.record("expected a cached answer, got \(second.source)")
      return
    }
    #expect(stale)
    #expect(fetchedAt == clock)
  }
}

extension ResponseCacheBridgeTests {
  @Test("an answer fetched from one API base is never served for another, Apple's included")
  func keyedByOrigin() async throws {
    let (paths, root) = LiveDependenciesTests.temporaryPaths()
    defer { try? FileManager.default.removeItem(at: root) }
    let apple = ClientConfiguration.standard.baseURL
    let hostile = try #require(URL(string: "http://127.0.0.1:8123/"))
    let body = try Fixtures.shared(Recordings.songs)
    let evil = ITunesClient(fetch: { _ in
      CatalogResponse(page: try CatalogPage.decode(body), body: body)
    })
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let query = try SearchQuery(term: "jack johnson")
    let fromHostile = try #require(ResponseCacheBridge.open(paths: paths, origin: hostile))
    let first = try await evil.caching(
      store: fromHostile, policy: ResponseCachePolicy(now: { now })
    )
    .search(query)
    #expect(first.source == .network)
    let again = try await ITunesClient.failing(.offline).caching(
      store: fromHostile, policy: ResponseCachePolicy(now: { now })
    ).search(query)
    #expect(again.source != .network, "the same origin is still served from the cache")
    let forApple = try #require(ResponseCacheBridge.open(paths: paths, origin: apple))
    await #expect(throws: ClientError.offline) {
      try await ITunesClient.failing(.offline).caching(
        store: forApple, policy: ResponseCachePolicy(now: { now })
      ).search(query)
    }
    await #expect(throws: ClientError.offlineCacheMiss) {
      try await ITunesClient.failing(.offline).caching(
        store: forApple, policy: ResponseCachePolicy(mode: .offline, now: { now })
      ).search(query)
    }
  }

  @Test("origins compare scheme, host without case or trailing dot, port and path")
  func origins() throws {
    func origin(_ text: String) throws -> String {
      ResponseCacheStore.origin(of: try #require(URL(string: text)))
    }
    #expect(try origin("https://ITUNES.apple.com./") == "https://itunes.apple.com:443")
    #expect(try origin("https://itunes.apple.com:443") == "https://itunes.apple.com:443")
    #expect(try origin("http://127.0.0.1:8123") == "http://127.0.0.1:8123")
    #expect(try origin("http://127.0.0.1:8124/") != origin("http://127.0.0.1:8123/"))
    #expect(try origin("http://localhost/a/") == "http://localhost:80/a")
  }

  @Test("the cache schema's version 3 drops version 2's entries, which name no origin")
  func migrationDropsUnscopedKeys() throws {
    let (paths, root) = LiveDependenciesTests.temporaryPaths()
    defer { try? FileManager.default.removeItem(at: root) }
    try paths.createCacheDirectory()
    let database = try SQLiteDatabase(path: paths.responseCacheFile.path)
    try database.migrate(Array(StorageSchema.responseCache.prefix(2)))
    try database.execute(
      "INSERT INTO responses (key, fetched_at, used_seq, size) VALUES ('/search?term=x', 0, 1, 3)")
    try database.execute("INSERT INTO response_bodies (key, body) VALUES ('/search?term=x', 'abc')")
    let cache = try DiskResponseCache(database: database)
    #expect(try cache.count() == 0)
  }
}

@Suite("Config file keys")
struct ConfigKeysTests {
  @Test("\"columns\" fixes the tile columns (1–4); other values are ignored")
  func columns() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("tunes-config-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    for (text, expected) in [("3", Optional(3)), ("1", 1), ("9", nil), ("\"two\"", nil)] {
      try Data(#"{"columns": \#(text)}"#.utf8).write(to: url)
      #expect(ConfigFile.load(from: url).columns == expected, "\(text)")
    }
  }
}
