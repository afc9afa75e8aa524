import Foundation
import TunesStorage

/// The history and favourites database of a live `tunes`, opened in one place for the commands.
package enum LiveStorage {
  /// Opens the database under some paths, writable or not, dated by a clock.
  package typealias Opener =
    @Sendable (
      _ paths: StoragePaths, _ writable: Bool, _ now: @escaping @Sendable () -> Date
    ) throws -> TunesDatabase

  /// Opens `tunes.sqlite` under `paths`, for writing or only for reading (listing works on a file
  /// that cannot be written). A damaged file is kept aside and a new one started
  /// (`TunesDatabase.recovery` says so).
  /// - Throws: `StorageError` when the file cannot be opened.
  package static func open(
    paths: StoragePaths, writable: Bool, now: @escaping @Sendable () -> Date
  ) throws -> TunesDatabase {
    // A command is short: its few writes stay in the write-ahead log rather than being
    // checkpointed (with four fsyncs) as it closes (docs/DECISIONS.md, "History after output").
    var options = SQLiteDatabase.Options()
    options.checkpointOnClose = false
    return writable
      ? try TunesDatabase.open(paths: paths, now: now, options: options)
      : try TunesDatabase.openForReading(paths: paths, now: now)
  }
}
