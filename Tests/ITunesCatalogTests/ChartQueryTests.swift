import Foundation
import ITunesCatalog
import Testing

@Suite("Chart and genre requests")
struct ChartQueryTests {
  @Test(
    "Every chart without a genre is a v2 feed; with a genre, a legacy one",
    arguments: [
      (ChartKind.songs, "/api/v2/us/music/most-played/25/songs.json"),
      (.albums, "/api/v2/us/music/most-played/25/albums.json"),
      (.podcasts, "/api/v2/us/podcasts/top/25/podcasts.json"),
      (.freeApps, "/api/v2/us/apps/top-free/25/apps.json"),
      (.paidApps, "/api/v2/us/apps/top-paid/25/apps.json"),
      (.freeBooks, "/api/v2/us/books/top-free/25/books.json"),
      (.audiobooks, "/api/v2/us/audio-books/top/25/audio-books.json"),
    ])
  func paths(kind: ChartKind, path: String) throws {
    let request = try ChartQuery(kind: kind).request
    #expect(request.pathAndQuery == path)
    #expect(request.host == .marketingTools)
    #expect(try ChartQuery(kind: kind, genre: 1).request.host == .itunes)
    #expect(request.document == .chart(expected: kind.itemKind))
  }

  @Test("A genre, a country and a limit: the legacy feed on itunes.apple.com")
  func legacyWithGenre() throws {
    let request = try ChartQuery(kind: .songs, country: "GB", limit: 10, genre: 21).request
    #expect(request.pathAndQuery == "/gb/rss/topsongs/limit=10/genre=21/json")
    #expect(
      request.url(relativeTo: nil)?.absoluteString
        == "https://itunes.apple.com/gb/rss/topsongs/limit=10/genre=21/json")
  }

  @Test("With an API base every request goes there, its path kept below the base's")
  func apiBase() throws {
    let base = try #require(URL(string: "http://127.0.0.1:8080/prefix/"))
    let v2 = try ChartQuery(kind: .songs, limit: 3).request
    #expect(
      v2.url(relativeTo: base)?.absoluteString
        == "http://127.0.0.1:8080/prefix/api/v2/us/music/most-played/3/songs.json")
    #expect(
      v2.url(relativeTo: nil)?.absoluteString
        == "https://rss.applemarketingtools.com/api/v2/us/music/most-played/3/songs.json")
    let genres = try GenreQuery(id: 34).request
    #expect(
      genres.url(relativeTo: base)?.absoluteString
        == "http://127.0.0.1:8080/prefix/WebObjects/MZStoreServices.woa/ws/genres?id=34&cc=us")
  }

  @Test("An unknown country, a limit out of range and a bad genre id are refused before sending")
  func validation() {
    #expect(throws: CatalogError.self) { try ChartQuery(kind: .songs, country: "XX") }
    #expect(throws: CatalogError.outOfRange(parameter: "limit", value: 0, range: 1...100)) {
      try ChartQuery(kind: .songs, limit: 0)
    }
    #expect(throws: CatalogError.outOfRange(parameter: "limit", value: 101, range: 1...100)) {
      try ChartQuery(kind: .songs, limit: 101)
    }
    #expect(throws: CatalogError.self) { try ChartQuery(kind: .songs, genre: 0) }
    #expect(throws: CatalogError.self) { try GenreQuery(medium: "films") }
    #expect(throws: CatalogError.self) { try GenreQuery(id: 34, country: "zz") }
  }

  @Test("Media by name or id; chart names by their CLI and legacy spellings")
  func names() throws {
    #expect(try GenreQuery(medium: "Podcasts").id == 26)
    #expect(try GenreQuery(medium: "audiobooks").id == 50_000_024)
    #expect(try GenreQuery(medium: "1310").id == 1310)
    #expect(ChartKind(rawValue: "free-apps") == .freeApps)
    #expect(ChartKind(legacyFeed: "TopAlbums") == .albums)
    #expect(ChartKind(legacyFeed: "topmovies") == nil)
    #expect(ChartKind.allCases.map(\.rootGenre) == [34, 34, 26, 36, 36, 38, 50_000_024])
  }

  @Test("The cache key ignores parameter order")
  func canonicalKey() {
    let a = FeedRequest(
      host: .itunes, path: "/x", parameters: [.init("id", "1"), .init("cc", "us")],
      document: .genres(id: 1))
    var b = a
    b.parameters.reverse()
    #expect(a.canonicalKey == b.canonicalKey)
    #expect(a.pathAndQuery != b.pathAndQuery)
  }
}
