import Foundation

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

  /// Chooses the folder for `environment`.
  /// - Throws: `PlaybackError.socketFolder` when the private folder cannot be made.
  static func make(environment: [String: String]) throws(PlaybackError) -> SocketLocation {
    if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: runtime, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        return SocketLocation(folder: runtime, isPrivate: false)
      }
    }
    var base = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    while base.count > 1, base.hasSuffix("/") { base.removeLast() }
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

  /// Removes the private folder (and any socket left in it); a shared folder is left alone.
  func remove() {
    guard isPrivate else { return }
    try? FileManager.default.removeItem(atPath: folder)
  }
}
