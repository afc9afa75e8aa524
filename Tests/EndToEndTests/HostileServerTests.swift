import Foundation
import TestSupport
import Testing

/// A hostile or merely different API base (`--api-base`, `TUNES_API_BASE`): what it answers must
/// stay its own, and what it sends must not reach the terminal as controls.
@Suite("A hostile server")
struct HostileServerTests {
  @Test("an answer cached from --api-base is never served for Apple")
  func cacheKeyedByOrigin() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let fetched = try await sandbox.tunes("search", "jack johnson", "--limit", "25")
    #expect(fetched.exited(0), "\(fetched)")
    let same = try await sandbox.tunes("--offline", "search", "jack johnson", "--limit", "25")
    #expect(same.exited(0), "the same origin is served from the cache: \(same)")
    let apple = try await sandbox.tunes(
      "--offline", "--api-base", "https://itunes.apple.com", "search", "jack johnson", "--limit",
      "25")
    #expect(apple.exited(69), "\(apple)")
    #expect(apple.stderr.contains("No cached answer"), "\(apple)")
  }

  @Test("a 200 whose errorMessage holds escape sequences is shown as plain text")
  func errorMessageOnStderr() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let body =
      #"{"errorMessage":"Evil\u001b[2J\u001b]0;pwned\u0007\u001b]52;c;aGk=\u0007\u001b[31mTitle\u202e"}"#
    try sandbox.server.register(request: "/search?term=evil&limit=30", body: Data(body.utf8))
    try sandbox.server.register(request: "/lookup?id=1", status: 400, body: Data(body.utf8))
    for arguments in [["search", "evil"], ["lookup", "1"], ["favorites", "add", "1"]] {
      let result = try await sandbox.run(arguments)
      #expect(result.exited(64), "\(result)")
      #expect(result.stderr.contains("EvilTitle"), "\(result)")
      #expect(OutputChecks.controlBytes(in: result.standardError).isEmpty, "\(result)")
      #expect(!result.stderr.contains("\u{202E}"), "\(result)")
    }
  }
}
