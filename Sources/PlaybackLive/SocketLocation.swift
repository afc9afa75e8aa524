import Foundation
import Playback

#if canImport(Glibc)
  import Glibc
#endif

/// Where a player's IPC sockets live: `$XDG_RUNTIME_DIR` when it is a folder, else a private
/// 0700 folder made with `mkdtemp` in `$TMPDIR` (or `/tmp`), removed again by `remove()`.
final class SocketLocation: Sendable {
  /// The longest path a `sockaddr_un` holds, without its terminating zero (107 on Linux).
  static let maximumPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

  /// The folder.
  let folder: String
  /// Whether the folder is ours to remove.
  let isPrivate: Bool

  private init(folder: String, isPrivate: Bool) {
    self.folder = folder
    self.isPrivate = isPrivate
  }

  /// Chooses the folder for `environment`, first removing what mpvs of tunes processes that no
  /// longer run left there (see `sweep`).
  /// - Throws: `PlaybackError.socketFolder` when the private folder cannot be made.
  static func make(environment: [String: String]) throws(PlaybackError) -> SocketLocation {
    if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: runtime, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        sweep(runtime, folders: false)
        return SocketLocation(folder: runtime, isPrivate: false)
      }
    }
    var base = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    while base.count > 1, base.hasSuffix("/") { base.removeLast() }
    sweep(base, folders: true)
    var template = Array((base + "/tunes-mpv-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
      guard let base = buffer.baseAddress, let result = mkdtemp(base) else { return nil }
      return String(cString: result)
    }
    guard let made else { throw .socketFolder(base, errno: errno) }
    return SocketLocation(folder: made, isPrivate: true)
  }

  /// The socket path for the `index`-th mpv of this process.
  /// - Throws: `PlaybackError.socketPathTooLong` past 107 bytes.
  func path(index: Int) throws(PlaybackError) -> String {
    let path = folder + "/tunes-mpv-\(getpid())-\(index).sock"
    guard path.utf8.count <= Self.maximumPathLength else {
      throw .socketPathTooLong(path, limit: Self.maximumPathLength)
    }
    return path
  }

  /// Removes the sockets in `folder` named `tunes-mpv-PID-N.sock` whose PID no longer runs (left
  /// when tunes and its mpv were killed), and with `folders`, the private `tunes-mpv-XXXXXX`
  /// folders that hold only such sockets. An empty folder is kept: its process may not have
  /// started mpv yet.
  /// Only this user's own sockets and folders are touched (by `lstat`: never through a link),
  /// whoever runs it, root included.
  static func sweep(_ folder: String, folders: Bool) {
    let manager = FileManager.default
    for name in (try? manager.contentsOfDirectory(atPath: folder)) ?? [] {
      let path = folder + "/" + name
      if isStaleSocket(name) {
        if isOwn(path, type: S_IFSOCK) { unlink(path) }
      } else if folders, name.hasPrefix("tunes-mpv-"), name.count == "tunes-mpv-XXXXXX".count,
        isOwn(path, type: S_IFDIR)
      {
        let inside = (try? manager.contentsOfDirectory(atPath: path)) ?? []
        if !inside.isEmpty,
          inside.allSatisfy({ isStaleSocket($0) && isOwn(path + "/" + $0, type: S_IFSOCK) })
        {
          try? manager.removeItem(atPath: path)
        }
      }
    }
  }

  /// Whether `path` itself (not what a link points to) is of `type` and this user's.
  static func isOwn(_ path: String, type: mode_t) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == type && info.st_uid == getuid()
  }

  /// Whether `name` is `tunes-mpv-PID-N.sock` for a PID that no longer runs.
  static func isStaleSocket(_ name: String) -> Bool {
    guard name.hasPrefix("tunes-mpv-"), name.hasSuffix(".sock") else { return false }
    let middle = name.dropFirst("tunes-mpv-".count).dropLast(".sock".count)
    let parts = middle.split(separator: "-")
    guard parts.count == 2, let pid = Int32(parts[0]), pid > 0, Int(parts[1]) != nil else {
      return false
    }
    return kill(pid, 0) != 0 && errno == ESRCH
  }

  /// Removes the private folder (and any socket left in it); a shared folder is left alone.
  func remove() {
    guard isPrivate else { return }
    try? FileManager.default.removeItem(atPath: folder)
  }
}
