import Foundation

/// `tunes.sqlite` opened and migrated, with its history and favourites stores.
///
/// When opening fails (read-only or missing data directory, full disk) the caller shows the
/// error and carries on without history: searching never needs this database.
public struct TunesDatabase: Sendable {
  /// The shared connection.
  public let database: SQLiteDatabase
  /// The last five searches.
  public let history: HistoryStore
  /// The favourites.
  public let favorites: FavoritesStore
  /// Set when a damaged file was moved aside on open: show its ``CorruptionRecovery/message``.
  public let recovery: CorruptionRecovery?

  /// Wraps an open, migrated connection.
  public init(
    database: SQLiteDatabase, recovery: CorruptionRecovery? = nil,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.database = database
    self.recovery = recovery
    history = HistoryStore(database: database, now: now)
    favorites = FavoritesStore(database: database, now: now)
  }

  /// Opens `paths.databaseFile`, creating the data directory (0700) and the file (0600).
  ///
  /// A damaged file is moved aside and a fresh one started (see ``recovery``). By default the
  /// open runs `PRAGMA quick_check`, so damage inside the pages is caught here rather than half-way
  /// through a session; it reads the whole file, about 30 ms for 20,000 favourites (21 MB).
  /// - Throws: ``StorageError`` naming the file or directory.
  public static func open(
    paths: StoragePaths, now: @escaping @Sendable () -> Date = { Date() },
    options: SQLiteDatabase.Options = .init(), verifyIntegrity: Bool = true
  ) throws -> TunesDatabase {
    try paths.createDataDirectory()
    let opened = try OpenedDatabase.open(
      path: paths.databaseFile.path, migrations: StorageSchema.library, now: now, options: options,
      verifyIntegrity: verifyIntegrity)
    return TunesDatabase(database: opened.database, recovery: opened.recovery, now: now)
  }

  /// A private in-memory database with the same schema (tests, or a session that cannot write).
  public static func inMemory(now: @escaping @Sendable () -> Date = { Date() }) throws
    -> TunesDatabase
  {
    let database = try SQLiteDatabase.inMemory()
    try database.migrate(StorageSchema.library)
    return TunesDatabase(database: database, now: now)
  }
}
