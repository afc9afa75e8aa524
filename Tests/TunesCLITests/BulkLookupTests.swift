import Foundation
import ITunesCatalog
import ITunesClient
import TestSupport
import Testing

@testable import TunesCLI

/// A client that answers lookups with synthetic results for every id but the `unknown` ones, and
/// remembers each request's ids.
final class LookupRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var batches: [[Int64]] = []
  let unknown: Set<Int64>
  /// Thrown for the request with this index (0-based), if set.
  var failure: (index: Int, error: ClientError)?
  /// Awaited before answering the request with this index, if set.
  var gate: (index: Int, open: @Sendable () async -> Void)?

  init(unknown: Set<Int64> = []) {
    self.unknown = unknown
  }

  var requests: [[Int64]] { lock.withLock { batches } }

  var client: ITunesClient {
    ITunesClient(fetch: { request in
      let ids = SyntheticLookup.ids(
        inQuery: request.parameters.first { $0.name == "id" }?.value ?? "")
      let index = self.lock.withLock {
        self.batches.append(ids)
        return self.batches.count - 1
      }
      if let gate = self.gate, gate.index == index { await gate.open() }
      if let failure = self.failure, failure.index == index { throw failure.error }
      let body = try SyntheticLookup.body(for: ids.filter { !self.unknown.contains($0) })
      return CatalogResponse(page: try CatalogPage.decode(body), body: body, source: .network)
    })
  }
}

/// Opens when told to, for a client that must wait for the test.
final class Latch: @unchecked Sendable {
  private let lock = NSLock()
  private var isOpen = false
  func open() { lock.withLock { isOpen = true } }
  var opened: Bool { lock.withLock { isOpen } }
}

@Suite("Bulk lookups")
struct BulkLookupTests {
  func ndjsonIDs(_ text: String) -> [Int64] {
    text.split(separator: "\n").compactMap { line in
      (try? JSONParser.parse(Array(line.utf8)))?["id"]?.integer
    }
  }

