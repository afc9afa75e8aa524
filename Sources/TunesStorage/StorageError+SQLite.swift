import CSQLite
import Foundation

extension StorageError {
  /// Maps a SQLite (extended) result code, plus the OS errno behind it, to a storage error.
  static func from(code: Int32, systemErrno: Int32, message: String, path: String) -> StorageError {
    switch code & 0xff {
    case SQLITE_BUSY, SQLITE_LOCKED:
      return .busy(path: path)
    case SQLITE_FULL:
      return .diskFull(path: path)
    case SQLITE_CORRUPT, SQLITE_NOTADB:
      return .corrupt(path: path)
    case SQLITE_READONLY:
      return .readOnly(path: path)
    case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH:
      return errnoError(systemErrno, path: path)
        ?? .cannotOpen(path: path, reason: reason(systemErrno, fallback: message))
    case SQLITE_IOERR:
      return errnoError(systemErrno, path: path)
        ?? .sqlite(path: path, code: code, message: message)
    default:
      return .sqlite(path: path, code: code, message: message)
    }
  }

  /// The storage error an errno stands for, when it is one people can act on.
  static func errnoError(_ number: Int32, path: String) -> StorageError? {
    switch number {
    case ENOSPC, EDQUOT: return .diskFull(path: path)
    case EROFS: return .readOnly(path: path)
    case EACCES, EPERM, ENOENT, ENOTDIR, EISDIR:
      return .cannotOpen(path: path, reason: reason(number, fallback: "cannot open"))
    default: return nil
    }
  }

  /// The C library's text for an errno, or `fallback` when there is none.
  static func reason(_ number: Int32, fallback: String) -> String {
    guard number != 0, let text = strerror(number) else { return fallback }
    return String(cString: text).lowercased()
  }
}
