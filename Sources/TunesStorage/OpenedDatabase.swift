import Foundation

/// A database opened by ``open(path:migrations:now:options:verifyIntegrity:)``, with a report
/// when a damaged file had to be moved aside.
public struct OpenedDatabase: Sendable {
  /// The open, migrated connection.
  public let database: SQLiteDatabase
  /// Set when the file was damaged: where it was kept. Show ``CorruptionRecovery/message``.
  public let recovery: CorruptionRecovery?

  /// Opens the database file at `path` (creating it 0600), checks it and migrates it.
  ///
  /// When the file is not a database or is damaged, it is renamed to
  /// `path.corrupt-YYYYMMDDTHHMMSSZ` (with its `-wal`/`-shm`), a fresh database is started and
  /// the returned ``recovery`` says so. Nothing is ever deleted.
  /// - Parameters:
  ///   - now: the clock for the timestamp in the kept file's name.
  ///   - verifyIntegrity: also run `PRAGMA quick_check` (reads every page; off by default because
  ///     the header and schema read on open already catch a file that is not a database).
  /// - Throws: ``StorageError`` (cannot open, read-only, disk full, busy, migration failed, newer
  ///   schema, or corrupt when the damaged file cannot be moved aside).
  public static func open(
    path: String, migrations: [SchemaMigration], now: @Sendable () -> Date = { Date() },
    options: SQLiteDatabase.Options = .init(), verifyIntegrity: Bool = false
  ) throws -> OpenedDatabase {
    do {
      let database = try attempt(path, migrations, options, verifyIntegrity)
      return OpenedDatabase(database: database, recovery: nil)
    } catch StorageError.corrupt {
      let recovery = try CorruptionRecovery.preserve(path, at: now())
      let database = try attempt(path, migrations, options, verifyIntegrity)
      return OpenedDatabase(database: database, recovery: recovery)
    }
  }

  /// `PRAGMA quick_check`: reads every page; throws `.corrupt` unless it answers "ok".
  static func check(_ database: SQLiteDatabase, _ path: String) throws {
    let result = try database.query("PRAGMA quick_check(1)").first?[0].string
    guard result == "ok" else { throw StorageError.corrupt(path: path) }
  }

  private static func attempt(
    _ path: String, _ migrations: [SchemaMigration], _ options: SQLiteDatabase.Options,
    _ verifyIntegrity: Bool
  ) throws -> SQLiteDatabase {
    if !options.readOnly { try StoragePaths.createPrivateFile(path) }
    let database = try SQLiteDatabase(path: path, options: options)
    do {
      _ = try database.query("SELECT count(*) FROM sqlite_master")
      if verifyIntegrity { try check(database, path) }
      if !options.readOnly {
        let before = try database.userVersion()
        let after = try database.migrate(migrations)
        // An upgraded file is read whole once, right after its migration (not on every open).
        if before > 0, after != before, !verifyIntegrity { try check(database, path) }
      }
      StoragePaths.restrictDatabaseFiles(path)
      return database
    } catch {
      database.close()
      throw error
    }
  }
}
