import Foundation
import ITunesCatalog
import ITunesClient
import TerminalPOSIX
import TestSupport
import Testing
import TunesFeatures
import TunesStorage

@testable import TunesTUI

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
    let (dependencies, problem) = LiveDependencies.make(
      configuration: .standard, paths: paths, log: Log(environment: [:]))
    #expect(problem == nil)
    let song = try Samples.first(.song, in: Samples.songs)
    #expect(try await dependencies.favorites.toggle(song))
    #expect(try await dependencies.favorites.ids() == [song.id])
    let listed = try await dependencies.favorites.list()
    #expect(listed.map(\.id) == [song.id])
    #expect(listed.first?.title == song.title)
    #expect(listed.first?.author == song.author)
    #expect(try await dependencies.favorites.toggle(song) == false)
    #expect(try await dependencies.favorites.list().isEmpty)
    try await dependencies.history.record("jack johnson", SearchFilters())
    try await dependencies.history.record("queen", SearchFilters(media: .music))
    #expect(try await dependencies.history.recent() == ["queen", "jack johnson"])
    let filters = SearchFilters(country: "GB", limit: 50)
    try await dependencies.filtersStore.save(filters)
    #expect(try await dependencies.filtersStore.load() == filters)
  }

  @Test("when the database cannot be opened the app still runs, without history, and says why")
  func storageUnavailable() async throws {
    let (paths, root) = Self.temporaryPaths()
    defer { try? FileManager.default.removeItem(at: root) }
    // A file where the data directory should be makes the database impossible to create.
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try Data("x".utf8).write(to: root.appendingPathComponent("data"))
    let (dependencies, problem) = LiveDependencies.make(
      configuration: .standard, paths: paths, log: Log(environment: [:]))
    let message = try #require(problem)
    #expect(message.hasPrefix("History and favourites are off this session"))
    try await dependencies.history.record("jack johnson", SearchFilters())
    #expect(try await dependencies.history.recent().isEmpty)
    let song = try Samples.first(.song, in: Samples.songs)
    #expect(try await dependencies.favorites.toggle(song))
  }

  @Test("only http and https links are handed to the browser")
  func linkSchemes() throws {
    let url = try #require(URL(string: "file:///etc/passwd"))
    #expect(throws: TUIError.self) { try LiveDependencies.openInBrowser(url) }
  }
}

@Suite("Response cache bridge")
struct ResponseCacheBridgeTests {
  @Test("answers are kept on disk and served as stale when the network fails")
  func staleFallback() async throws {
    let (paths, root) = LiveDependenciesTests.temporaryPaths()
    defer { try? FileManager.default.removeItem(at: root) }
    let cache = try #require(ResponseCacheBridge.open(paths: paths))
    let body = try Fixtures.shared(Samples.songs)
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
