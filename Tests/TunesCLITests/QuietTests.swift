import Foundation
import ITunesClient
import Testing

@testable import TunesCLI

/// `--quiet`: stderr carries errors only, so the pacing notes and progress lines are dropped.
@Suite("--quiet and what commands say while they work")
struct QuietTests {
  /// A harness whose client first reports a wait for the rate limit, as the live pacing does.
  private func waitingHarness(_ recorder: LookupRecorder) throws -> CLIHarness {
    let cli = try CLIHarness(client: recorder.client)
    let inner = recorder.client
    cli.clientForPacing = { pacing in
      var client = inner
      client.fetch = { request in
        pacing.onWait(.seconds(3))
        return try await inner.fetch(request)
      }
      return client
    }
    return cli
  }

  @Test("the wait for Apple's rate limit is said on stderr, and not with --quiet")
  func waitNote() async throws {
    let cli = try waitingHarness(LookupRecorder())
    #expect(await cli.run(["lookup", "7", "--no-cache", "--format", "ndjson"]) == 0)
    #expect(cli.stderr == "tunes: waiting 3 s for Apple's rate limit\n", "\(cli.stderr)")
    let answered = cli.stdout
    #expect(!answered.isEmpty)
    for flag in ["--quiet", "-q"] {
      #expect(await cli.run([flag, "lookup", "7", "--no-cache", "--format", "ndjson"]) == 0)
      #expect(cli.stderr.isEmpty, "\(flag): \(cli.stderr.debugDescription)")
      #expect(cli.stdout == answered)
    }
    // After the command too, as the usage line has it.
    #expect(await cli.run(["lookup", "7", "--no-cache", "--format", "ndjson", "--quiet"]) == 0)
    #expect(cli.stderr.isEmpty, "\(cli.stderr.debugDescription)")
  }

  @Test("a bulk lookup on a terminal draws no progress line and no wait note with --quiet")
  func bulkProgress() async throws {
    let recorder = LookupRecorder()
    let cli = try waitingHarness(recorder)
    cli.stderrIsTerminal = true
    cli.stdin = Data((1...401).map(String.init).joined(separator: "\n").utf8)
    #expect(await cli.run(["lookup", "-", "--format", "ndjson", "--no-cache"]) == 0)
    #expect(cli.stderr.contains("looking up ids: 401 of 401"), "\(cli.stderr.debugDescription)")
    #expect(cli.stderr.contains("waiting 3 s for Apple's rate limit"))
    #expect(await cli.run(["--quiet", "lookup", "-", "--format", "ndjson", "--no-cache"]) == 0)
    #expect(cli.stderr.isEmpty, "\(cli.stderr.debugDescription)")
    #expect(cli.stdout.split(separator: "\n").count == 401)
    #expect(recorder.requests.count == 6, "both runs sent their three batches")
  }

  @Test("with --quiet an error still reaches stderr")
  func errorsStay() async throws {
    let recorder = LookupRecorder()
    recorder.failure = (0, .rateLimitWait(seconds: 42))
    let cli = try waitingHarness(recorder)
    #expect(await cli.run(["--quiet", "lookup", "7", "--no-cache"]) == 75)
    #expect(!cli.stderr.contains("waiting 3 s"), "\(cli.stderr)")
    #expect(cli.stderr.contains("rate limit"), "\(cli.stderr)")
  }
}
