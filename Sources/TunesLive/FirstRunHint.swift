import Foundation
import TunesStorage

/// The one-line hint the app shows on its first launch: the three keys that matter. Once shown,
/// a marker file in the data directory remembers it; `?` always lists every key.
package enum FirstRunHint {
  /// The hint.
  package static let text =
    "New here? Type a search and press Enter · Esc goes back · ? lists every key"

  /// The marker file (`$XDG_DATA_HOME/tunes/first-run-hint-shown`).
  package static func marker(paths: StoragePaths) -> URL {
    paths.dataDirectory.appendingPathComponent("first-run-hint-shown")
  }

  /// The hint, the first time it is asked for (and the marker written); `nil` once it has been
  /// shown. When the marker cannot be written the hint is shown again next time.
  package static func take(paths: StoragePaths) -> String? {
    let file = marker(paths: paths)
    guard !FileManager.default.fileExists(atPath: file.path) else { return nil }
    try? StoragePaths.createDirectory(paths.dataDirectory)
    _ = FileManager.default.createFile(
      atPath: file.path, contents: Data("shown\n".utf8), attributes: [.posixPermissions: 0o600])
    return text
  }
}
