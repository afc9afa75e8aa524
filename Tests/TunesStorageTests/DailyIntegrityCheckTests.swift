import Foundation
import Testing

@testable import TunesStorage

@Suite("Daily integrity check")
struct DailyIntegrityCheckTests {
  /// A library of 200 favourites of 2 kB each, its log checkpointed into the file.
  private func makeLibrary(_ dir: TemporaryDirectory) throws {
    let library = try TunesDatabase.open(paths: dir.paths, now: fixedClock)
    let filler = String(repeating: "x", count: 2_000)
    _ = try library.favorites.importRecords(
      (1...200).map { favorite(Int64($0), extra: ",\"pad\":\"\(filler)\"") })
    try library.database.executeScript("PRAGMA wal_checkpoint(TRUNCATE)")
    library.database.close()
  }

  /// Overwrites pages in the middle of the file (the header and schema stay readable).
  private func damagePages(_ path: String) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    // Past the schema's pages (page 1 and those it grew into with schema 5), in the data.
    try handle.seek(toOffset: 4_096 * 40)
    handle.write(Data(repeating: 0xA5, count: 4_096 * 20))
    try handle.close()
  }

  @Test("a file never checked is checked, and the time recorded; the next day it is again")
  func freshFileIsChecked() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try makeLibrary(dir)
    let library = try TunesDatabase.open(paths: dir.paths, now: fixedClock)
    defer { library.database.close() }
    #expect(DailyIntegrityCheck.lastCheck(paths: dir.paths) == nil)
    #expect(DailyIntegrityCheck.isDue(paths: dir.paths, now: fixedDate))

    #expect(DailyIntegrityCheck.run(library, paths: dir.paths, now: fixedClock) == .passed)
    #expect(DailyIntegrityCheck.lastCheck(paths: dir.paths) == fixedDate)
    let record = DailyIntegrityCheck.recordFile(paths: dir.paths).path
    #expect(permissions(record) == 0o600)
    #expect(try String(contentsOfFile: record, encoding: .utf8) == "1800000000\n")

    let later = fixedDate.addingTimeInterval(23 * 3_600)
    #expect(DailyIntegrityCheck.run(library, paths: dir.paths, now: { later }) == .notDue)
    let nextDay = fixedDate.addingTimeInterval(24 * 3_600)
    #expect(DailyIntegrityCheck.run(library, paths: dir.paths, now: { nextDay }) == .passed)
    #expect(DailyIntegrityCheck.lastCheck(paths: dir.paths) == nextDay)
    #expect(try library.favorites.count() == 200, "the app's connection still works")
  }

  @Test("a check recorded an hour ago: the file is not read, even when it is damaged")
  func recentRecordSkipsTheCheck() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try makeLibrary(dir)
    let file = dir.paths.databaseFile.path
    try damagePages(file)
    DailyIntegrityCheck.record(paths: dir.paths, at: fixedDate.addingTimeInterval(-3_600))
    let library = try TunesDatabase.open(paths: dir.paths, now: fixedClock)
    defer { library.database.close() }
    #expect(DailyIntegrityCheck.run(library, paths: dir.paths, now: fixedClock) == .notDue)
    #expect(FileManager.default.fileExists(atPath: file))
    #expect(!FileManager.default.fileExists(atPath: file + ".corrupt-20270115T080000Z"))
  }

  @Test("a record from a clock set back more than a day does not stop the check")
  func recordInTheFuture() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try makeLibrary(dir)
    DailyIntegrityCheck.record(paths: dir.paths, at: fixedDate.addingTimeInterval(3 * 86_400))
    #expect(DailyIntegrityCheck.isDue(paths: dir.paths, now: fixedDate))
    DailyIntegrityCheck.record(paths: dir.paths, at: fixedDate.addingTimeInterval(600))
    #expect(!DailyIntegrityCheck.isDue(paths: dir.paths, now: fixedDate))
    try "not a number\n".write(
      to: DailyIntegrityCheck.recordFile(paths: dir.paths), atomically: true, encoding: .utf8)
    #expect(DailyIntegrityCheck.isDue(paths: dir.paths, now: fixedDate))
  }

  @Test("damaged pages: the file is kept aside, nothing is recorded, the next open starts afresh")
  func damagedFileKeptAside() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try makeLibrary(dir)
    let file = dir.paths.databaseFile.path
    try damagePages(file)
    let damaged = try Data(contentsOf: URL(fileURLWithPath: file))
    let library = try TunesDatabase.open(paths: dir.paths, now: fixedClock)
    #expect(library.recovery == nil, "the open did not read the damaged pages")

    let outcome = DailyIntegrityCheck.run(library, paths: dir.paths, now: fixedClock)
    let kept = file + ".corrupt-20270115T080000Z"
    #expect(
      outcome
        == .damaged(CorruptionRecovery(originalPath: file, preservedPath: kept, foundInUse: true)))
    #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == damaged)
    #expect(!FileManager.default.fileExists(atPath: file))
    #expect(DailyIntegrityCheck.lastCheck(paths: dir.paths) == nil)
    let fresh = try TunesDatabase.open(paths: dir.paths, now: fixedClock)
    defer { fresh.database.close() }
    #expect(fresh.recovery == nil)
    #expect(try fresh.favorites.count() == 0)
  }

  @Test("a library in memory or opened read-only is not checked")
  func notCheckable() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let memory = try TunesDatabase.inMemory(now: fixedClock)
    #expect(DailyIntegrityCheck.run(memory, paths: dir.paths, now: fixedClock) == .notDue)
    try makeLibrary(dir)
    let readOnly = try SQLiteDatabase(
      path: dir.paths.databaseFile.path, options: .init(readOnly: true))
    defer { readOnly.close() }
    let library = TunesDatabase(database: readOnly, isReadOnly: true, now: fixedClock)
    #expect(DailyIntegrityCheck.run(library, paths: dir.paths, now: fixedClock) == .notDue)
    #expect(DailyIntegrityCheck.lastCheck(paths: dir.paths) == nil)
  }
}
