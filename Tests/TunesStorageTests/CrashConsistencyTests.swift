import Foundation
import Testing

@testable import TunesStorage

/// What `kill -9` during an import leaves on disk is the database, WAL and shared-memory files as
/// they are at that instant. These tests copy the files at such instants and open the copies.
@Suite("Import interrupted by a crash")
struct CrashConsistencyTests {
  private struct Abandon: Error {}

  private func records(_ count: Int) -> [FavoriteRecord] {
    let pad = String(repeating: "p", count: 500)
    return (1...count).map { favorite(Int64(1_000 + $0), extra: ",\"pad\":\"\(pad)\"") }
  }

  /// Copies the database and its `-wal`/`-shm` into `directory/data/tunes/`.
  private func snapshot(_ source: String, into directory: TemporaryDirectory) throws {
    try directory.paths.createDataDirectory()
    let target = directory.paths.databaseFile.path
    for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: source + suffix)
    {
      try FileManager.default.copyItem(atPath: source + suffix, toPath: target + suffix)
    }
  }

  @Test("files copied mid-import (20,000 rows written, not committed) open with none of it")
  func beforeCommit() throws {
    let dir = try TemporaryDirectory()
    let copy = try TemporaryDirectory()
    defer {
      dir.remove()
      copy.remove()
    }
    let library = try TunesDatabase.open(paths: dir.paths, now: fixedClock)
    try library.favorites.add(favorite(1, title: "existing"))
    let file = library.database.path
    #expect(throws: Abandon.self) {
      try library.database.transaction { _ in
        _ = try library.favorites.importRecords(records(20_000))
        try snapshot(file, into: copy)
        throw Abandon()
      }
    }
    let walSize =
      try FileManager.default.attributesOfItem(
        atPath: copy.paths.databaseFile.path + "-wal")[.size] as? Int ?? 0
    #expect(walSize > 1_000_000, "the uncommitted rows should have spilled into the WAL")

    let reopened = try TunesDatabase.open(paths: copy.paths, now: fixedClock)
    #expect(reopened.recovery == nil)
    #expect(try reopened.favorites.ids() == [1])
  }

  @Test("files copied right after the import commits open with all of it")
  func afterCommit() throws {
    let dir = try TemporaryDirectory()
    let copy = try TemporaryDirectory()
    defer {
      dir.remove()
      copy.remove()
    }
    let library = try TunesDatabase.open(paths: dir.paths, now: fixedClock)
    #expect(
      try library.favorites.importRecords(records(20_000))
        == FavoritesImportSummary(added: 20_000, skipped: 0))
    try snapshot(library.database.path, into: copy)
    let reopened = try TunesDatabase.open(paths: copy.paths, now: fixedClock)
    #expect(reopened.recovery == nil)
    #expect(try reopened.favorites.count() == 20_000)
  }
}
