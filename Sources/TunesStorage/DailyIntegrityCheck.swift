import Foundation

/// The whole-file `PRAGMA quick_check` of `tunes.sqlite`, at most once a day, for the app to run
/// in the background after it starts (opening the file reads only its header and schema).
///
/// The time of the last check that passed is kept in a small file beside the database
/// (`$XDG_DATA_HOME/tunes/integrity-checked`, the wall-clock seconds as text), not in the
/// database: reading it must not open SQLite, and a file kept aside takes its record with it.
/// The check reads the file through a second, read-only connection, so the app's own connection
/// (history, favourites) is never held while every page is read.
public enum DailyIntegrityCheck {
  /// How long a passed check stands.
  public static let interval: TimeInterval = 24 * 60 * 60

  /// What a run found.
  public enum Outcome: Sendable, Equatable {
    /// The last check is less than ``interval`` old: nothing was read.
    case notDue
    /// Every page read well; the time was recorded.
    case passed
    /// SQLite found the file damaged: it was kept aside (see ``CorruptionRecovery``).
    case damaged(CorruptionRecovery)
    /// The check could not run (the file busy, unreadable): nothing recorded, tried next start.
    case failed(String)
  }

  /// The record of the last check that passed.
  public static func recordFile(paths: StoragePaths) -> URL {
    paths.dataDirectory.appendingPathComponent("integrity-checked")
  }

  /// When the last check passed, or `nil` when none is recorded (or the record is unreadable).
  public static func lastCheck(paths: StoragePaths) -> Date? {
    guard let data = FileManager.default.contents(atPath: recordFile(paths: paths).path),
      let text = String(data: data, encoding: .utf8),
      let seconds = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)),
      seconds.isFinite
    else { return nil }
    return Date(timeIntervalSince1970: seconds)
  }

  /// Whether a check is due at `now`: none recorded, the last one ``interval`` or more ago, or
  /// one recorded further in the future than a day (a clock set back).
  public static func isDue(paths: StoragePaths, now: Date) -> Bool {
    guard let last = lastCheck(paths: paths) else { return true }
    let age = now.timeIntervalSince(last)
    return age >= interval || age < -interval
  }

  /// Records a passed check at `date` (the file 0600; a failure to write only means the next
  /// start checks again).
  public static func record(paths: StoragePaths, at date: Date) {
    let file = recordFile(paths: paths)
    let text = String(Int64(date.timeIntervalSince1970.rounded(.down))) + "\n"
    try? StoragePaths.createDirectory(paths.dataDirectory)
    let temporary = file.path + ".tmp-\(getpid())"
    guard
      FileManager.default.createFile(
        atPath: temporary, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
    else { return }
    if rename(temporary, file.path) != 0 { unlink(temporary) }
  }

  /// Checks `library`'s file when a check is due at `now()`, records a pass, and keeps a
  /// damaged file aside as ``TunesDatabase/keepAsideIfDamaged(_:at:)`` does (the open
  /// connection is closed; a fresh database starts with the next open).
  ///
  /// Blocks while SQLite reads the file: call it off the UI loop. A database in memory or opened
  /// read-only is not checked (`.notDue`): nothing could be kept aside.
  public static func run(
    _ library: TunesDatabase, paths: StoragePaths, now: @Sendable () -> Date = { Date() }
  ) -> Outcome {
    let path = library.database.path
    guard !library.database.isInMemory, !library.isReadOnly, isDue(paths: paths, now: now())
    else { return .notDue }
    do {
      let reader = try SQLiteDatabase(path: path, options: .init(readOnly: true))
      defer { reader.close() }
      try OpenedDatabase.check(reader, path)
    } catch {
      if let recovery = library.keepAsideIfDamaged(error, at: now()) { return .damaged(recovery) }
      return .failed(error.localizedDescription)
    }
    record(paths: paths, at: now())
    return .passed
  }
}
