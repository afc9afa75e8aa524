import Foundation
import Glibc
import TestSupport
import Testing

@testable import TerminalPOSIX

@Suite("TUNES_LOG opens only this user's own file")
struct LogFileTests {
  @Test("a new log file is made with mode 0600 and written")
  func plain() throws {
    let directory = try TemporaryDirectory(prefix: "tunes-log")
    defer { directory.remove() }
    let path = directory.appending("log").path
    let log = Log(environment: ["TUNES_LOG": path])
    #expect(log.isEnabled)
    log.log("hello")
    #expect(try String(contentsOfFile: path, encoding: .utf8).hasSuffix(" hello\n"))
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  @Test("a symbolic link, a FIFO or a folder is refused; the link's target is untouched")
  func refused() throws {
    let directory = try TemporaryDirectory(prefix: "tunes-log")
    defer { directory.remove() }
    let target = directory.appending("victim").path
    #expect(FileManager.default.createFile(atPath: target, contents: Data("keep".utf8)))
    let link = directory.appending("link").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let fifo = directory.appending("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    for path in [link, fifo, directory.path] {
      let log = Log(environment: ["TUNES_LOG": path])
      #expect(!log.isEnabled, "\(path)")
      log.log("secret")
    }
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep")
  }

  @Test("another user's file is refused (needs root to make one)")
  func otherOwner() throws {
    guard getuid() == 0 else { try Test.cancel("needs root to chown a file") }
    let directory = try TemporaryDirectory(prefix: "tunes-log")
    defer { directory.remove() }
    let path = directory.appending("theirs").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    #expect(chown(path, 65534, 65534) == 0)
    let log = Log(environment: ["TUNES_LOG": path])
    #expect(!log.isEnabled)
    log.log("secret")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
  }
}
