import Foundation
import TerminalPOSIX
import TunesStorage

/// The app's daily integrity check of `tunes.sqlite` (``DailyIntegrityCheck``), run on a thread
/// of its own after the app is up, so neither the first frame nor Swift's thread pool waits for
/// SQLite to read every page.
package enum BackgroundIntegrityCheck {
  /// Runs the check when it is due at `now()` and answers the notice to show: `nil` unless the
  /// file was found damaged (and kept aside). What happened goes to the log.
  package static func run(
    _ library: TunesDatabase, paths: StoragePaths, log: Log,
    now: @escaping @Sendable () -> Date = { Date() }
  ) async -> String? {
    let outcome = await withCheckedContinuation { continuation in
      let thread = Thread {
        continuation.resume(returning: DailyIntegrityCheck.run(library, paths: paths, now: now))
      }
      thread.name = "tunes-integrity-check"
      thread.qualityOfService = .background
      thread.start()
    }
    switch outcome {
    case .notDue:
      return nil
    case .passed:
      log.log("storage: the daily integrity check of \(library.database.path) passed")
      return nil
    case .failed(let reason):
      log.log("storage: the daily integrity check could not run: \(reason)")
      return nil
    case .damaged(let recovery):
      log.log("storage: \(recovery.message)")
      return notice(recovery)
    }
  }

  /// The notice for a file the daily check found damaged.
  static func notice(_ recovery: CorruptionRecovery) -> String {
    "Your history and favourites database is damaged. It was kept as "
      + "\(recovery.preservedPath); a new one starts the next time you open tunes."
  }
}
