import Foundation

/// Where tunes keeps its files, resolved from an injected environment by the XDG base-directory rules.
///
/// - data: `$XDG_DATA_HOME/tunes` (default `~/.local/share/tunes`): `tunes.sqlite`.
/// - cache: `$XDG_CACHE_HOME/tunes` (default `~/.cache/tunes`): `responses.sqlite`; safe to delete.
/// - config: `$XDG_CONFIG_HOME/tunes` (default `~/.config/tunes`): `config.json`.
/// - runtime: `$XDG_RUNTIME_DIR/tunes`, else `$TMPDIR/tunes-UID` (default `/tmp`): `pacing`,
///   the rate limit every tunes process on the machine shares.
///
/// An XDG variable that is empty or not an absolute path is ignored, as the specification says.
public struct StoragePaths: Sendable, Equatable {
  /// The directory holding `tunes.sqlite`.
  public let dataDirectory: URL
  /// The directory holding the response cache.
  public let cacheDirectory: URL
  /// The directory holding `config.json`.
  public let configDirectory: URL
  /// The directory for state shared by running processes (`pacing`); on a tmpfs when
  /// `XDG_RUNTIME_DIR` is set.
  public let runtimeDirectory: URL

  /// The history and favourites database, `tunes.sqlite`.
  public var databaseFile: URL { dataDirectory.appendingPathComponent("tunes.sqlite") }
  /// The response cache database, `responses.sqlite`.
  public var responseCacheFile: URL { cacheDirectory.appendingPathComponent("responses.sqlite") }
  /// The settings file, `config.json`.
  public var configFile: URL { configDirectory.appendingPathComponent("config.json") }
  /// The pacing state every tunes on the machine shares (`PacingLedger.file`).
  public var pacingFile: URL { runtimeDirectory.appendingPathComponent("pacing") }

  /// Resolves the three directories from `environment` (`XDG_DATA_HOME`, `XDG_CACHE_HOME`,
  /// `XDG_CONFIG_HOME`, `HOME`); `fallbackHome` is used when `HOME` is unset or relative.
  public init(environment: [String: String], fallbackHome: String = NSHomeDirectory()) {
    let home = Self.absolute(environment["HOME"]) ?? fallbackHome
    func base(_ variable: String, _ defaultRelative: String) -> URL {
      let root =
        Self.absolute(environment[variable])
        ?? (home as NSString).appendingPathComponent(defaultRelative)
      return URL(fileURLWithPath: root, isDirectory: true)
        .appendingPathComponent("tunes", isDirectory: true)
    }
    dataDirectory = base("XDG_DATA_HOME", ".local/share")
    cacheDirectory = base("XDG_CACHE_HOME", ".cache")
    configDirectory = base("XDG_CONFIG_HOME", ".config")
    if let runtime = Self.absolute(environment["XDG_RUNTIME_DIR"]) {
      runtimeDirectory = URL(fileURLWithPath: runtime, isDirectory: true)
        .appendingPathComponent("tunes", isDirectory: true)
    } else {
      let temporary = Self.absolute(environment["TMPDIR"]) ?? "/tmp"
      runtimeDirectory = URL(fileURLWithPath: temporary, isDirectory: true)
        .appendingPathComponent("tunes-\(getuid())", isDirectory: true)
    }
  }

  /// Paths for this process's real environment.
  public static var live: StoragePaths {
    StoragePaths(environment: ProcessInfo.processInfo.environment)
  }

  /// Creates `directory` and any missing parents with mode 0700, and sets 0700 on `directory`.
  /// - Throws: `.cannotCreateDirectory` naming the directory (a parent is a file, permission,
  ///   read-only file system), or `.diskFull`.
  public static func createDirectory(_ directory: URL) throws {
    let path = directory.path
    var built = ""
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      built += "/" + component
      if mkdir(built, 0o700) != 0 {
        let number = errno
        guard number == EEXIST else { throw directoryError(number, path: built) }
      }
    }
    var info = stat()
    guard stat(path, &info) == 0 else { throw directoryError(errno, path: path) }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw StorageError.cannotCreateDirectory(
        path: path, reason: "a file of that name is in the way")
    }
    if info.st_mode & 0o777 != 0o700, chmod(path, 0o700) != 0 {
      throw directoryError(errno, path: path)
    }
  }

  /// Creates the data directory (0700).
  public func createDataDirectory() throws { try Self.createDirectory(dataDirectory) }

  /// Creates the cache directory (0700).
  public func createCacheDirectory() throws { try Self.createDirectory(cacheDirectory) }

  /// Creates the config directory (0700).
  public func createConfigDirectory() throws { try Self.createDirectory(configDirectory) }

  /// Creates the runtime directory (0700) inside an existing parent, and checks that it is a
  /// directory of this user's that no one else can use (in a shared `/tmp` another user could
  /// have made it first).
  /// - Throws: `.cannotCreateDirectory` naming the directory and why.
  public func createRuntimeDirectory() throws {
    let path = runtimeDirectory.path
    if mkdir(path, 0o700) != 0, errno != EEXIST { throw Self.directoryError(errno, path: path) }
    var info = stat()
    guard lstat(path, &info) == 0 else { throw Self.directoryError(errno, path: path) }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw StorageError.cannotCreateDirectory(
        path: path, reason: "something other than a folder is in the way")
    }
    guard info.st_uid == getuid() else {
      throw StorageError.cannotCreateDirectory(path: path, reason: "another user owns it")
    }
    if info.st_mode & 0o777 != 0o700, chmod(path, 0o700) != 0 {
      throw Self.directoryError(errno, path: path)
    }
  }

  /// Creates the database file empty with mode 0600 if it is missing, so SQLite's `-wal` and `-shm`
  /// files (which copy the database's mode) are 0600 too.
  static func createPrivateFile(_ path: String) throws {
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      let number = errno
      throw StorageError.errnoError(number, path: path)
        ?? .cannotOpen(path: path, reason: StorageError.reason(number, fallback: "cannot create"))
    }
    close(descriptor)
  }

  /// Sets mode 0600 on a database file and on its `-wal` and `-shm` files where they exist.
  static func restrictDatabaseFiles(_ path: String) {
    for file in [path, path + "-wal", path + "-shm"] {
      var info = stat()
      if stat(file, &info) == 0, info.st_mode & 0o777 != 0o600 { chmod(file, 0o600) }
    }
  }

  private static func absolute(_ value: String?) -> String? {
    guard let value, value.hasPrefix("/") else { return nil }
    return value
  }

  private static func directoryError(_ number: Int32, path: String) -> StorageError {
    if number == ENOSPC || number == EDQUOT { return .diskFull(path: path) }
    return .cannotCreateDirectory(
      path: path, reason: StorageError.reason(number, fallback: "cannot create"))
  }
}
