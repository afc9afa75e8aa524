import Foundation

/// Everything that can go wrong in `TunesStorage`, each case naming the file or directory involved.
public enum StorageError: Error, Equatable, Sendable {
  /// A directory for tunes' files could not be created or is not usable.
  case cannotCreateDirectory(path: String, reason: String)
  /// A database file could not be opened (missing directory, permission, not a regular file).
  case cannotOpen(path: String, reason: String)
  /// The database or its directory is read-only, so nothing can be written.
  case readOnly(path: String)
  /// The disk holding the file is full.
  case diskFull(path: String)
  /// The file is not a SQLite database or is damaged.
  case corrupt(path: String)
  /// Another process kept the database locked for longer than the busy timeout and all retries.
  case busy(path: String)
  /// A numbered schema migration failed; the database is left at its previous version.
  case migrationFailed(path: String, version: Int, reason: String)
  /// The database was written by a newer tunes whose schema this version does not know.
  case newerSchema(path: String, found: Int, supported: Int)
  /// Imported data could not be read (for example a favourites file that is not a JSON array).
  case invalidImport(reason: String)
  /// Any other SQLite failure, with its (extended) result code and message.
  case sqlite(path: String, code: Int32, message: String)
}

extension StorageError: LocalizedError {
  /// A one-line message naming the file.
  public var errorDescription: String? {
    switch self {
    case .cannotCreateDirectory(let path, let reason):
      return "Cannot create the directory \(path): \(reason)."
    case .cannotOpen(let path, let reason):
      return "Cannot open the database \(path): \(reason)."
    case .readOnly(let path):
      return "The database \(path) is read-only."
    case .diskFull(let path):
      return "The disk holding \(path) is full."
    case .corrupt(let path):
      return "The database \(path) is damaged or is not a tunes database."
    case .busy(let path):
      return "The database \(path) stayed locked by another process."
    case .migrationFailed(let path, let version, let reason):
      return "Updating the database \(path) to schema version \(version) failed: \(reason)."
    case .newerSchema(let path, let found, let supported):
      return
        "The database \(path) has schema version \(found); this tunes knows up to \(supported)."
    case .invalidImport(let reason):
      return "The import file cannot be read: \(reason)."
    case .sqlite(let path, let code, let message):
      return "SQLite error \(code) on \(path): \(message)."
    }
  }

  /// What a person can do about it.
  public var recoverySuggestion: String? {
    switch self {
    case .cannotCreateDirectory, .cannotOpen, .readOnly:
      return
        "Check that the directory exists and is writable, or point XDG_DATA_HOME / XDG_CACHE_HOME "
        + "elsewhere. Searching still works without history and favourites."
    case .diskFull:
      return "Free some disk space, or clear the response cache (it is safe to delete)."
    case .corrupt:
      return
        "Start tunes again: a damaged database is kept beside the original as *.corrupt-TIMESTAMP "
        + "and a fresh one is started."
    case .busy:
      return "Another tunes process is writing. Try again in a moment."
    case .migrationFailed:
      return "Nothing was changed. Check free disk space and permissions, then start tunes again."
    case .newerSchema:
      return "Update tunes, or point XDG_DATA_HOME at another directory."
    case .invalidImport:
      return "Import the JSON or CSV that `tunes favorites export` writes."
    case .sqlite:
      return "Try again; if it persists, move the database file aside and start tunes again."
    }
  }

  /// The file or directory the error is about, when there is one.
  public var path: String? {
    switch self {
    case .cannotCreateDirectory(let path, _), .cannotOpen(let path, _), .readOnly(let path),
      .diskFull(let path), .corrupt(let path), .busy(let path),
      .migrationFailed(let path, _, _), .newerSchema(let path, _, _), .sqlite(let path, _, _):
      return path
    case .invalidImport:
      return nil
    }
  }
}
