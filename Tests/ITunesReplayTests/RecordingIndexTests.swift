import Foundation
import ITunesReplay
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Loading recordings")
struct RecordingIndexTests {
  /// The rows of the shared index that have a numeric status: (file, status, request).
  static func sharedRows() throws -> [(file: String, status: Int, request: String)] {
    let text = try String(
      contentsOf: Fixtures.sharedITunes.appendingPathComponent("index.tsv"), encoding: .utf8)
    return text.split(separator: "\n").dropFirst().compactMap { line in
      let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard columns.count >= 3, let status = Int(columns[1]) else { return nil }
      // A note may follow the request ("… (host rss.marketingtools.apple.com)").
      return (String(columns[0]), status, String(columns[2].split(separator: " ").first ?? ""))
    }
  }

  @Test("every shared recording with a numeric status is served byte for byte")
  func servesSharedFixtures() async throws {
    let rows = try Self.sharedRows()
    #expect(rows.count >= 20)
    let server = try ReplayServer(directory: Fixtures.sharedITunes, log: ReplayServer.silentLog)
    try server.start()
    defer { server.stop() }
    let session = TestClient.session()
    for row in rows {
      let (data, response) = try await TestClient.get(server, row.request, session: session)
      #expect(response.statusCode == row.status, "\(row.file)")
      #expect(data == (try Fixtures.shared(row.file)), "\(row.file)")
      #expect(
        response.value(forHTTPHeaderField: "Content-Type") == "text/javascript; charset=utf-8")
    }
    #expect(server.requestCount == rows.count)
  }

  @Test("rows whose status is not a number are not served")
  func skipsNonNumericRows() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    let (data, response) = try await TestClient.get(server, "/(bad%20input)")
    #expect(response.statusCode == 404)
    #expect(String(decoding: data, as: UTF8.self).contains("unknown path"))
  }

  @Test("a directory without index.tsv is a clear error naming the file")
  func missingIndex() throws {
    let directory = try Self.temporaryDirectory(files: [:])
    defer { try? FileManager.default.removeItem(at: directory) }
    let expected = ReplayError.indexMissing(directory.appendingPathComponent("index.tsv"))
    #expect(throws: expected) {
      try ReplayServer(directory: directory, log: ReplayServer.silentLog)
    }
    #expect(expected.errorDescription?.contains("index.tsv") == true)
  }

  @Test(
    "a malformed index names the file and the line",
    arguments: [
      ("name\tcode\twhat\n", 1, "header"),
      ("file\tstatus\trequest\na.json\t200\n", 2, "3 tab-separated columns"),
      ("file\tstatus\trequest\n\na.json\t200\tsearch?term=x\n", 3, "does not start with '/'"),
      ("file\tstatus\trequest\na.json\t200\t/search?term=x\na.json\t999\t/x\n", 3, "999"),
    ])
  func malformedIndex(index: String, line: Int, reason: String) throws {
    let directory = try Self.temporaryDirectory(files: ["index.tsv": index, "a.json": "{}"])
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      _ = try ReplayServer(directory: directory, log: ReplayServer.silentLog)
      Issue.record("expected an error")
    } catch let error as ReplayError {
      guard case .indexMalformed(let file, let errorLine, let message) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(file.lastPathComponent == "index.tsv")
      #expect(errorLine == line)
      #expect(message.contains(reason))
      #expect(error.errorDescription?.contains("index.tsv line \(line)") == true)
      #expect(error.recoverySuggestion != nil)
    }
  }

  @Test("a row naming a missing file is an error naming the row")
  func missingRecording() throws {
    let index = "file\tstatus\trequest\nnope.json\t200\t/lookup?id=1\n"
    let directory = try Self.temporaryDirectory(files: ["index.tsv": index])
    defer { try? FileManager.default.removeItem(at: directory) }
    let expected = ReplayError.recordingMissing(
      index: directory.appendingPathComponent("index.tsv"), line: 2, file: "nope.json")
    #expect(throws: expected) {
      try ReplayServer(directory: directory, log: ReplayServer.silentLog)
    }
  }

  @Test("several directories load, and the later one wins a shared request")
  func severalDirectories() async throws {
    let index = "file\tstatus\trequest\nb.json\t200\t/lookup?id=42\nc.json\t200\t/lookup?id=99\n"
    let extra = try Self.temporaryDirectory(
      files: ["index.tsv": index, "b.json": "{\"b\":1}", "c.json": "{\"c\":1}"])
    defer { try? FileManager.default.removeItem(at: extra) }
    let server = try ReplayServer(
      directories: [TestClient.ownReplay], log: ReplayServer.silentLog)
    try server.load(directory: extra)
    try server.start()
    defer { server.stop() }
    let (replaced, _) = try await TestClient.get(server, "/lookup?id=42")
    let (added, _) = try await TestClient.get(server, "/lookup?id=99")
    let (kept, _) = try await TestClient.get(server, "/lookup?id=bad")
    #expect(String(decoding: replaced, as: UTF8.self) == "{\"b\":1}")
    #expect(String(decoding: added, as: UTF8.self) == "{\"c\":1}")
    #expect(kept == (try Fixtures.ownFile("replay/lookup-id-bad.json")))
  }

  static func temporaryDirectory(files: [String: String]) throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("replay-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for (name, text) in files {
      try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }
    return directory
  }
}
