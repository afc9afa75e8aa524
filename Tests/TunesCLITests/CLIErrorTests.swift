import Foundation
import ITunesCatalog
import ITunesClient
import ITunesReplay
import TestSupport
import Testing

@testable import TunesCLI

@Suite("CLI usage errors and failures: a clear message and the right exit code")
struct CLIErrorTests {
  @Test(
    "Bad arguments are usage errors (64) naming the problem",
    arguments: [
      (["search"], "search needs a term"),
      (["search", "   "], "search needs a term"),
      (["search", "x", "--limit", "0"], "limit 0 is out of range"),
      (["search", "x", "--limit", "500"], "limit 500 is out of range"),
      (["search", "x", "--limit", "ten"], "--limit needs a whole number"),
      (["search", "x", "--media", "muzic"], "Did you mean \"music\"?"),
      (["search", "x", "--entity", "songz"], "\"songz\" is not a valid entity"),
      (["search", "x", "--attribute", "nope"], "\"nope\" is not a valid attribute"),
      (
        ["search", "x", "--media", "music", "--entity", "ebook"], "does not go with media \"music\""
      ),
      (["search", "x", "--country", "XX"], "\"XX\" is not a valid country"),
      (["search", "x", "--limt", "5"], "Did you mean --limit?"),
      (["serch", "x"], "Did you mean \"search\"?"),
      (["lookup", "12,abc"], "\"abc\" is not a valid id"),
      (["lookup"], "lookup needs ids"),
      (["lookup", "1", "--upc", "2"], "Give only one of"),
      (
        ["search", "x", "--api-base", "http://example.com"],
        "plain http is allowed only for 127.0.0.1"
      ),
      (["search", "x", "--timeout", "-1"], "timeout"),
      (["favorites", "lst"], "Did you mean \"list\"?"),
    ])
  func usage(arguments: [String], message: String) async throws {
    let cli = try CLIHarness(client: .failing())
    #expect(await cli.run(arguments) == 64)
    #expect(cli.stdout == "")
    #expect(cli.stderr.contains(message), "\(cli.stderr)")
  }

  @Test(
    "Client failures map to exit codes and never to 'no results'",
    arguments: [
      (ClientError.rateLimited(status: 403), Int32(75), "20 requests"),
      (ClientError.rateLimited(status: 429), Int32(75), "20 requests"),
      (ClientError.serverError(status: 503, attempts: 3), Int32(69), "503"),
      (ClientError.timedOut(seconds: 15), Int32(69), "15"),
      (ClientError.cannotConnect(host: "127.0.0.1"), Int32(69), "127.0.0.1"),
      (ClientError.truncated(receivedBytes: 92), Int32(69), "cut short"),
      (
        ClientError.decoding(.malformed(reason: "a string is not valid UTF-8 at byte 3")),
        Int32(65), "UTF-8"
      ),
      (
        ClientError.invalidRequest(message: "Invalid value(s) for key(s): [itunesId]"), Int32(64),
        "itunesId"
      ),
    ])
  func failures(error: ClientError, code: Int32, message: String) async throws {
    let cli = try CLIHarness(client: .failing(error))
    #expect(await cli.run(["search", "x", "--no-cache"]) == code)
    #expect(cli.stdout == "")
    #expect(!cli.stderr.contains("no results"))
    #expect(cli.stderr.contains(message), "\(cli.stderr)")
  }
}

@Suite("Exit codes for client errors")
struct ClientExitCodeTests {
  @Test(
    "each client error maps to one documented exit code",
    arguments: [
      (ClientError.rateLimited(status: 403), Int32(75)),
      (.decoding(.malformed(reason: "x")), 65),
      (.timedOut(seconds: 2), 69),
      (.invalidRequest(message: "m"), 64),
      (.unexpectedStatus(400), 64),
      (.unexpectedStatus(418), 64),
      (.notFound(message: nil), 64), (.notFound(message: "no such feed"), 64),
      (.unexpectedStatus(302), 69),
      (.serverError(status: 500, attempts: 3), 69),
      (.offlineCacheMiss, 69),
      (.invalidBaseURL("x", reason: "r"), 64),
      (.cannotConnect(host: "h"), 69),
    ])
  func mapping(error: ClientError, code: Int32) {
    #expect(ExitCode.of(error) == code)
    #expect(CLIError.client(error).exitCode == code)
  }

