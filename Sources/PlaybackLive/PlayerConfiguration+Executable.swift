import Foundation
import Playback

extension PlayerConfiguration {
  /// The first executable named `name` in the folders of `PATH`, or `nil`.
  func executable(named name: String) -> String? {
    let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    for folder in folders where !folder.isEmpty {
      let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: path)
      {
        return path
      }
    }
    return nil
  }
}

extension Duration {
  /// The duration in seconds, as a `Double`.
  var seconds: Double {
    let parts = components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }
}
