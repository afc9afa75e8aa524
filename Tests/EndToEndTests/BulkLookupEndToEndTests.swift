import Foundation
import ITunesReplay
import TestSupport
import Testing

/// `tunes lookup -` and `favorites add -` as processes, against the replay server.
@Suite("Bulk lookups end to end")
struct BulkLookupEndToEndTests {
  /// Registers the answers to `ids` in batches of 200 (the order tunes sends them), leaving out
  /// the `unknown` ones as Apple would.
  func register(_ ids: [Int64], unknown: Set<Int64>, on server: ReplayServer) throws {
    for start in stride(from: 0, to: ids.count, by: 200) {
      let batch = Array(ids[start..<min(start + 200, ids.count)])
      let body = try SyntheticLookup.body(for: batch.filter { !unknown.contains($0) })
      try server.register(
        request: "/lookup?id=" + batch.map(String.init).joined(separator: ","), body: body)
    }
  }

  // 401 ids (3 batches): the debug binary splitting answers per id is slow enough that 1,000
  // would take CPU the parallel suite's timing tests need; `make bench` runs 1,000 in release.
  @Test("401 ids on stdin: 3 requests, ndjson, unknown ids named; again: none")
  func thousandIDs() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    sandbox.server.enforce(.apple)
    let ids = (1...401).map { Int64(100_000 + $0) }
    let unknown: Set<Int64> = [100_010, 100_100]
    try register(ids, unknown: unknown, on: sandbox.server)
    let input = ids.map(String.init).joined(separator: "\n") + "\n" + "100001,100002\n"
    let result = try await sandbox.run(
      ["lookup", "-", "--format", "ndjson"], stdin: Data(input.utf8))
    #expect(result.exited(0), "\(result)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 399)
    #expect(lines.first?.contains("\"id\":100001") == true)
    #expect(sandbox.server.requestCount == 3)
    #expect(
      result.stderr.contains("Apple knows no item with 2 of the 401 ids: 100010, 100100."),
      "\(result)")
    let again = try await sandbox.run(
      ["lookup", "-", "--format", "ndjson"], stdin: Data(input.utf8))
    #expect(again.exited(0), "\(again)")
    #expect(again.stdout == result.stdout)
    #expect(sandbox.server.requestCount == 3, "every id came from the cache")
  }

  @Test("favorites add --ids-from FILE adds every item Apple knows")
  func favoritesFromFile() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let ids = (1...250).map { Int64(200_000 + $0) }
    try register(ids, unknown: [200_003], on: sandbox.server)
    let file = try sandbox.write(
      Data(ids.map(String.init).joined(separator: ",").utf8), to: "ids.txt")
    let result = try await sandbox.tunes("favorites", "add", "--ids-from", file)
    #expect(result.exited(0), "\(result)")
    #expect(result.stderr.contains("added 249 favourites."), "\(result)")
    #expect(
      result.stderr.contains(
        "Apple knows no item with id 200003 in the US store; the others were added."))
    #expect(try await sandbox.favoritesCount() == 249)
    #expect(sandbox.server.requestCount == 2)
  }
}
