import Foundation
import TestSupport
import Testing

@testable import TunesStorage

#if canImport(Glibc)
  import Glibc
#endif

@Suite("A second process writing")
struct TwoProcessTests {
  @Test(
    "another process holding the write lock makes tunes wait, and both writes land",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"),
      "needs the sqlite3 command-line shell as the other process"))
  func otherProcessHoldsLock() async throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let path = dir.path + "/shared.sqlite"
    let database = try SQLiteDatabase(path: path)
    try database.execute("CREATE TABLE t (who TEXT)")

    // Waiting for the child (polling, SQLite's busy wait, waitUntilExit) blocks: do it all on a
    // thread of its own so it cannot take one of the cooperative pool's few threads.
    let outcome = try await DedicatedThread.run { () throws -> (locked: Bool, status: Int32?) in
      let input = Pipe()
      let child = Process()
      child.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
      child.arguments = [path]
      child.standardInput = input
      child.standardOutput = FileHandle.nullDevice
      try child.run()
      input.fileHandleForWriting.write(
        Data(
          """
          .timeout 5000
          BEGIN IMMEDIATE;
          INSERT INTO t VALUES ('child');
          .shell sleep 1
          COMMIT;

          """.utf8))
      try input.fileHandleForWriting.close()

      // Poll (bounded) until the other process holds the write lock.
      let probe = try SQLiteDatabase(
        path: path, options: .init(busyTimeoutMilliseconds: 0, busyRetries: 0))
      let deadline = Date().addingTimeInterval(10)
      var locked = false
      while !locked && Date() < deadline && child.isRunning {
        do {
          try probe.transaction { _ in }
          usleep(5_000)
        } catch StorageError.busy {
          locked = true
        }
      }
      guard locked else {
        if child.isRunning { child.terminate() }
        child.waitUntilExit()
        return (false, nil)
      }
      try database.transaction { try $0.execute("INSERT INTO t VALUES ('tunes')") }
      child.waitUntilExit()
      return (true, child.terminationStatus)
    }
    try #require(outcome.locked, "the sqlite3 process never took the write lock")
    #expect(outcome.status == 0)
    #expect(
      try database.query("SELECT who FROM t ORDER BY rowid").map { $0[0] } == [
        .text("child"), .text("tunes"),
      ])
  }
}
