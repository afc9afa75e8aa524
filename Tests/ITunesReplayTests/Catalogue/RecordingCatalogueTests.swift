import Foundation
import ITunesCatalog
import TestSupport
import Testing

@testable import ITunesReplay

/// A folder of recorded answers served as a catalogue (`tunes replay DIR --catalog`).
@Suite("Recordings as a catalogue")
struct RecordingCatalogueTests {
  static func items(_ engine: CatalogEngine, _ target: String) throws -> [CatalogItem] {
    let response = try #require(engine.answer(for: ReplayRequestKey(target: target)))
    #expect(response.status == 200)
    return try CatalogPage.decode(response.body).items
  }

  @Test("The shared recordings answer queries nobody recorded; other files are skipped with a note")
  func sharedRecordings() throws {
    let engine = try RecordingCatalogue.load(directory: Fixtures.sharedITunes)
    #expect(engine.records.count > 150)
    let notes = engine.notes.joined(separator: "\n")
    #expect(notes.contains("rss-v2-most-played-songs-us-100.json"), "\(notes)")
    #expect(notes.contains("genres-id34-music-tree.json"))
    #expect(notes.contains("allorigins-wrapper"))
    #expect(notes.contains("error-lookup-invalid-id.json: status 400"))
    let seven = try Self.items(engine, "/search?term=JOHNSON+jack&limit=7&entity=song")
    #expect(seven.count == 7)
    #expect(
      seven.allSatisfy {
        $0.kind == .song
          && ($0.title + " " + ($0.author ?? "")).lowercased().contains("jack johnson")
      })
    #expect(seven.first?.title == "Jack Johnson", "title matches come first")
    let movies = try Self.items(engine, "/search?term=star+wars&media=movie")
    #expect(!movies.isEmpty && movies.allSatisfy { $0.kind == .featureMovie })
    let tracks = try Self.items(engine, "/lookup?id=1441458047&entity=song&country=gb&limit=5")
    #expect(tracks.first?.kind == .album)
    #expect(tracks.dropFirst().map(\.trackNumber) == [1, 2, 3, 4, 5])
    let slayer = try Self.items(engine, "/search?term=slayer&entity=musicArtist&country=gb")
    #expect(slayer.first?.title == "Slayer")
    let yen = try Self.items(engine, "/search?term=%E3%82%B3%E3%83%96%E3%82%AF%E3%83%AD&country=jp")
    #expect(!yen.isEmpty && yen.allSatisfy { $0.currency == "JPY" })
    let app = try Self.items(engine, "/lookup?bundleId=com.facebook.Facebook")
    #expect(app.first?.id == 284_882_215)
  }

  @Test("Without an index.tsv every .json file is read")
  func withoutIndex() throws {
    let directory = try TemporaryDirectory(prefix: "tunes-catalogue")
    defer { directory.remove() }
    for name in [Recordings.songs, Recordings.podcastEpisodes, "rss-v1-top-podcasts-us-10.json"] {
      try Fixtures.shared(name).write(to: directory.appending(name))
    }
    try Data("not json".utf8).write(to: directory.appending("broken.json"))
    let engine = try RecordingCatalogue.load(directory: directory.url)
    #expect(engine.notes.count == 2, "\(engine.notes)")
    #expect(engine.notes.contains { $0.contains("broken.json") })
    let episodes = try Self.items(engine, "/lookup?id=1535809341&entity=podcastEpisode")
    #expect(episodes.count == 6)
    #expect(
      try Self.items(engine, "/search?term=better+together").first?.title == "Better Together")
  }

  @Test("Served by the replay server, an exact recording still wins over the catalogue")
  func exactWins() async throws {
    let server = try ReplayServer(directory: Fixtures.sharedITunes, log: ReplayServer.silentLog)
    server.serve(catalogue: try RecordingCatalogue.load(directory: Fixtures.sharedITunes))
    try server.start()
    defer { server.stop() }
    let recorded = try Fixtures.shared(Recordings.songs)
    let (exact, _) = try await TestClient.get(server, "/search?term=jack+johnson&limit=3")
    #expect(exact == recorded)
    let (other, response) = try await TestClient.get(server, "/search?term=jack+johnson&limit=4")
    #expect(response.statusCode == 200)
    #expect(try CatalogPage.decode(other).items.count == 4)
  }

  @Test("The demo served by the server: previews with Range, and a 404 for other media")
  func demoMedia() async throws {
    let server = try ReplayServer(log: ReplayServer.silentLog)
    try server.start()
    defer { server.stop() }
    server.serve(catalogue: DemoCatalogue.make(base: server.baseURL))
    let (body, _) = try await TestClient.get(
      server, "/search?term=mira+castell&entity=song&limit=1")
    let song = try #require(try CatalogPage.decode(body).items.first)
    let preview = try #require(song.previewURL)
    #expect(preview.absoluteString.hasPrefix(server.baseURL.absoluteString + "/media/"))
    let path = String(preview.absoluteString.dropFirst(server.baseURL.absoluteString.count))
    let (part, partial) = try await TestClient.get(server, path, headers: ["Range": "bytes=0-43"])
    #expect(partial.statusCode == 206)
    #expect(part.count == 44 && part.prefix(4) == Data("RIFF".utf8))
    let artwork = try #require(song.artwork).absoluteString
    #expect(artwork.hasPrefix(server.baseURL.absoluteString + "/media/image/thumb/Demo/"))
    let small = artwork.replacingOccurrences(of: "600x600bb", with: "60x60bb")
    let (image, drawn) = try await TestClient.get(
      server, String(small.dropFirst(server.baseURL.absoluteString.count)))
    #expect(drawn.statusCode == 200, "the image route draws demo artwork")
    #expect(image.prefix(2) == Data([0xFF, 0xD8]), "a JPEG")
    let (_, missing) = try await TestClient.get(
      server, "/media/itunes-assets/AudioPreview/Demo/5.wav")
    #expect(missing.statusCode == 404)
  }
}
