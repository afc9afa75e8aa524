import Foundation
import TestSupport
import Testing

/// Output that cannot be written: a full disk (a real tmpfs), `/dev/full`, a closed stdout.
/// tunes must exit 74 (EX_IOERR) and say so, never 0 with a cut-off file.
@Suite("Write failures", .serialized)
struct WriteFailureTests {
  /// Runs `tunes ARGUMENTS` through `/bin/sh` with `redirect` applied to it (e.g. `>/dev/full`).
  static func shell(
    _ sandbox: Sandbox, _ arguments: [String], redirect: String
  ) async throws -> ProcessRunner.Result {
    var runner = sandbox.runner
    runner.executable = URL(fileURLWithPath: "/bin/sh")
    let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let binary = try TunesBinary.located.get().path
    return try await runner.run([
      "-c", "exec '\(binary)' \(quoted.joined(separator: " ")) \(redirect)",
    ])
  }

  /// A sandbox with `count` favourites whose titles are long enough to fill a small disk.
  static func withFavorites(_ sandbox: Sandbox, count: Int) async throws {
    var rows = "id,kind,title,added_at\n"
    for id in 1...count {
      rows +=
        "\(id),song,\(String(repeating: "Long title ", count: 40)) \(id),2026-01-01T00:00:00Z\n"
    }
    let file = try sandbox.write(Data(rows.utf8), to: "many.csv")
    let imported = try await sandbox.tunes("favorites", "import", file)
    guard imported.exited(0) else { throw Sandbox.Failure("import failed: \(imported)") }
  }

  @Test("favourites export to /dev/full exits 74 and says why")
  func devFull() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    try await Self.withFavorites(sandbox, count: 3)
    for format in ["json", "csv"] {
      let result = try await Self.shell(
        sandbox, ["favorites", "export", "--format", format], redirect: ">/dev/full")
      #expect(result.exited(74), "\(result)")
      #expect(result.stderr.contains("could not write to standard output"), "\(result)")
      #expect(result.stderr.contains("ENOSPC"), "\(result)")
    }
    let search = try await Self.shell(
      sandbox, ["search", "jack johnson", "--limit", "25"], redirect: ">/dev/full")
    #expect(search.exited(74), "\(search)")
  }

  @Test("a closed stdout exits 74; a closed stderr exits 74 too")
  func closed() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    try await Self.withFavorites(sandbox, count: 2)
    let out = try await Self.shell(sandbox, ["favorites", "export"], redirect: ">&-")
    #expect(out.exited(74), "\(out)")
    #expect(out.stderr.contains("EBADF"), "\(out)")
    let err = try await Self.shell(sandbox, ["lookup", "abc"], redirect: "2>&-")
    #expect(err.exited(74), "\(err)")
  }

  @Test("a backup to a full disk (a real tmpfs) exits 74, and the cut-off file is not success")
  func fullDisk() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    try await Self.withFavorites(sandbox, count: 200)
    try await TmpfsMount.with(size: "16k", named: "full", in: sandbox) { mount in
      let backup = mount.url.appendingPathComponent("backup.json").path
      let result = try await Self.shell(
        sandbox, ["favorites", "export"], redirect: ">'\(backup)'")
      #expect(result.exited(74), "\(result)")
      #expect(result.stderr.contains("No space left on device (ENOSPC)"), "\(result)")
      #expect(result.stderr.contains("incomplete"), "\(result)")
    }
  }
}

@Suite("Bounded input")
struct BoundedInputEndToEndTests {
  @Test("tunes lookup - < /dev/zero ends with exit 65 and a message")
  func devZero() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let result = try await WriteFailureTests.shell(
      sandbox, ["lookup", "-"], redirect: "</dev/zero")
    #expect(result.exited(65), "\(result)")
    #expect(result.stderr.contains("more than 64 MiB"), "\(result)")
  }
}
