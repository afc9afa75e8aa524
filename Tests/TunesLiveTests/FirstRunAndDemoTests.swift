import Foundation
import ITunesCatalog
import ITunesClient
import TerminalPOSIX
import TestSupport
import Testing
import TunesFeatures
import TunesStorage

@testable import TunesLive

@Suite("First launch and the demo switch")
struct FirstRunAndDemoTests {
  static func launch(_ root: URL, demo: Bool = false, api: String = "http://127.0.0.1:9")
    throws -> AppLaunch
  {
    let environment = [
      "HOME": root.path,
      "XDG_DATA_HOME": root.appendingPathComponent("data").path,
      "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
      "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
    ]
    let configuration =
      demo
      ? try DemoServer.configuration(like: .standard)
      : try ClientConfiguration(baseURL: api, timeoutSeconds: 5)
    return AppLaunch(
      configuration: configuration, cacheMode: .normal, environment: environment, demo: demo)
  }

  @Test("The first launch shows the three-key hint once and remembers it on disk")
  func hintOnce() throws {
    let (_, root) = LiveDependenciesTests.temporaryPaths()
    defer { try? FileManager.default.removeItem(at: root) }
    let launch = try Self.launch(root)
    let first = LiveDependencies.make(launch: launch, log: Log(environment: [:]))
    #expect(first.notices == [FirstRunHint.text])
    #expect(FirstRunHint.text.contains("Enter") && FirstRunHint.text.contains("Esc"))
    #expect(FirstRunHint.text.contains("? lists every key"))
    let paths = StoragePaths(environment: launch.environment)
    #expect(FileManager.default.fileExists(atPath: FirstRunHint.marker(paths: paths).path))
    let second = LiveDependencies.make(launch: launch, log: Log(environment: [:]))
    #expect(second.notices.isEmpty)
  }

  @Test("A start-up warning takes the line; the hint waits for a launch with nothing to say")
  func warningFirst() throws {
    let (_, root) = LiveDependenciesTests.temporaryPaths()
    defer { try? FileManager.default.removeItem(at: root) }
    let launch = try Self.launch(root)
    let paths = StoragePaths(environment: launch.environment)
    try StoragePaths.createDirectory(paths.configDirectory)
    try Data("[1]".utf8).write(to: paths.configFile)
    let warned = LiveDependencies.make(launch: launch, log: Log(environment: [:]))
    #expect(
      warned.notices.count == 1
        && warned.notices[0].contains("Settings: \(paths.configFile.path): is not a JSON object"))
    try FileManager.default.removeItem(at: paths.configFile)
    let next = LiveDependencies.make(launch: launch, log: Log(environment: [:]))
    #expect(next.notices == [FirstRunHint.text])
  }

  @Test("d's switch sends searches to the demo and keeps made-up favourites out of the database")
  func switchToDemo() async throws {
    let (_, root) = LiveDependenciesTests.temporaryPaths()
    defer { try? FileManager.default.removeItem(at: root) }
    let (dependencies, _) = LiveDependencies.make(
      launch: try Self.launch(root), log: Log(environment: [:]))
    #expect(!dependencies.isDemo)
    let query = try SearchQuery(term: "mira castell", entity: "song")
    await #expect(throws: ClientError.self) { try await dependencies.client.search(query) }
    let switchToDemo = try #require(dependencies.switchToDemo)
    try await switchToDemo()
    let page = try await dependencies.client.search(query).page
    #expect(!page.items.isEmpty && page.items.allSatisfy { $0.author == "Mira Castell" })
    try await dependencies.favorites.setFavorite(page.items[0], true)
    #expect(try await dependencies.favorites.ids() == [page.items[0].id])
    let database = try TunesDatabase.open(
      paths: StoragePaths(environment: try Self.launch(root).environment))
    #expect(try database.favorites.ids().isEmpty, "the real database never sees demo items")
  }

  @Test("a demo favourite is dated the day it is added, not a fixed day")
  func demoFavouriteDate() async throws {
    let added = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15, not the tests' 12-01
    let demo = DemoSwitch(configuration: .standard, now: { added })
    let dependencies = demo.wrap(.test)
    try demo.switchOn()
    let item = CatalogItem(id: 7, kind: .song, title: "Love")
    try await dependencies.favorites.setFavorite(item, true)
    let window = try await dependencies.favorites.window(
      FavoritesWindowRequest(
        listing: FavoritesListing(), seek: .offset(0), start: 0, limit: 10, counts: false))
    #expect(window.rows.map(\.addedAt) == [added])
  }

  @Test("tunes --demo: the demo client, history and favourites in memory, no cache file")
  func demoLaunch() async throws {
    let (_, root) = LiveDependenciesTests.temporaryPaths()
    defer { try? FileManager.default.removeItem(at: root) }
    let launch = try Self.launch(root, demo: true)
    let (dependencies, _) = LiveDependencies.make(launch: launch, log: Log(environment: [:]))
    #expect(dependencies.isDemo)
    let page = try await dependencies.client.search(try SearchQuery(term: "golden")).page
    #expect(page.items.count > 5)
    try await dependencies.history.record("golden", SearchFilters())
    let paths = StoragePaths(environment: launch.environment)
    #expect(!FileManager.default.fileExists(atPath: paths.responseCacheFile.path))
    let database = try TunesDatabase.open(paths: paths)
    #expect(try database.history.recent().isEmpty)
  }
}
