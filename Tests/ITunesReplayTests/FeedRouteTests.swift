import Foundation
import ITunesReplay
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Replay server: chart feeds and the genre service")
struct FeedRouteTests {
  private func sharedServer() throws -> ReplayServer {
    let server = try ReplayServer(directory: Fixtures.sharedITunes)
    try server.start()
    return server
  }

  @Test("The v2 feed recorded with a note after its request is served, at any limit and case")
  func v2Feed() async throws {
    let server = try sharedServer()
    defer { server.stop() }
    let recorded = try Fixtures.shared("rss-v2-most-played-songs-us-100.json")
    for target in [
      "/api/v2/us/music/most-played/100/songs.json", "/api/v2/US/music/most-played/25/songs.json",
    ] {
      let (data, response) = try await TestClient.get(server, target)
      #expect(response.statusCode == 200, "\(target)")
      #expect(data == recorded, "\(target)")
    }
    let (_, albums) = try await TestClient.get(
      server, "/api/v2/us/music/most-played/25/albums.json")
    #expect(albums.statusCode == 404)
  }

  @Test("The legacy feed is served with another limit and its options in another order")
  func legacyFeed() async throws {
    let server = try sharedServer()
    defer { server.stop() }
    let recorded = try Fixtures.shared("rss-legacy-toppodcasts-genre1310-us.json")
    for target in [
      "/us/rss/toppodcasts/limit=100/genre=1310/json",
      "/us/rss/toppodcasts/genre=1310/limit=5/json",
      "/us/rss/TopPodcasts/limit=25/genre=1310/json",
    ] {
      let (data, response) = try await TestClient.get(server, target)
      #expect(response.statusCode == 200, "\(target)")
      #expect(data == recorded, "\(target)")
    }
    let (data, other) = try await TestClient.get(
      server, "/us/rss/toppodcasts/limit=5/genre=1311/json")
    #expect(other.statusCode == 404)
    #expect(String(decoding: data, as: UTF8.self).contains("no recording for"))
  }

  @Test("The genre service: the recorded tree for id 34 in the US store, a 404 for others")
  func genres() async throws {
    let server = try sharedServer()
    defer { server.stop() }
    let recorded = try Fixtures.shared("genres-id34-music-tree.json")
    for target in [
      "/WebObjects/MZStoreServices.woa/ws/genres?id=34",
      "/WebObjects/MZStoreServices.woa/ws/genres?id=34&cc=us",
      "/WebObjects/MZStoreServices.woa/ws/genres?cc=US&id=34",
    ] {
      let (data, response) = try await TestClient.get(server, target)
      #expect(response.statusCode == 200, "\(target)")
      #expect(data == recorded, "\(target)")
    }
    let (data, response) = try await TestClient.get(
      server, "/WebObjects/MZStoreServices.woa/ws/genres?id=26&cc=us")
    #expect(response.statusCode == 404)
    #expect(
      String(decoding: data, as: UTF8.self).contains(
        "no recording for /WebObjects/MZStoreServices.woa/ws/genres?id=26"))
  }
}
