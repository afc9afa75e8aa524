import Foundation
import Testing

@testable import TunesStorage

@Suite("StoragePaths")
struct StoragePathsTests {
  @Test("defaults follow HOME")
  func defaults() {
    let paths = StoragePaths(environment: ["HOME": "/home/u"])
    #expect(paths.databaseFile.path == "/home/u/.local/share/tunes/tunes.sqlite")
    #expect(paths.responseCacheFile.path == "/home/u/.cache/tunes/responses.sqlite")
    #expect(paths.configFile.path == "/home/u/.config/tunes/config.json")
  }

  @Test("XDG variables override the defaults")
  func xdgOverrides() {
    let paths = StoragePaths(environment: [
      "HOME": "/home/u", "XDG_DATA_HOME": "/d", "XDG_CACHE_HOME": "/c", "XDG_CONFIG_HOME": "/k",
    ])
    #expect(paths.dataDirectory.path == "/d/tunes")
    #expect(paths.cacheDirectory.path == "/c/tunes")
    #expect(paths.configDirectory.path == "/k/tunes")
  }

  @Test("empty or relative XDG values are ignored, as the specification says")
  func relativeIgnored() {
    let paths = StoragePaths(
      environment: ["HOME": "/home/u", "XDG_DATA_HOME": "relative/dir", "XDG_CACHE_HOME": ""])
    #expect(paths.dataDirectory.path == "/home/u/.local/share/tunes")
    #expect(paths.cacheDirectory.path == "/home/u/.cache/tunes")
  }

  @Test("without HOME the fallback home is used")
  func fallbackHome() {
    let paths = StoragePaths(environment: [:], fallbackHome: "/fallback")
    #expect(paths.dataDirectory.path == "/fallback/.local/share/tunes")
  }

  @Test("directories are created 0700 and database files 0600, -wal and -shm included")
  func permissionsOnDisk() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let library = try TunesDatabase.open(paths: dir.paths, now: fixedClock)
    try library.history.record(query: "x", at: fixedDate)
    let file = library.database.path
    #expect(permissions(dir.path + "/data") == 0o700)
    #expect(permissions(dir.path + "/data/tunes") == 0o700)
    #expect(permissions(file) == 0o600)
    #expect(permissions(file + "-wal") == 0o600)
    #expect(permissions(file + "-shm") == 0o600)
  }

  @Test("an existing data directory and database with loose permissions are tightened")
  func tightensExisting() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let data = dir.path + "/data/tunes"
    try FileManager.default.createDirectory(
      atPath: data, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    _ = FileManager.default.createFile(
      atPath: data + "/tunes.sqlite", contents: nil, attributes: [.posixPermissions: 0o644])
    _ = try TunesDatabase.open(paths: dir.paths, now: fixedClock)
    #expect(permissions(data) == 0o700)
    #expect(permissions(data + "/tunes.sqlite") == 0o600)
  }
}
