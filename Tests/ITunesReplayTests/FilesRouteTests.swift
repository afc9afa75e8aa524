import Foundation
import ITunesReplay
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Files route")
struct FilesRouteTests {
  static func sample() throws -> Data { try Fixtures.ownFile("replay/files/sample.bin") }

  @Test("a whole file is served with 200 and Accept-Ranges")
  func wholeFile() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    let (data, response) = try await TestClient.get(server, "/files/sample.bin")
    #expect(response.statusCode == 200)
    #expect(data == (try Self.sample()))
    #expect(response.value(forHTTPHeaderField: "Accept-Ranges") == "bytes")
    #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/octet-stream")
  }

  @Test(
    "a satisfiable range gets 206 with Content-Range",
    arguments: [
      ("bytes=0-9", 0, 9), ("bytes=250-999", 250, 255), ("bytes=128-", 128, 255),
      ("bytes=-6", 250, 255),
    ])
  func partial(range: String, first: Int, last: Int) async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    let (data, response) = try await TestClient.get(
      server, "/files/sample.bin", headers: ["Range": range])
    #expect(response.statusCode == 206)
    #expect(response.value(forHTTPHeaderField: "Content-Range") == "bytes \(first)-\(last)/256")
    #expect(data == (try Self.sample()).subdata(in: first..<(last + 1)))
  }

  @Test("an unsatisfiable range gets 416 with the file size")
  func unsatisfiable() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    let (_, response) = try await TestClient.get(
      server, "/files/sample.bin", headers: ["Range": "bytes=256-"])
    #expect(response.statusCode == 416)
    #expect(response.value(forHTTPHeaderField: "Content-Range") == "bytes */256")
  }

  @Test("HEAD sends the headers of GET without a body")
  func head() throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    let connection = try RawConnection(port: server.port)
    connection.send(
      "HEAD /files/sample.bin HTTP/1.1\r\nHost: x\r\nRange: bytes=0-9\r\nConnection: close\r\n\r\n")
    let (bytes, _) = connection.readToEnd()
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("HTTP/1.1 206 Partial Content\r\n"))
    #expect(text.contains("Content-Length: 10\r\n"))
    #expect(text.contains("Content-Range: bytes 0-9/256\r\n"))
    #expect(text.hasSuffix("\r\n\r\n"))
  }

  @Test(
    "names that could escape files/ are refused",
    arguments: [
      "/files/../index.tsv", "/files/%2e%2e/index.tsv", "/files/..%2Findex.tsv",
      "/files/./sample.bin", "/files//etc/passwd", "/files/a/../../index.tsv",
    ])
  func escapeRefused(target: String) throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    let connection = try RawConnection(port: server.port)
    connection.send("GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    let text = String(decoding: connection.readToEnd().bytes, as: UTF8.self)
    #expect(text.hasPrefix("HTTP/1.1 403 Forbidden\r\n"))
    #expect(!text.contains("file\tstatus"))
  }

  @Test("a missing file is a 404")
  func missingFile() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    let (data, response) = try await TestClient.get(server, "/files/nothing.bin")
    #expect(response.statusCode == 404)
    #expect(String(decoding: data, as: UTF8.self).contains("nothing.bin"))
  }
}
