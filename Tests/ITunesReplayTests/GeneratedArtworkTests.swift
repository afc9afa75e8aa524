import Foundation
import ITunesReplay
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Artwork paths (`…/{W}x{H}bb.jpg|png`) answered with generated images of that size.
@Suite("Generated artwork route")
struct GeneratedArtworkTests {
  /// The width and height in a JPEG's SOF0/SOF2 header or a PNG's IHDR.
  static func size(of data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data)
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), bytes.count >= 24 {
      let word = { (at: Int) in bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
      return (word(16), word(20))
    }
    guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
    var index = 2
    while index + 9 < bytes.count, bytes[index] == 0xFF {
      let marker = bytes[index + 1]
      let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
      if marker == 0xC0 || marker == 0xC2 {
        let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
        let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
        return (width, height)
      }
      index += 2 + length
    }
    return nil
  }

  @Test(
    "an artwork path gets an image of exactly that size, in the format its extension names",
    arguments: [
      ("/image/thumb/Music/v4/aa/bb/source/100x100bb.jpg", 100, 100, "image/jpeg"),
      ("/image/thumb/Music/v4/aa/bb/source/600x600bb.png", 600, 600, "image/png"),
      ("/a/b/300x200bb-80.jpg", 300, 200, "image/jpeg"),
      ("/a/b/1200x630cc.jpg", 1200, 630, "image/jpeg"),
      ("/media/image/thumb/x/60x60bb.jpg", 60, 60, "image/jpeg"),
      ("/x/1x1bb.PNG", 1, 1, "image/png"),
    ])
  func sizes(path: String, width: Int, height: Int, type: String) async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    let (data, response) = try await TestClient.get(server, path)
    #expect(response.statusCode == 200)
    #expect(response.value(forHTTPHeaderField: "Content-Type") == type)
    let size = Self.size(of: data)
    #expect(size?.width == width && size?.height == height)
  }

  @Test("the image is the same every time, the same across sizes of one item, different per item")
  func deterministic() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    let (first, _) = try await TestClient.get(server, "/art/one/100x100bb.png")
    let (again, _) = try await TestClient.get(server, "/art/one/100x100bb.png")
    #expect(first == again)
    #expect(
      GeneratedArtwork.seed(forPath: "/art/one/100x100bb.png")
        == GeneratedArtwork.seed(forPath: "/art/one/600x600bb.jpg"))
    let one = GeneratedArtwork.pixels(
      width: 32, height: 32, seed: GeneratedArtwork.seed(forPath: "/art/one/x"))
    let two = GeneratedArtwork.pixels(
      width: 32, height: 32, seed: GeneratedArtwork.seed(forPath: "/art/two/x"))
    #expect(one != two)
    // Clearly not one flat colour: many distinct pixels.
    let colours = Set(stride(from: 0, to: one.count, by: 3).map { Array(one[$0..<($0 + 3)]) })
    #expect(colours.count > 20)
  }

  @Test("sizes over 3000 or of 0 pixels get a 400 that says the limit")
  func capped() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    for path in ["/a/3001x100bb.jpg", "/a/100x5000bb.png", "/a/0x0bb.jpg"] {
      let (data, response) = try await TestClient.get(server, path)
      #expect(response.statusCode == 400)
      #expect(String(decoding: data, as: UTF8.self).contains("each side must be 1 to 3000"))
    }
  }

  @Test(
    "paths that are not artwork-shaped are not artwork",
    arguments: [
      "/a/cover.jpg", "/a/100x100bb.gif", "/a/x100bb.jpg", "/a/100xbb.jpg", "/a/100x100bb-x.jpg",
      "/a/100x100bb.jpg.txt",
    ])
  func notArtwork(path: String) {
    #expect(GeneratedArtwork.spec(forPath: path) == nil)
  }

  @Test("a registered answer for an artwork path wins, and faults apply per path")
  func registeredAndFaults() async throws {
    let server = try TestClient.ownServer()
    defer { server.stop() }
    try server.register(
      request: "/a/100x100bb.jpg", body: Data("<html>no</html>".utf8),
      headers: ["Content-Type": "text/html"])
    let (page, pageResponse) = try await TestClient.get(server, "/a/100x100bb.jpg")
    #expect(pageResponse.statusCode == 200 && page == Data("<html>no</html>".utf8))
    server.injectFault(.status(404), matching: "/b/100x100bb.jpg", times: 1)
    let (_, missing) = try await TestClient.get(server, "/b/100x100bb.jpg")
    #expect(missing.statusCode == 404)
    let (_, other) = try await TestClient.get(server, "/c/100x100bb.jpg")
    #expect(other.statusCode == 200)
    let (_, after) = try await TestClient.get(server, "/b/100x100bb.jpg")
    #expect(after.statusCode == 200)
    #expect(server.requestCount(for: "/b/100x100bb.jpg") == 2)
  }
}
