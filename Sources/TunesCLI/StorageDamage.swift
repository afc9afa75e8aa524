import Foundation
import TunesStorage

/// What the command line says when the database fails while a command uses it.
enum StorageDamage {
  /// The error to exit with: a damaged file (SQLite found it corrupt while reading or writing)
  /// is kept aside first, and the message says where; anything else is passed on.
  static func report(_ error: any Error, database: TunesDatabase, context: CLIContext) -> CLIError {
    if let recovery = database.keepAsideIfDamaged(error, at: context.now()) {
      return .file(recovery.message + ". Run the command again.", code: ExitCode.cannotCreate)
    }
    return CLIError.wrap(error)
  }
}
