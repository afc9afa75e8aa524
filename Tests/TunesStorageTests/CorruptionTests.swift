import Foundation
import Testing

@testable import TunesStorage

@Suite("Corrupt database")
struct CorruptionTests {
  private let garbage = Data((0..<8_192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })

  @Test("garbage in tunes.sqlite is kept beside it and a fresh database starts")
  func garbageFile() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.paths.createDataDirectory()
    let file = dir.paths.databaseFile.path
    try garbage.write(to: URL(fileURLWithPath: file))

    let library = try TunesDatabase.open(paths: dir.paths, now: fixedClock)
    let recovery = try #require(library.recovery)
    let kept = file + ".corrupt-20270115T080000Z"
    #expect(recovery.originalPath == file)
    #expect(recovery.preservedPath == kept)
    #expect(
      recovery.message
        == "tunes.sqlite at \(file) was damaged; kept as \(kept); started a fresh database")
    #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == garbage)
    #expect(permissions(kept) != nil)

    try library.history.record(query: "works again", at: fixedDate)
    #expect(try library.history.recent().map(\.query) == ["works again"])
  }

  @Test("a second damaged file in the same second gets its own name; nothing is overwritten")
  func twiceInOneSecond() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.paths.createDataDirectory()
    let file = dir.paths.databaseFile.path
    try garbage.write(to: URL(fileURLWithPath: file))
    let first = try TunesDatabase.open(paths: dir.paths, now: fixedClock)
    first.database.close()
    let other = Data("second garbage, long enough to be read as a header....................".utf8)
    try other.write(to: URL(fileURLWithPath: file))
    let second = try TunesDatabase.open(paths: dir.paths, now: fixedClock)
    let kept = try #require(second.recovery?.preservedPath)
    #expect(kept == file + ".corrupt-20270115T080000Z-2")
    #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == other)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: file + ".corrupt-20270115T080000Z")) == garbage)
  }

  @Test("a valid header over damaged pages is caught by the integrity check")
  func damagedPages() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let path = dir.path + "/pages.sqlite"
    do {
      let opened = try OpenedDatabase.open(
        path: path, migrations: StorageSchema.library, now: fixedClock)
      let favorites = FavoritesStore(database: opened.database)
      let filler = String(repeating: "x", count: 2_000)
      _ = try favorites.importRecords(
        (1...200).map { favorite(Int64($0), extra: ",\"pad\":\"\(filler)\"") })
      try opened.database.executeScript("PRAGMA wal_checkpoint(TRUNCATE)")
      opened.database.close()
    }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    // Past the schema's pages (page 1 and those it grew into with schema 5), in the data.
    try handle.seek(toOffset: 4_096 * 40)
    handle.write(Data(repeating: 0xA5, count: 4_096 * 20))
    try handle.close()

    let reopened = try OpenedDatabase.open(
      path: path, migrations: StorageSchema.library, now: fixedClock, verifyIntegrity: true)
    #expect(reopened.recovery?.preservedPath == path + ".corrupt-20270115T080000Z")
    #expect(try FavoritesStore(database: reopened.database).count() == 0)
  }

  @Test(
    "TunesDatabase.open reads no more than the schema; damage in the pages shows in use, and a check (doctor) keeps the file aside"
  )
  func libraryChecksPages() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let file = dir.paths.databaseFile.path
    do {
      let library = try TunesDatabase.open(paths: dir.paths, now: fixedClock)
      let filler = String(repeating: "x", count: 2_000)
      _ = try library.favorites.importRecords(
        (1...200).map { favorite(Int64($0), extra: ",\"pad\":\"\(filler)\"") })
      try library.database.executeScript("PRAGMA wal_checkpoint(TRUNCATE)")
      library.database.close()
    }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
    // Past the schema's pages (page 1 and those it grew into with schema 5), in the data.
    try handle.seek(toOffset: 4_096 * 40)
    handle.write(Data(repeating: 0xA5, count: 4_096 * 20))
    try handle.close()
    let quick = try TunesDatabase.open(paths: dir.paths, now: fixedClock)
    #expect(quick.recovery == nil, "the open did not read the damaged pages")
    #expect(throws: StorageError.self) { _ = try quick.favorites.list() }
    quick.database.close()
    let checked = try TunesDatabase.open(paths: dir.paths, now: fixedClock, verifyIntegrity: true)
    #expect(checked.recovery?.preservedPath == file + ".corrupt-20270115T080000Z")
    #expect(try checked.favorites.count() == 0)
  }

  @Test("damage SQLite finds while in use: the file is kept aside there and then, and said so")
  func damageFoundInUse() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let file = dir.paths.databaseFile.path
    do {
      let library = try TunesDatabase.open(paths: dir.paths, now: fixedClock)
      let filler = String(repeating: "x", count: 2_000)
      _ = try library.favorites.importRecords(
        (1...200).map { favorite(Int64($0), extra: ",\"pad\":\"\(filler)\"") })
      try library.database.executeScript("PRAGMA wal_checkpoint(TRUNCATE)")
      library.database.close()
    }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
    // Past the schema's pages (page 1 and those it grew into with schema 5), in the data.
    try handle.seek(toOffset: 4_096 * 40)
    handle.write(Data(repeating: 0xA5, count: 4_096 * 20))
    try handle.close()
    let damaged = try Data(contentsOf: URL(fileURLWithPath: file))
    let library = try TunesDatabase.open(paths: dir.paths, now: fixedClock)
    var failure: (any Error)?
    do { _ = try library.favorites.list() } catch { failure = error }
    let error = try #require(failure)
    #expect(error as? StorageError == .corrupt(path: file))
    // Another error is not damage, and nothing moves.
    #expect(library.keepAsideIfDamaged(StorageError.busy(path: file), at: fixedDate) == nil)
    let recovery = try #require(library.keepAsideIfDamaged(error, at: fixedDate))
    let kept = file + ".corrupt-20270115T080000Z"
    #expect(recovery.preservedPath == kept)
    #expect(recovery.message.contains("was found damaged while in use; kept as \(kept)"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == damaged)
    #expect(!FileManager.default.fileExists(atPath: file))
    let fresh = try TunesDatabase.open(paths: dir.paths, now: fixedClock)
    #expect(fresh.recovery == nil)
    #expect(try fresh.favorites.count() == 0)
  }

  @Test("a damaged response cache is moved aside the same way")
  func damagedCache() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.paths.createCacheDirectory()
    let file = dir.paths.responseCacheFile.path
    try garbage.write(to: URL(fileURLWithPath: file))
    let cache = try DiskResponseCache.open(paths: dir.paths, now: fixedClock)
    let kept = file + ".corrupt-20270115T080000Z"
    #expect(cache.recovery?.preservedPath == kept)
    #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == garbage)
    #expect(try cache.count() == 0)
  }

  @Test("the timestamp in the kept name is UTC, YYYYMMDDTHHMMSSZ")
  func timestampFormat() {
    #expect(CorruptionRecovery.timestamp(Date(timeIntervalSince1970: 0)) == "19700101T000000Z")
    #expect(CorruptionRecovery.timestamp(fixedDate.addingTimeInterval(3_725)) == "20270115T090205Z")
  }
}
