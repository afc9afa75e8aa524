import Foundation
import Testing

@testable import TunesStorage

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Unusable directories and full disks")
struct FaultTests {
  @Test("a data directory that cannot be created (a file is in the way) is named in the error")
  func directoryBlockedByFile() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    _ = FileManager.default.createFile(atPath: dir.path + "/data", contents: Data("file".utf8))
    do {
      _ = try TunesDatabase.open(paths: dir.paths, now: fixedClock)
      Issue.record("expected an error")
    } catch let error as StorageError {
      guard case .cannotCreateDirectory(let path, let reason) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(path == dir.path + "/data/tunes")
      #expect(reason == "not a directory")
      #expect(error.errorDescription?.contains(dir.path + "/data/tunes") == true)
      #expect(error.recoverySuggestion?.contains("Searching still works") == true)
    }
  }

  @Test("a database path that is a directory cannot be opened and says which path")
  func databaseIsDirectory() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let path = dir.path + "/dir.sqlite"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    #expect(throws: StorageError.cannotOpen(path: path, reason: "is a directory")) {
      _ = try OpenedDatabase.open(path: path, migrations: StorageSchema.library)
    }
  }

  @Test(
    "a read-only directory (chmod 0500) is reported, when not running as root",
    .enabled(if: getuid() != 0, "root ignores chmod; the read-only mount test covers this"))
  func chmodReadOnly() throws {
    let dir = try TemporaryDirectory()
    defer {
      chmod(dir.path, 0o700)
      dir.remove()
    }
    chmod(dir.path, 0o500)
    #expect(throws: StorageError.self) { _ = try TunesDatabase.open(paths: dir.paths) }
  }

  @Test(
    "a read-only file system: no directory, or an existing database, gives a clear error",
    .enabled(
      if: Mounts.available, "cannot mount a tmpfs here (needs root in a permissive container)"))
  func readOnlyMount() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let mount = dir.path + "/mnt"
    try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
    try #require(Mounts.mountTmpfs(at: mount, size: "1m"))
    defer { Mounts.unmount(mount) }
    let paths = StoragePaths(environment: ["HOME": mount, "XDG_DATA_HOME": mount + "/data"])
    do {
      let library = try TunesDatabase.open(paths: paths, now: fixedClock)
      try library.history.record(query: "before", at: fixedDate)
      library.database.close()
    }
    try #require(Mounts.remountReadOnly(mount))
    do {
      _ = try TunesDatabase.open(paths: paths, now: fixedClock)
      Issue.record("expected an error on a read-only file system")
    } catch let error as StorageError {
      #expect(error == .readOnly(path: paths.databaseFile.path))
      #expect(error.errorDescription == "The database \(paths.databaseFile.path) is read-only.")
    }
    // Reading still works: the file is opened read-only.
    let reading = try TunesDatabase.openForReading(paths: paths, now: fixedClock)
    #expect(reading.isReadOnly)
    #expect(try reading.history.recent().map(\.query) == ["before"])
    #expect(try reading.favorites.summaries().isEmpty)
    #expect(throws: StorageError.self) { try reading.history.record(query: "after", at: fixedDate) }
    reading.database.close()
    // A directory that does not exist yet cannot be made either.
    let fresh = StoragePaths(environment: ["HOME": mount, "XDG_DATA_HOME": mount + "/other"])
    #expect(
      throws: StorageError.cannotCreateDirectory(
        path: mount + "/other", reason: "read-only file system")
    ) {
      _ = try TunesDatabase.open(paths: fresh, now: fixedClock)
    }
  }

  @Test(
    "a full disk gives diskFull naming the file, and what was there survives",
    .enabled(
      if: Mounts.available, "cannot mount a tmpfs here (needs root in a permissive container)"))
  func diskFull() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let mount = dir.path + "/mnt"
    try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
    try #require(Mounts.mountTmpfs(at: mount, size: "256k"))
    defer { Mounts.unmount(mount) }
    let paths = StoragePaths(environment: ["HOME": mount, "XDG_DATA_HOME": mount + "/data"])
    let library = try TunesDatabase.open(paths: paths, now: fixedClock)
    try library.favorites.add(favorite(1, title: "survivor"))
    let pad = String(repeating: "p", count: 16_000)
    var failure: StorageError?
    for id in 2...100 {
      do {
        try library.favorites.add(favorite(Int64(id), extra: ",\"pad\":\"\(pad)\""))
      } catch let error as StorageError {
        failure = error
        break
      }
    }
    #expect(failure == .diskFull(path: paths.databaseFile.path))
    #expect(failure?.errorDescription == "The disk holding \(paths.databaseFile.path) is full.")
    #expect(try library.favorites.contains(id: 1))
    // An import too large for the disk fails as a whole.
    let before = try library.favorites.count()
    #expect(throws: StorageError.self) {
      try library.favorites.importRecords(
        (200...260).map { favorite(Int64($0), extra: ",\"pad\":\"\(pad)\"") })
    }
    #expect(try library.favorites.count() == before)
  }

  @Test(
    "on a full disk the response cache still answers lookups and refuses stores cleanly",
    .enabled(
      if: Mounts.available, "cannot mount a tmpfs here (needs root in a permissive container)"))
  func cacheOnFullDisk() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let mount = dir.path + "/mnt"
    try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
    try #require(Mounts.mountTmpfs(at: mount, size: "256k"))
    defer { Mounts.unmount(mount) }
    let paths = StoragePaths(environment: ["HOME": mount, "XDG_CACHE_HOME": mount + "/cache"])
    let cache = try DiskResponseCache.open(paths: paths, now: fixedClock)
    let body = Data(#"{"resultCount":0,"results":[]}"#.utf8)
    try cache.store(key: "k", body: body, fetchedAt: fixedDate)
    // Fill what is left of the disk with an ordinary file.
    _ = FileManager.default.createFile(atPath: mount + "/filler", contents: nil)
    let filler = try #require(FileHandle(forWritingAtPath: mount + "/filler"))
    let chunk = Data(repeating: 0, count: 4_096)
    while (try? filler.write(contentsOf: chunk)) != nil {}
    try? filler.close()

    #expect(try cache.lookup(key: "k") == StoredResponse(body: body, fetchedAt: fixedDate))
    #expect(throws: StorageError.diskFull(path: paths.responseCacheFile.path)) {
      try cache.store(key: "new", body: Data(repeating: 65, count: 20_000), fetchedAt: fixedDate)
    }
    #expect(try cache.lookup(key: "k")?.body == body)
  }

  @Test("when the disk cannot be used, an in-memory database keeps the same API working")
  func inMemoryFallback() throws {
    let library = try TunesDatabase.inMemory(now: fixedClock)
    try library.history.record(query: "offline", at: fixedDate)
    #expect(try library.history.recent().map(\.query) == ["offline"])
  }
}
