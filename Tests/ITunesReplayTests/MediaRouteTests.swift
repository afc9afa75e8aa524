import Foundation
import ITunesReplay
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `/media/PATH.m4a`: preview audio for `TUNES_MEDIA_BASE=<server>/media`.
@Suite("Media route")
struct MediaRouteTests {
  static func preview() throws -> Data { try Fixtures.ownFile("replay/files/preview.m4a") }

  @Test(
    "an .m4a is found by its path below files/ or by its file name alone",
    arguments: [
      "/media/preview.m4a",
      "/media/itunes-assets/AudioPreview122/v4/2d/b1/c1/preview.m4a",
    ])
  func found(target: String) async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    let (data, response) = try await TestClient.get(server, target)
    #expect(response.statusCode == 200)
    #expect(data == (try Self.preview()))
    #expect(response.value(forHTTPHeaderField: "Content-Type") == "audio/mp4")
    #expect(response.value(forHTTPHeaderField: "Accept-Ranges") == "bytes")
  }

  @Test("a range of a preview gets 206 with Content-Range")
  func range() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    let (data, response) = try await TestClient.get(
      server, "/media/a/b/preview.m4a", headers: ["Range": "bytes=16-31"])
    #expect(response.statusCode == 206)
    #expect(response.value(forHTTPHeaderField: "Content-Range") == "bytes 16-31/256")
    #expect(data == (try Self.preview()).subdata(in: 16..<32))
  }

  @Test(
    "video previews (.m4v, .mp4) are served with a video type and ranges",
    arguments: [("clip.m4v", "video/x-m4v"), ("clip.mp4", "video/mp4")])
  func video(name: String, type: String) async throws {
    let directory = try TemporaryDirectory(prefix: "tunes-media")
    defer { directory.remove() }
    let files = try directory.subdirectory("files")
    let bytes = Data((0..<512).map { UInt8(truncatingIfNeeded: $0) })
    try bytes.write(to: files.appendingPathComponent(name))
    try Data("file\tstatus\trequest\n".utf8).write(to: directory.appending("index.tsv"))
    let server = try ReplayServer(directory: directory.url)
    try server.start()
    defer { server.stop() }
    let (data, response) = try await TestClient.get(
      server, "/media/itunes-assets/Video126/v4/\(name)")
    #expect(response.statusCode == 200)
    #expect(data == bytes)
    #expect(response.value(forHTTPHeaderField: "Content-Type") == type)
    let (slice, partial) = try await TestClient.get(
      server, "/media/\(name)", headers: ["Range": "bytes=100-199"])
    #expect(partial.statusCode == 206)
    #expect(partial.value(forHTTPHeaderField: "Content-Range") == "bytes 100-199/512")
    #expect(slice == bytes.subdata(in: 100..<200))
  }

  @Test(
    "other names are 404: not an .m4a, or no such file",
    arguments: ["/media/sample.bin", "/media/nothing.m4a", "/media/a/nothing.m4a"])
  func notFound(target: String) async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    let (_, response) = try await TestClient.get(server, target)
    #expect(response.statusCode == 404)
  }

  @Test("names that could escape files/ are refused", arguments: ["/media/../files/preview.m4a"])
  func escape(target: String) throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    let connection = try RawConnection(port: server.port)
    connection.send("GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    let text = String(decoding: connection.readToEnd().bytes, as: UTF8.self)
    #expect(text.hasPrefix("HTTP/1.1 403 Forbidden\r\n"))
  }
}
