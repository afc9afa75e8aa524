import Foundation

/// One numbered schema step. Versions start at 1 and have no gaps; `PRAGMA user_version` records
/// the last one applied.
public struct SchemaMigration: Sendable, Equatable {
  /// The schema version this step produces.
  public let version: Int
  /// The SQL script (several statements allowed) that turns version `version - 1` into `version`.
  public let sql: String

  /// Creates a migration step.
  public init(version: Int, sql: String) {
    self.version = version
    self.sql = sql
  }
}

extension SQLiteDatabase {
  /// Brings the schema up to the newest of `migrations`, all steps in one transaction.
  ///
  /// The version is read again inside the write transaction, so two processes opening the same
  /// new database at once migrate it exactly once.
  /// - Returns: the schema version after migrating.
  /// - Throws: `.newerSchema` when the file is ahead of `migrations`; `.migrationFailed` naming the
  ///   step that failed (nothing is changed); `.diskFull`, `.busy`, `.corrupt` as they happen.
  @discardableResult
  public func migrate(_ migrations: [SchemaMigration]) throws -> Int {
    let steps = migrations.sorted { $0.version < $1.version }
    for (index, step) in steps.enumerated() where step.version != index + 1 {
      throw StorageError.migrationFailed(
        path: path, version: step.version,
        reason: "migrations must be numbered 1, 2, 3… without gaps")
    }
    let latest = steps.last?.version ?? 0
    if try userVersion() == latest { return latest }
    return try transaction { db in
      let current = try db.userVersion()
      guard current <= latest else {
        throw StorageError.newerSchema(path: path, found: current, supported: latest)
      }
      for step in steps where step.version > current {
        do {
          try db.executeScript(step.sql)
          try db.executeScript("PRAGMA user_version = \(step.version)")
        } catch let error as StorageError {
          switch error {
          case .diskFull, .busy, .corrupt, .readOnly: throw error
          default:
            throw StorageError.migrationFailed(
              path: path, version: step.version,
              reason: error.errorDescription ?? "unknown error")
          }
        }
      }
      return latest
    }
  }
}
