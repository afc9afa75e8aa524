import Foundation
import TestSupport
import Testing

/// A machine shared with other users: folders and files in shared places that tunes did not make.
@Suite("A shared machine", .serialized)
struct SharedMachineTests {
  static let nobody: uid_t = 65534

  @Test("a runtime folder another user made is refused and said so; the search still works")
  func runtimeFolderOfAnotherUser() async throws {
    guard getuid() == 0 else { try Test.cancel("needs root to make another user's folder") }
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let folder = sandbox.directory.appending("tunes-\(getuid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    #expect(chown(folder.path, Self.nobody, Self.nobody) == 0)
    #expect(chmod(folder.path, 0o777) == 0)
    let result = try await sandbox.tunes("search", "jack johnson", "--limit", "25")
    #expect(result.exited(0), "\(result)")
    #expect(result.stderr.contains("another user owns it"), "\(result)")
    #expect(result.stderr.contains("this process paces itself alone"), "\(result)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pacing").path))
  }

  @Test(
    "a pacing file that is a link, a FIFO or a folder is refused and said so",
    arguments: ["symlink", "fifo", "folder"])
  func pacingFileNotAFile(kind: String) async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let folder = sandbox.directory.appending("tunes-\(getuid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    #expect(chmod(folder.path, 0o700) == 0)
    let pacing = folder.appendingPathComponent("pacing").path
    let victim = sandbox.directory.appending("victim").path
    switch kind {
    case "symlink":
      #expect(FileManager.default.createFile(atPath: victim, contents: Data("keep".utf8)))
      try FileManager.default.createSymbolicLink(atPath: pacing, withDestinationPath: victim)
    case "fifo": #expect(mkfifo(pacing, 0o600) == 0)
    default:
      try FileManager.default.createDirectory(atPath: pacing, withIntermediateDirectories: false)
    }
    let result = try await sandbox.tunes("search", "jack johnson", "--limit", "25")
    #expect(result.exited(0), "\(result)")
    #expect(result.stderr.contains("this process paces itself alone"), "\(result)")
    if kind == "symlink" {
      #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep")
    }
  }
}