  @Test("1,000 ids from stdin, with repeats and both separators, go out in 5 requests of 200")
  func batches() async throws {
    let recorder = LookupRecorder(unknown: [250, 500, 750, 1000])
    let cli = try CLIHarness(client: recorder.client)
    var lines: [String] = []
    for start in stride(from: 1, through: 1000, by: 4) {
      lines.append((start..<start + 4).map(String.init).joined(separator: ","))
      lines.append("")
    }
    lines += ["1", "2,3", "  17\t18  "]  // repeats
    cli.stdin = Data(lines.joined(separator: "\n").utf8)
    // No cache: this test is about batching (caching per id has its own test).
    let code = await cli.run(["lookup", "-", "--format", "ndjson", "--no-cache"])
    #expect(code == 0, "\(cli.stderr)")
    #expect(recorder.requests.count == 5)
    #expect(recorder.requests.allSatisfy { $0.count == 200 })
    #expect(recorder.requests.flatMap { $0 } == Array(1...1000))
    let ids = ndjsonIDs(cli.stdout)
    #expect(ids.count == 996)
    #expect(ids == Array(1...1000).filter { ![250, 500, 750, 1000].contains($0) })
    #expect(
      cli.stderr.contains("Apple knows no item with 4 of the 1000 ids: 250, 500, 750, 1000."),
      "\(cli.stderr)")
    #expect(!cli.stderr.contains("looking up"), "no progress line when stderr is not a terminal")
  }

  @Test("a second run is answered from the cache per id, unknown ids included: no request")
  func cachedPerID() async throws {
    let recorder = LookupRecorder(unknown: [3])
    let cli = try CLIHarness(client: recorder.client)
    cli.stdin = Data("1\n2\n3\n4\n".utf8)
    #expect(await cli.run(["lookup", "-", "--format", "ndjson"]) == 0)
    let first = cli.stdout
    #expect(recorder.requests == [[1, 2, 3, 4]])
    #expect(await cli.run(["lookup", "-", "--format", "ndjson"]) == 0)
    #expect(cli.stdout == first)
    #expect(cli.stderr.contains("Apple knows no item with 1 of the 4 ids: 3."), "\(cli.stderr)")
    // Only the ids not seen before are asked for, and `tunes lookup ID` finds a bulk answer.
    cli.stdin = Data("2,5\n".utf8)
    #expect(await cli.run(["lookup", "-", "--format", "ndjson"]) == 0)
    #expect(recorder.requests == [[1, 2, 3, 4], [5]])
    #expect(await cli.run(["lookup", "4", "--format", "ndjson"]) == 0)
    #expect(ndjsonIDs(cli.stdout) == [4])
    #expect(recorder.requests.count == 2)
    // --no-cache asks again.
    cli.stdin = Data("1\n".utf8)
    #expect(await cli.run(["lookup", "-", "--no-cache", "--format", "ndjson"]) == 0)
    #expect(recorder.requests.count == 3)
  }

  @Test("--ids-from reads a file; CSV gets one header however many batches")
  func idsFromFile() async throws {
    let recorder = LookupRecorder()
    let cli = try CLIHarness(client: recorder.client)
    let file = cli.home.appendingPathComponent("ids.txt")
    try Data((1...450).map(String.init).joined(separator: "\n").utf8).write(to: file)
    #expect(await cli.run(["lookup", "--ids-from", file.path, "--format", "csv"]) == 0)
    #expect(recorder.requests.map(\.count) == [200, 200, 50])
    let rows = cli.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    #expect(rows.count == 451)
    #expect(rows.filter { $0.hasPrefix("id,kind,") }.count == 1)
    #expect(await cli.run(["lookup", "--ids-from", file.path, "--format", "json"]) == 0)
    let array = try JSONParser.parse(Array(cli.stdout.utf8))
    guard case .array(let items) = array else {
      Issue.record("not an array: \(cli.stdout.prefix(80))")
      return
    }
    #expect(items.count == 450)
  }

  @Test("items are written as each batch arrives, before the next one is answered")
  func streams() async throws {
    let recorder = LookupRecorder()
    let latch = Latch()
    recorder.gate = (
      1,
      {
        while !latch.opened { try? await Task.sleep(for: .milliseconds(5)) }
      }
    )
    let cli = try CLIHarness(client: recorder.client)
    cli.stdin = Data((1...300).map(String.init).joined(separator: ",").utf8)
    let run = Task { await cli.run(["lookup", "-", "--format", "ndjson"]) }
    defer { latch.open() }
    // The gate holds the second answer until the latch opens, so no amount of waiting lets it
    // in early: the bound only guards against a hang. It is 120 s because in the parallel run
    // the synchronous suites can hold both pool threads (and the CLI's task) for tens of
    // seconds on two cores; with 20 s it failed that way under load.
    let firstBatch = await eventually(within: 120) {
      self.ndjsonIDs(cli.stdout).count == 200
    }
    #expect(firstBatch, "the first 200 were not written while the second request waited")
    #expect(recorder.requests.count == 2)
    latch.open()
    #expect(await run.value == 0)
    #expect(ndjsonIDs(cli.stdout).count == 300)
  }

  @Test("on a terminal stderr shows a progress line, cleared at the end")
  func progressLine() async throws {
    let recorder = LookupRecorder()
    let cli = try CLIHarness(client: recorder.client)
    cli.stderrIsTerminal = true
    cli.stdin = Data((1...401).map(String.init).joined(separator: "\n").utf8)
    #expect(await cli.run(["lookup", "-", "--format", "ndjson"]) == 0)
    #expect(cli.stderr.contains("\r\u{1B}[2Klooking up ids: 200 of 401 · request 1 of 3"))
    #expect(cli.stderr.contains("\r\u{1B}[2Klooking up ids: 401 of 401 · request 3 of 3"))
    #expect(cli.stderr.hasSuffix("\r\u{1B}[2K"), "\(cli.stderr.debugDescription)")
  }

  @Test("a batch refused by the rate limit stops the run: what came is written, the rest named")
  func rateLimitMidway() async throws {
    let recorder = LookupRecorder()
    recorder.failure = (1, .rateLimitWait(seconds: 42))
    let cli = try CLIHarness(client: recorder.client)
    cli.stdin = Data((1...500).map(String.init).joined(separator: "\n").utf8)
    let code = await cli.run(["lookup", "-", "--format", "ndjson", "--no-cache"])
    #expect(code == 75)
    #expect(ndjsonIDs(cli.stdout) == Array(1...200))
    #expect(recorder.requests.count == 2, "no batch is sent after the refused one")
    #expect(
      cli.stderr.contains("300 of the 500 ids were not looked up: 201, 202,"), "\(cli.stderr)")
    #expect(cli.stderr.contains("and 280 more."))
    #expect(cli.stderr.contains("allows the next request in 42 s"))
    #expect(cli.stderr.contains("--wait 60"))
  }

  @Test("when a batch fails, older cached answers stand in for its ids, with a note")
  func staleFallback() async throws {
    let recorder = LookupRecorder()
    let cli = try CLIHarness(client: recorder.client)
    cli.stdin = Data("1\n2\n".utf8)
    #expect(await cli.run(["lookup", "-", "--format", "ndjson"]) == 0)
    // Two days later Apple throttles; 1 and 2 come from the cache, 3 cannot.
    let later = try CLIHarness(client: recorder.client)
    try FileManager.default.removeItem(at: later.home)
    try FileManager.default.copyItem(at: cli.home, to: later.home)
    later.now = Date(timeIntervalSince1970: 1_764_000_000 + 2 * 86_400)
    recorder.failure = (1, .rateLimited(status: 403))
    later.stdin = Data("1\n2\n3\n".utf8)
    let code = await later.run(["lookup", "-", "--format", "ndjson"])
    #expect(code == 75)
    #expect(ndjsonIDs(later.stdout) == [1, 2])
    #expect(later.stderr.contains("some answers are the cached ones from"), "\(later.stderr)")
    #expect(later.stderr.contains("1 of the 3 ids were not looked up: 3."))
  }

  @Test("--offline answers from the cache and names the ids it does not hold")
  func offline() async throws {
    let recorder = LookupRecorder()
    let cli = try CLIHarness(client: recorder.client)
    cli.stdin = Data("1\n".utf8)
    #expect(await cli.run(["lookup", "-", "--format", "ndjson"]) == 0)
    cli.stdin = Data("1\n2\n".utf8)
    let code = await cli.run(["lookup", "-", "--offline", "--format", "ndjson"])
    #expect(code == 69)
    #expect(ndjsonIDs(cli.stdout) == [1])
    #expect(cli.stderr.contains("1 of the 2 ids were not looked up: 2."), "\(cli.stderr)")
    #expect(recorder.requests.count == 1)
  }

  @Test("bad id lists are usage errors naming the token and where it was")
  func badInput() async throws {
    let cli = try CLIHarness(client: LookupRecorder().client)
    cli.stdin = Data("1\n2\nabc\n".utf8)
    #expect(await cli.run(["lookup", "-"]) == 64)
    #expect(cli.stderr.contains("\"abc\" (standard input, line 3) is not an iTunes id."))
    cli.stdin = Data("\n\n".utf8)
    #expect(await cli.run(["lookup", "-"]) == 64)
    #expect(cli.stderr.contains("No ids on standard input"))
    #expect(await cli.run(["lookup", "--ids-from", "/nonexistent/ids"]) == 66)
    #expect(cli.stderr.contains("cannot read /nonexistent/ids"))
    cli.stdin = Data("1\n".utf8)
    #expect(await cli.run(["lookup", "-", "--upc", "123"]) == 64)
    cli.stdin = Data("1\u{1B}[31m\n".utf8)
    #expect(await cli.run(["lookup", "-"]) == 64)
    #expect(!cli.stderr.contains("\u{1B}"), "control characters are not echoed")
  }

  @Test("with --entity whole batches are cached, and related items are kept")
  func entityBatches() async throws {
    let recorder = LookupRecorder()
    let cli = try CLIHarness(client: recorder.client)
    cli.stdin = Data((1...201).map(String.init).joined(separator: "\n").utf8)
    #expect(await cli.run(["lookup", "-", "--entity", "album", "--format", "ndjson"]) == 0)
    #expect(recorder.requests.map(\.count) == [200, 1])
    #expect(await cli.run(["lookup", "-", "--entity", "album", "--format", "ndjson"]) == 0)
    #expect(recorder.requests.count == 2, "the same batches come from the cache")
  }

  @Test("favorites add takes several ids, - and --ids-from, and says which Apple did not know")
  func favoritesAdd() async throws {
    let recorder = LookupRecorder(unknown: [9])
    let cli = try CLIHarness(client: recorder.client)
    #expect(await cli.run(["favorites", "add", "1", "2,3"]) == 0)
    #expect(cli.stderr.contains("“App 1”"), "\(cli.stderr)")
    cli.stdin = Data((1...20).map(String.init).joined(separator: "\n").utf8)
    #expect(await cli.run(["favorites", "add", "-"]) == 0)
    #expect(cli.stderr.contains("added 16 favourites; 3 already were."), "\(cli.stderr)")
    #expect(
      cli.stderr.contains("Apple knows no item with id 9 in the US store; the others were added."))
    #expect(await cli.run(["favorites", "list", "--format", "ndjson"]) == 0)
    #expect(Set(ndjsonIDs(cli.stdout)) == Set((1...20).filter { $0 != 9 }))
    #expect(await cli.run(["favorites", "add", "9"]) == 65)
    #expect(cli.stderr.contains("Apple knows no item with id 9 in the US store."))
  }

  @Test("favorites do not take --demo: demo items are not Apple's, nothing is stored")
  func favoritesRefuseDemo() async throws {
    let recorder = LookupRecorder(unknown: [])
    let cli = try CLIHarness(client: recorder.client)
    for action in [["add", "9100000199"], ["list"], ["remove", "1"], ["export"]] {
      #expect(await cli.run(["favorites"] + action + ["--demo"]) == 64, "\(action)")
      #expect(cli.stderr.contains("does not take --demo"), "\(cli.stderr)")
    }
    #expect(recorder.requests.isEmpty)
    #expect(await cli.run(["favorites", "list", "--format", "ndjson"]) == 0)
    #expect(cli.stdout.isEmpty, "nothing was added: \(cli.stdout)")
  }
}