  @Test("a 4xx other than Apple's error object says retrying will not help")
  func fourHundredAdvice() {
    let message = CLIError.client(.unexpectedStatus(400)).message
    #expect(message.contains("retrying it will not help"))
    #expect(!message.contains("Try again in a moment"))
  }
}

@Suite("Replay command exit codes")
struct ReplayExitCodeTests {
  @Test("an unknown fault is a usage error (64); a busy port cannot be served (69)")
  func codes() async throws {
    let cli = try CLIHarness(client: .failing())
    let fault = await cli.run(["replay", Fixtures.sharedITunes.path, "--fault", "gremlins"])
    #expect(fault == 64, "\(cli.stderr)")
    // A server already listening holds the port.
    let holder = try ReplayServer(directories: [Fixtures.sharedITunes], log: ReplayServer.silentLog)
    try holder.start()
    defer { holder.stop() }
    let port = String(try #require(holder.baseURL.port))
    let code = await cli.run(["replay", Fixtures.sharedITunes.path, "--port", port, "--quiet"])
    #expect(code == 69, "\(cli.stderr)")
  }

  @Test(
    "--random-faults needs a whole-number seed, --fault-rate a share from 0 to 1 and the seed",
    arguments: [
      (["--random-faults", "soon"], "--random-faults needs a seed"),
      (["--random-faults", "-3"], "--random-faults needs a seed"),
      (["--random-faults", "4", "--fault-rate", "1.5"], "--fault-rate needs a share from 0 to 1"),
      (["--random-faults", "4", "--fault-rate", "often"], "--fault-rate needs a share"),
      (["--fault-rate", "0.5"], "--fault-rate goes with --random-faults SEED"),
    ])
  func randomFaultArguments(extra: [String], message: String) async throws {
    let cli = try CLIHarness(client: .failing())
    let code = await cli.run(["replay", Fixtures.sharedITunes.path, "--port", "0"] + extra)
    #expect(code == 64, "\(cli.stderr)")
    #expect(cli.stderr.contains(message), "\(cli.stderr)")
  }

  @Test("history --match with no match says so, not that the history is empty")
  func historyNoMatch() async throws {
    let cli = try CLIHarness(client: CLIHarness.fixtureClient(Recordings.songs))
    #expect(await cli.run(["search", "jack", "johnson", "--limit", "3"]) == 0)
    #expect(await cli.run(["history", "--match", "zzz"]) == 0)
    #expect(cli.stderr.contains("no search in the history matches \"zzz\""), "\(cli.stderr)")
  }
}

@Suite("--fail-empty")
struct FailEmptyTests {
  @Test("a search that finds nothing exits 2 with --fail-empty, 0 without; an unknown id 65")
  func failEmpty() async throws {
    let cli = try CLIHarness(client: .mock { _ in CatalogPage(items: []) })
    #expect(await cli.run(["search", "zzqqx"]) == 0)
    #expect(await cli.run(["search", "zzqqx", "--fail-empty"]) == 2)
    // An id lookup that finds nothing is an id Apple does not know, with or without the flag.
    #expect(await cli.run(["lookup", "1", "--fail-empty"]) == 65)
    #expect(await cli.run(["lookup", "1"]) == 65)
    let found = try CLIHarness(client: CLIHarness.fixtureClient(Recordings.songs))
    #expect(await found.run(["search", "jack", "--fail-empty", "--format", "json"]) == 0)
  }
}
