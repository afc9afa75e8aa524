import Foundation
import ITunesReplay
import TestSupport
import Testing

/// What the binary does when the server misbehaves: each failure has its exit class and message,
/// nothing is printed on stdout, and nothing crashes.
@Suite("Server faults map to exit codes and clear messages")
struct NetworkFaultTests {
  static let search = ["search", "jack", "johnson", "--limit", "25"]

  /// Runs the jack johnson search with `fault` set for every request.
  private func searchWith(
    _ fault: ReplayFault, extra: [String] = []
  ) async throws -> (ProcessRunner.Result, Sandbox) {
    let sandbox = try Sandbox()
    sandbox.server.setFault(fault)
    let result = try await sandbox.runner.run(Self.search + extra)
    return (result, sandbox)
  }

  @Test("Apple's error object (HTTP 400) exits 64 with Apple's own text on stderr")
  func appleErrorObject() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let body =
      #"{"errorMessage":"Invalid value(s) for key(s): [itunesId]","queryParameters":{"id":"123"}}"#
    try sandbox.server.register(request: "/lookup?id=123", status: 400, body: Data(body.utf8))
    let result = try await sandbox.tunes("lookup", "123")
    #expect(result.exited(64), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("Invalid value(s) for key(s): [itunesId]"), "\(result)")
    #expect(result.stderr.contains("rejected"), "\(result)")
    #expect(sandbox.server.requestCount(for: "/lookup?id=123") == 1)
  }

  @Test("an HTML 503 page exits 69 after three attempts")
  func html503() async throws {
    let (result, sandbox) = try await searchWith(.html503)
    defer { sandbox.close() }
    #expect(result.exited(69), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("503"), "\(result)")
    #expect(result.stderr.contains("3 attempts"), "\(result)")
    #expect(!result.stderr.contains("<html"), "the HTML page must not reach the terminal")
    #expect(sandbox.server.requestCount == 3)
  }

  @Test("a body cut short of its Content-Length exits 69 saying it was cut short")
  func truncatedBody() async throws {
    let (result, sandbox) = try await searchWith(.truncated)
    defer { sandbox.close() }
    #expect(result.exited(69), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("cut short"), "\(result)")
    #expect(result.stderr.contains("bytes"), "\(result)")
  }

  @Test("a complete 200 answer holding half a JSON document exits 65")
  func truncatedJSON() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let whole = Samples.searchAnswer(titles: ["One", "Two", "Three"])
    try sandbox.server.register(request: "/search?term=half", body: whole.prefix(whole.count / 2))
    let result = try await sandbox.tunes("search", "half")
    #expect(result.exited(65), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("could not be read"), "\(result)")
  }

  @Test(
    "throttling (403 or 429 with an empty body) exits 75 and mentions the rate",
    arguments: [403, 429])
  func throttled(status: Int) async throws {
    let (result, sandbox) = try await searchWith(.status(status))
    defer { sandbox.close() }
    #expect(result.exited(75), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("HTTP \(status)"), "\(result)")
    #expect(result.stderr.contains("throttling"), "\(result)")
    #expect(result.stderr.contains("20 requests a minute"), "\(result)")
    #expect(sandbox.server.requestCount == 1, "throttling is not retried at once")
  }

  @Test("a request nothing is recorded for (HTTP 404) exits 69")
  func notFound() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let result = try await sandbox.tunes("search", "nothing recorded for this")
    #expect(result.exited(69), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("404"), "\(result)")
  }

  @Test("a refused connection exits 69 naming the host")
  func connectionRefused() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    // A port that was bound and is now closed.
    let closed = try ReplayServer(log: ReplayServer.silentLog)
    try closed.start()
    let base = closed.baseURL.absoluteString
    closed.stop()
    let result = try await sandbox.runner.run(Self.search + ["--api-base", base])
    #expect(result.exited(69), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("refused"), "\(result)")
    #expect(result.stderr.contains("127.0.0.1"), "\(result)")
  }

  @Test("a server that never answers fails with --timeout 1 within 20 s, naming the timeout")
  func hang() async throws {
    let (result, sandbox) = try await searchWith(.hang, extra: ["--timeout", "1"])
    defer { sandbox.close() }
    #expect(result.exited(69), "\(result)")
    #expect(result.duration < .seconds(20), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("did not answer within 1 second"), "\(result)")
    #expect(result.stderr.contains("--timeout"), "\(result)")
  }

  @Test("a connection reset exits 69")
  func reset() async throws {
    let (result, sandbox) = try await searchWith(.reset)
    defer { sandbox.close() }
    #expect(result.exited(69), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("reset"), "\(result)")
  }

  @Test("a 20 MiB body is refused with a message about its size, not a crash")
  func oversized() async throws {
    let (result, sandbox) = try await searchWith(.oversized(bytes: 20_971_520))
    defer { sandbox.close() }
    #expect(result.exited(69), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("larger than"), "\(result)")
    #expect(result.stderr.contains("MiB"), "\(result)")
  }

  @Test("a body that is not valid UTF-8 exits 65")
  func invalidUTF8() async throws {
    let (result, sandbox) = try await searchWith(.invalidUTF8)
    defer { sandbox.close() }
    #expect(result.exited(65), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("UTF-8"), "\(result)")
  }
}
