import Foundation
import ITunesReplay
import TestSupport
import Testing

/// What the binary does when the server misbehaves: each failure has its exit class and message,
/// nothing is printed on stdout, and nothing crashes.
@Suite("Server faults map to exit codes and clear messages")
struct NetworkFaultTests {
  static let search = ["search", "jack", "johnson", "--limit", "25"]
  /// The live HTTP transports (`TUNES_HTTP_TRANSPORT`); every fault is tried with each.
  static let transports = ["curl", "urlsession"]

  /// A sandbox whose binary uses `transport`.
  private func makeSandbox(_ transport: String) throws -> Sandbox {
    try Sandbox(environment: ["TUNES_HTTP_TRANSPORT": transport])
  }

  /// Runs the jack johnson search through `transport` with `fault` set for every request.
  private func searchWith(
    _ fault: ReplayFault, transport: String, extra: [String] = []
  ) async throws -> (ProcessRunner.Result, Sandbox) {
    let sandbox = try makeSandbox(transport)
    sandbox.server.setFault(fault)
    let result = try await sandbox.run(Self.search + extra)
    return (result, sandbox)
  }

  @Test(
    "Apple's error object (HTTP 400) exits 64 with Apple's own text on stderr",
    arguments: transports)
  func appleErrorObject(transport: String) async throws {
    let sandbox = try makeSandbox(transport)
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

  @Test("an HTML 503 page exits 69 after three attempts", arguments: transports)
  func html503(transport: String) async throws {
    let (result, sandbox) = try await searchWith(.html503, transport: transport)
    defer { sandbox.close() }
    #expect(result.exited(69), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("503"), "\(result)")
    #expect(result.stderr.contains("3 attempts"), "\(result)")
    #expect(!result.stderr.contains("<html"), "the HTML page must not reach the terminal")
    #expect(sandbox.server.requestCount == 3)
  }

  @Test(
    "a body cut short of its Content-Length exits 69 saying it was cut short", arguments: transports
  )
  func truncatedBody(transport: String) async throws {
    let (result, sandbox) = try await searchWith(.truncated, transport: transport)
    defer { sandbox.close() }
    #expect(result.exited(69), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("cut short"), "\(result)")
    #expect(result.stderr.contains("bytes"), "\(result)")
  }

  @Test("a complete 200 answer holding half a JSON document exits 65", arguments: transports)
  func truncatedJSON(transport: String) async throws {
    let sandbox = try makeSandbox(transport)
    defer { sandbox.close() }
    let whole = Samples.searchAnswer(titles: ["One", "Two", "Three"])
    try sandbox.server.register(
      request: "/search?term=half&limit=30", body: whole.prefix(whole.count / 2))
    let result = try await sandbox.tunes("search", "half")
    #expect(result.exited(65), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("could not be read"), "\(result)")
  }

  @Test(
    "throttling (403 or 429 with an empty body) exits 75 and mentions the rate",
    arguments: [403, 429], transports)
  func throttled(status: Int, transport: String) async throws {
    let (result, sandbox) = try await searchWith(.status(status), transport: transport)
    defer { sandbox.close() }
    #expect(result.exited(75), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("HTTP \(status)"), "\(result)")
    #expect(result.stderr.contains("throttling"), "\(result)")
    #expect(result.stderr.contains("20 requests a minute"), "\(result)")
    #expect(sandbox.server.requestCount == 1, "throttling is not retried at once")
  }

  @Test(
    "a request nothing is recorded for (HTTP 404) exits 64, as every 4xx but throttling",
    arguments: transports)
  func notFound(transport: String) async throws {
    let sandbox = try makeSandbox(transport)
    defer { sandbox.close() }
    let result = try await sandbox.tunes("search", "nothing recorded for this")
    #expect(result.exited(64), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("404"), "\(result)")
  }

  @Test("a refused connection exits 69 naming the host", arguments: transports)
  func connectionRefused(transport: String) async throws {
    let sandbox = try makeSandbox(transport)
    defer { sandbox.close() }
    // A port bound by a socket that never listens (kept for the test, so no other test's
    // server can take it meanwhile).
    let closed = try RefusingPort()
    let result = try await sandbox.run(Self.search + ["--api-base", closed.baseURL])
    #expect(result.exited(69), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("refused"), "\(result)")
    #expect(result.stderr.contains("127.0.0.1"), "\(result)")
    withExtendedLifetime(closed) {}
  }

  @Test(
    "a server that never answers fails with --timeout 1 within 20 s, naming the timeout",
    arguments: transports)
  func hang(transport: String) async throws {
    let (result, sandbox) = try await searchWith(
      .hang, transport: transport, extra: ["--timeout", "1"])
    defer { sandbox.close() }
    #expect(result.exited(69), "\(result)")
    #expect(result.duration < .seconds(20), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("did not answer within 1 second"), "\(result)")
    #expect(result.stderr.contains("--timeout"), "\(result)")
  }

  @Test("a connection reset exits 69", arguments: transports)
  func reset(transport: String) async throws {
    let (result, sandbox) = try await searchWith(.reset, transport: transport)
    defer { sandbox.close() }
    #expect(result.exited(69), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("reset"), "\(result)")
  }

  @Test(
    "a 20 MiB body is refused with a message about its size, not a crash", arguments: transports)
  func oversized(transport: String) async throws {
    let (result, sandbox) = try await searchWith(
      .oversized(bytes: 20_971_520), transport: transport)
    defer { sandbox.close() }
    #expect(result.exited(69), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("larger than"), "\(result)")
    #expect(result.stderr.contains("MiB"), "\(result)")
  }

  @Test("a body that is not valid UTF-8 exits 65", arguments: transports)
  func invalidUTF8(transport: String) async throws {
    let (result, sandbox) = try await searchWith(.invalidUTF8, transport: transport)
    defer { sandbox.close() }
    #expect(result.exited(65), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("UTF-8"), "\(result)")
  }
}
