import Foundation
import Testing

@testable import TunesStorage

#if canImport(Glibc)
  import Glibc
#endif

/// A fresh directory under the system temp directory, removed (after unmounting) by `remove()`.
struct TemporaryDirectory {
  let url: URL
  var path: String { url.path }

  init(_ label: String = #function) throws {
    let name = "tunes-storage-\(label.filter(\.isLetter).prefix(40))-\(UUID().uuidString)"
    url = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Paths with every XDG directory inside this directory.
  var paths: StoragePaths {
    StoragePaths(environment: [
      "HOME": path, "XDG_DATA_HOME": path + "/data", "XDG_CACHE_HOME": path + "/cache",
      "XDG_CONFIG_HOME": path + "/config",
    ])
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// A fixed instant for tests: 2027-01-15 08:00:00 UTC.
let fixedDate = Date(timeIntervalSince1970: 1_800_000_000)

/// A clock that always answers `fixedDate`.
let fixedClock: @Sendable () -> Date = { fixedDate }

/// Root-only helpers for tmpfs mounts (read-only directory, full disk).
enum Mounts {
  /// Whether this process may mount a tmpfs (root in a container that allows it); probed once.
  static let available: Bool = {
    guard getuid() == 0, let probe = try? TemporaryDirectory("probe") else { return false }
    defer { probe.remove() }
    guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.path]) else {
      return false
    }
    return run("/bin/umount", [probe.path])
  }()

  /// Mounts a tmpfs of `size` (e.g. "256k") with extra `options` at `path`.
  static func mountTmpfs(at path: String, size: String, options: String = "") -> Bool {
    let all = "size=\(size)" + (options.isEmpty ? "" : ",\(options)")
    return run("/bin/mount", ["-t", "tmpfs", "-o", all, "tmpfs", path])
  }

  /// Remounts `path` read-only.
  static func remountReadOnly(_ path: String) -> Bool {
    run("/bin/mount", ["-o", "remount,ro", path])
  }

  /// Unmounts `path` (lazily, so an open handle cannot keep it busy).
  @discardableResult
  static func unmount(_ path: String) -> Bool { run("/bin/umount", ["-l", path]) }

  @discardableResult
  static func run(_ tool: String, _ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
      process.waitUntilExit()
      return process.terminationStatus == 0
    } catch {
      return false
    }
  }
}

/// The permission bits of a file, or nil when it does not exist.
func permissions(_ path: String) -> Int? {
  var info = stat()
  guard stat(path, &info) == 0 else { return nil }
  return Int(info.st_mode & 0o777)
}

/// A favourite with a small JSON payload in a CLI-like item format.
func favorite(
  _ id: Int64, title: String = "Title", kind: String = "song", extra: String = "",
  addedAt: Date = fixedDate
) -> FavoriteRecord {
  let escaped = title.replacingOccurrences(of: "\\", with: "\\\\")
    .replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
  let json = "{\"id\":\(id),\"kind\":\"\(kind)\",\"title\":\"\(escaped)\"\(extra)}"
  return FavoriteRecord(
    id: id, kind: kind, title: title, payload: Data(json.utf8), addedAt: addedAt)
}
