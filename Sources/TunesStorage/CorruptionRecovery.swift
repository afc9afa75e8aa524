import Foundation

/// What happened when a damaged database was found on open: the file was kept, not deleted.
public struct CorruptionRecovery: Sendable, Equatable {
  /// The path of the damaged database (now a fresh one).
  public let originalPath: String
  /// Where the damaged file was moved (`…sqlite.corrupt-YYYYMMDDTHHMMSSZ`); its `-wal`/`-shm`
  /// files, when there were any, sit beside it with those suffixes.
  public let preservedPath: String

  /// A sentence to show the user, e.g. "tunes.sqlite at /x/tunes.sqlite was damaged; kept as
  /// /x/tunes.sqlite.corrupt-20261129T111740Z; started a fresh database".
  public var message: String {
    let name = (originalPath as NSString).lastPathComponent
    if foundInUse {
      return "\(name) at \(originalPath) was found damaged while in use; kept as "
        + "\(preservedPath); a fresh database starts the next time"
    }
    return "\(name) at \(originalPath) was damaged; kept as \(preservedPath); "
      + "started a fresh database"
  }

  /// Whether the damage came to light while the database was in use (the fresh database then
  /// starts with the next open), rather than on open.
  public let foundInUse: Bool

  /// Creates a report.
  public init(originalPath: String, preservedPath: String, foundInUse: Bool = false) {
    self.originalPath = originalPath
    self.preservedPath = preservedPath
    self.foundInUse = foundInUse
  }

  /// `YYYYMMDDTHHMMSSZ` in UTC.
  static func timestamp(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String {
      let number = value ?? 0
      return number < 10 ? "0\(number)" : "\(number)"
    }
    return "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))T"
      + "\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
  }

  /// Moves `path` (its `-wal` and `-shm` first, so a stale log never meets a fresh database)
  /// to `path.corrupt-TIMESTAMP`, adding `-2`, `-3`… when that name is taken.
  static func preserve(
    _ path: String, at date: Date, foundInUse: Bool = false
  ) throws -> CorruptionRecovery {
    let base = "\(path).corrupt-\(timestamp(date))"
    var target = base
    var counter = 1
    while access(target, F_OK) == 0 {
      counter += 1
      target = "\(base)-\(counter)"
    }
    for suffix in ["-wal", "-shm", ""] where access(path + suffix, F_OK) == 0 {
      guard rename(path + suffix, target + suffix) == 0 else {
        let number = errno
        throw StorageError.errnoError(number, path: path)
          ?? .cannotOpen(
            path: path,
            reason: "it is damaged and could not be moved aside: "
              + StorageError.reason(number, fallback: "rename failed"))
      }
    }
    return CorruptionRecovery(originalPath: path, preservedPath: target, foundInUse: foundInUse)
  }
}
