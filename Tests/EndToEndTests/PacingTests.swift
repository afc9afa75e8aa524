import Foundation
import ITunesReplay
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The rate limit shared by every `tunes` process on the machine, through the pacing file.
@Suite("Pacing shared by processes")
struct PacingTests {
  static let lookup = ["lookup", "284882215", "--format", "ndjson"]

  /// `$TMPDIR/tunes-UID/pacing` of a sandbox (no XDG_RUNTIME_DIR there).
  func pacingFile(_ sandbox: Sandbox) -> URL {
    sandbox.directory.appending("tunes-\(getuid())/pacing")
  }

  /// Writes the pacing file as if 20 requests had gone to the sandbox's server, the oldest
  /// `oldest` ago.
  func fillBudget(_ sandbox: Sandbox, oldestSecondsAgo oldest: Double) throws {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let nanoseconds = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    let first = nanoseconds - Int64(oldest * 1e9)
    let sent = (0..<20).map { String(first + Int64($0) * 1_000_000) }.joined(separator: ",")
    let file = pacingFile(sandbox)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    try Data("127.0.0.1:\(sandbox.server.port) - \(sent)\n".utf8).write(to: file)
  }

  /// N from "allows the next request in N s".
  static func secondsLeft(in text: String) -> Int? {
    guard let range = text.range(of: "allows the next request in ") else { return nil }
    return Int(text[range.upperBound...].prefix { $0.isNumber })
  }

  @Test("20 processes in a row pass a server enforcing Apple's limit; the 21st exits 75 at once")
  func twentyThenRefused() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    sandbox.server.enforce(.apple)
    for index in 0..<20 {
      let result = try await sandbox.run(Self.lookup + ["--no-cache", "--wait", "0"])
      try #require(result.exited(0), "run \(index + 1): \(result)")
      #expect(!result.stderr.contains("waiting"), "\(result)")
    }
    let refused = try await sandbox.run(Self.lookup + ["--no-cache", "--wait", "0"])
    #expect(refused.exited(75), "\(refused)")
    #expect(refused.stderr.contains("Apple's rate limit allows the next request in"), "\(refused)")
    #expect(refused.stderr.contains("shared by every tunes on this computer"))
    #expect(refused.stdout.isEmpty)
    #expect(refused.duration < .seconds(5), "it did not wait")
    #expect(sandbox.server.requestCount == 20, "the refused run sent nothing")
    // The file that carried the budget between the processes is the user's alone.
    let file = pacingFile(sandbox)
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let folder = try FileManager.default.attributesOfItem(
      atPath: file.deletingLastPathComponent().path)
    #expect((folder[.posixPermissions] as? Int) == 0o700)
  }

  @Test("a process that must wait says so on stderr, waits, and succeeds")
  func waitsAndSaysSo() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    try fillBudget(sandbox, oldestSecondsAgo: 57)
    // Straight to the runner, not through the gate: a wait for a slot would let the budget free.
    let result = try await sandbox.runner.run(Self.lookup + ["--no-cache", "--wait", "30"])
    #expect(result.exited(0), "\(result)")
    #expect(result.stderr.contains("tunes: waiting "), "\(result)")
    #expect(result.stderr.contains(" s for Apple's rate limit"), "\(result)")
    #expect(result.duration >= .milliseconds(1000), "it waited for the budget")
    #expect(sandbox.server.requestCount == 1)
    // A budget that frees only after --wait: exit 75 at once.
    try fillBudget(sandbox, oldestSecondsAgo: 1)
    let impatient = try await sandbox.run(Self.lookup + ["--no-cache", "--wait", "5"])
    #expect(impatient.exited(75), "\(impatient)")
    #expect(impatient.stderr.contains("or give --wait 60 to wait for it"), "\(impatient)")
    #expect(sandbox.server.requestCount == 1)
  }

  @Test("after a 403 the next process does not ask again for the cool-down")
  func coolDownCarriesOver() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    sandbox.server.injectFault(.status(403), forNext: 1)
    let started = ContinuousClock.now
    let throttled = try await sandbox.run(Self.lookup + ["--no-cache"])
    #expect(throttled.exited(75), "\(throttled)")
    let next = try await sandbox.run(Self.lookup + ["--no-cache", "--wait", "0"])
    #expect(next.exited(75), "\(next)")
    // A minute from the 403, less the time the processes took (waits for the tests' process
    // slots included): the rest of the first cool-down, not a new one.
    let took = Int((ContinuousClock.now - started).components.seconds) + 1
    let seconds = Self.secondsLeft(in: next.stderr)
    #expect(seconds.map { (60 - took...60).contains($0) } == true, "\(next), \(took) s taken")
    #expect(sandbox.server.requestCount == 1, "the second process sent nothing")
  }

  @Test("a fresh cached answer is served at once while the budget is spent")
  func cacheNeedsNoWait() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let first = try await sandbox.run(Self.lookup)
    #expect(first.exited(0), "\(first)")
    try fillBudget(sandbox, oldestSecondsAgo: 1)
    let cached = try await sandbox.run(Self.lookup + ["--wait", "0"])
    #expect(cached.exited(0), "\(cached)")
    #expect(cached.stdout == first.stdout)
    #expect(cached.stderr.isEmpty, "\(cached)")
    #expect(sandbox.server.requestCount == 1)
  }

  @Test("with XDG_RUNTIME_DIR the pacing file lives there")
  func runtimeDirectory() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let runtime = try sandbox.directory.subdirectory("run")
    let result = try await sandbox.run(
      Self.lookup + ["--no-cache"], environment: ["XDG_RUNTIME_DIR": runtime.path])
    #expect(result.exited(0), "\(result)")
    let text = try String(
      contentsOf: runtime.appendingPathComponent("tunes/pacing"), encoding: .utf8)
    #expect(text.hasPrefix("127.0.0.1:\(sandbox.server.port) - "), "\(text)")
  }

  @Test("--wait takes a number of seconds")
  func badWait() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let result = try await sandbox.run(Self.lookup + ["--wait", "soon"])
    #expect(result.exited(64), "\(result)")
    #expect(result.stderr.contains("--wait needs a number of seconds from 0 to 86400"))
  }
}
