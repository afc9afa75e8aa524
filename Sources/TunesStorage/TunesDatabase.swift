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
  /// Where podcast episodes were left.
  public let listening: ListeningStore
  /// Watched items' snapshots and the changes found (`tunes watch`).
  public let snapshots: SnapshotStore
  /// Storefront sweeps that resume (`tunes where`).
  public let sweeps: SweepStore
  /// Followed creators' works already seen (`tunes releases`).
  public let releases: ReleaseStore
  /// Set when a damaged file was moved aside on open: show its ``CorruptionRecovery/message``.
  public let recovery: CorruptionRecovery?
  /// Whether the file was opened read-only because it cannot be written (see
  /// ``openForReading(paths:now:)``): reads work, writes fail with `.readOnly`.
  public let isReadOnly: Bool

  /// Wraps an open, migrated connection.
  public init(
    database: SQLiteDatabase, recovery: CorruptionRecovery? = nil, isReadOnly: Bool = false,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.database = database
    self.recovery = recovery
    self.isReadOnly = isReadOnly
    history = HistoryStore(database: database, now: now)
    favorites = FavoritesStore(database: database, now: now)
    listening = ListeningStore(database: database, now: now)
    snapshots = SnapshotStore(database: database)
    sweeps = SweepStore(database: database)
    releases = ReleaseStore(database: database)
  }

  /// Opens `paths.databaseFile`, creating the data directory (0700) and the file (0600).
  ///
  /// A damaged file is moved aside and a fresh one started (see ``recovery``). Opening costs the
  /// same whatever the file holds: the header and schema are read (which catches a file that is
  /// not a database), and the whole-file `PRAGMA quick_check` runs only when asked
  /// (`verifyIntegrity`, as `tunes doctor` does) or right after a migration upgraded the file.
  /// - Throws: ``StorageError`` naming the file or directory.
  public static func open(
    paths: StoragePaths, now: @escaping @Sendable () -> Date = { Date() },
    options: SQLiteDatabase.Options = .init(), verifyIntegrity: Bool = false
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
