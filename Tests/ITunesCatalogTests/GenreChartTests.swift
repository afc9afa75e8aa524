import Foundation
import ITunesCatalog
import TestSupport
import Testing

@Suite("Genre charts: a genre's legacy feeds")
struct GenreChartTests {
  static func musicTree() throws -> Genre {
    try Genre.decode(Fixtures.shared("genres-id34-music-tree.json"), id: 34)
  }

  @Test("The recorded Music tree names top songs and top albums for every genre, songs first")
  func musicCharts() throws {
    let tree = try Self.musicTree()
    let music = try #require(GenreMedium.withRoot(34))
    #expect(GenreChart.charts(of: tree, medium: music).map(\.feed) == ["topsongs", "topalbums"])
    let chicago = try #require(tree.find(1007))
    let charts = GenreChart.charts(of: chicago, medium: music)
    #expect(charts.map(\.title) == ["Top Songs", "Top Albums"])
    #expect(charts.map(\.itemKind) == [.song, .album])
    #expect(
      try charts[0].request(genre: 1007, country: "GB", limit: 10).pathAndQuery
        == "/gb/rss/topsongs/limit=10/genre=1007/json")
    #expect(try charts[0].request(genre: 1007).host == .itunes)
  }

  @Test("Feeds beyond the home's charts are named by their feed; unknown ones keep their name")
  func otherMedia() throws {
    let movies = GenreChart(
      GenreFeed(
        name: "topMovies", urlText: "https://itunes.apple.com/us/rss/topmovies/genre=4401/json"))
    #expect(movies?.feed == "topmovies" && movies?.title == "Top Movies")
    #expect(movies?.itemKind == .featureMovie)
    #expect(GenreChart(feed: "TopTvEpisodes")?.itemKind == .tvEpisode)
    let odd = GenreChart(GenreFeed(name: "topWidgets", urlText: "not a url"))
    #expect(odd?.feed == "topwidgets" && odd?.title == "Topwidgets" && odd?.itemKind == nil)
  }

  @Test("A feed name that is not plain letters is refused (it becomes a path segment)")
  func refusesOddNames() {
    for name in ["", "top/../songs", "top songs", "topsöngs", String(repeating: "a", count: 65)] {
      #expect(GenreChart(feed: name) == nil, "\(name)")
    }
    #expect(GenreChart(GenreFeed(name: "../x", urlText: "https://x/us/rss/a%2Fb/json")) == nil)
  }

  @Test("A genre listing no feeds gets its medium's charts; each feed is listed once")
  func defaultsAndDuplicates() throws {
    let tv = try #require(GenreMedium.withRoot(32))
    let bare = Genre(id: 4000, name: "Comedy")
    #expect(
      GenreChart.charts(of: bare, medium: tv).map(\.feed) == ["toptvepisodes", "toptvseasons"])
    #expect(GenreChart.charts(of: bare, medium: nil).isEmpty)
    let twice = Genre(
      id: 2, name: "Blues",
      feeds: [
        GenreFeed(
          name: "topAlbums", urlText: "https://itunes.apple.com/us/rss/topalbums/genre=2/json"),
        GenreFeed(
          name: "topSongs", urlText: "https://itunes.apple.com/us/rss/topsongs/genre=2/json"),
        GenreFeed(name: "again", urlText: "https://itunes.apple.com/us/rss/topsongs/genre=2/json"),
      ])
    #expect(GenreChart.charts(of: twice, medium: nil).map(\.feed) == ["topsongs", "topalbums"])
  }

  @Test("A request refuses a bad country, limit or genre id")
  func refusals() throws {
    let songs = try #require(GenreChart(feed: "topsongs"))
    #expect(throws: CatalogError.self) { try songs.request(genre: 2, country: "zz") }
    #expect(throws: CatalogError.self) { try songs.request(genre: 2, limit: 101) }
    #expect(throws: CatalogError.self) { try songs.request(genre: 0) }
  }

  @Test("Every medium tunes genres names has a title and charts")
  func media() {
    #expect(GenreMedium.all.map(\.id) == GenreQuery.media.map(\.id))
    #expect(
      GenreMedium.all.map(\.title) == [
        "Music", "Podcasts", "Apps", "Books", "Movies", "TV", "Music Videos", "Audiobooks",
      ])
    for medium in GenreMedium.all { #expect(!medium.charts.isEmpty, "\(medium.name)") }
  }
}
