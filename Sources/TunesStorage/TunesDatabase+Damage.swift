import Foundation

extension TunesDatabase {
  /// Opens `tunes.sqlite` to read history and favourites: as ``open(paths:now:options:verifyIntegrity:)``,
  /// but when the file cannot be written (a read-only file system, a file without write
  /// permission, a disk too full to migrate it) it is opened read-only instead, without
  /// migrating, and ``isReadOnly`` is set.
  /// - Throws: the error of the read-write open when the read-only one fails too.
  public static func openForReading(
    paths: StoragePaths, now: @escaping @Sendable () -> Date = { Date() }
  ) throws -> TunesDatabase {
    do {
      return try open(paths: paths, now: now)
    } catch let error as StorageError {
      // Only a file that cannot be written (or migrated, on a full disk) is read as it is.
      let path = paths.databaseFile.path
      switch error {
      case .readOnly, .diskFull: break
      default: throw error
      }
      guard FileManager.default.fileExists(atPath: path) else { throw error }
      // A write-ahead-logged file on a read-only file system cannot get its `-shm`: it is read
      // as immutable then.
      for immutable in [false, true] {
        var options = SQLiteDatabase.Options(readOnly: true)
        options.immutable = immutable
        if let opened = try? OpenedDatabase.open(
          path: path, migrations: StorageSchema.library, now: now, options: options)
        {
          guard (try? opened.database.userVersion()) == 0 else {
            return TunesDatabase(database: opened.database, isReadOnly: true, now: now)
          }
          // A file no schema was ever written to holds nothing: read an empty library.
          opened.database.close()
          let empty = try SQLiteDatabase.inMemory()
          try empty.migrate(StorageSchema.library)
          return TunesDatabase(database: empty, isReadOnly: true, now: now)
        }
      }
      throw error
    }
  }

  /// After a failure while the database was in use: when SQLite found the file damaged
  /// (`SQLITE_CORRUPT`, `SQLITE_NOTADB`), closes the connection and keeps the file aside as
  /// `tunes.sqlite.corrupt-TIMESTAMP`, as opening does; the next open starts a fresh one.
  ///
  /// - Returns: the report to show, or `nil` when `error` is not damage (or the file could not
  ///   be moved: then the error stands as it was).
  public func keepAsideIfDamaged(_ error: any Error, at date: Date) -> CorruptionRecovery? {
    guard case StorageError.corrupt(let path)? = error as? StorageError, !database.isInMemory,
      path == database.path
    else { return nil }
    database.close()
    return try? CorruptionRecovery.preserve(path, at: date, foundInUse: true)
  }
}
