import Foundation
import TestSupport
import Testing

/// A lock another program never releases: tunes must give up (its busy timeout and retries take
/// about 20 seconds), so this runs apart from the serialized storage suite to keep the run short.
@Suite("A write lock that is never released")
struct StorageLockTimeoutTests {
  @Test("a write lock that is never released makes tunes give up with exit 73, not hang")
  func givesUpOnLockNeverReleased() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let setUp = try await sandbox.tunes("search", "jack", "johnson", "--limit", "3")
    #expect(setUp.exited(0), "\(setUp)")
    let database = sandbox.databaseFile.path
    let shell = try ProcessRunner(
      executable: URL(fileURLWithPath: "/usr/bin/sqlite3"), timeout: .seconds(90)
    ).start([database], standardInput: true)
    shell.write("BEGIN IMMEDIATE;\nSELECT 'locked';\n")
    let locked = await ProcessRunner.waitUntil { shell.standardOutputSoFar.contains("locked") }
    try #require(locked, "the sqlite3 shell did not take the lock: \(shell.standardErrorSoFar)")

    let result = try await sandbox.tunes("history", "--clear")
    shell.write("ROLLBACK;\n")
    shell.closeStandardInput()
    _ = await shell.result()
    #expect(result.exited(73), "\(result)")
    #expect(result.duration < .seconds(45), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("stayed locked"), "\(result)")
    #expect(result.stderr.contains(database), "\(result)")
    let history = try await sandbox.tunes("history", "--format", "json")
    #expect(OutputChecks.objects(history.standardOutput)?.count == 1, "nothing was cleared")
  }
}
