import CBuildInfo
import ITunesClient

/// The version and the commit the binary was built from, for `tunes --version`.
enum BuildInfo {
  /// The commit (12 hex digits), or `nil` when the build did not know it.
  static var commit: String? {
    let text = String(cString: tunes_build_commit())
    return text.isEmpty ? nil : text
  }

  /// Whether the tree had uncommitted changes when it was built.
  static var dirty: Bool { tunes_build_dirty() != 0 }

  /// Why the commit is unknown (empty when it is known).
  static var note: String { String(cString: tunes_build_note()) }

  /// `tunes 0.1.0 (commit 1a2b3c4d5e6f)`, with `, uncommitted changes` after a build from a
  /// changed tree, or `(commit unknown: not built from a git checkout)`.
  static var versionLine: String {
    line(version: ITunesClient.version, commit: commit, dirty: dirty, note: note)
  }

  static func line(version: String, commit: String?, dirty: Bool, note: String) -> String {
    guard let commit else {
      return "tunes \(version) (commit unknown: \(note.isEmpty ? "no build information" : note))"
    }
    return "tunes \(version) (commit \(commit)\(dirty ? ", uncommitted changes" : ""))"
  }
}
