import Foundation
import ITunesCatalog
import TestSupport
import Testing

@Suite("The genre service's tree")
struct GenreTreeTests {
  @Test("The recorded music tree: names, ids, feeds, depth and Apple's order")
  func musicTree() throws {
    let music = try Genre.decode(Fixtures.shared("genres-id34-music-tree.json"), id: 34)
    #expect(music.id == 34)
    #expect(music.name == "Music")
    #expect(music.storeURLText == "https://itunes.apple.com/us/genre/music/id34")
    #expect(music.charts == [.songs, .albums])
    #expect(music.feeds.map(\.name) == ["topAlbums", "topSongs"])
    #expect(music.subgenres.first?.name == "Blues")
    #expect(music.subgenres.first?.id == 2)
    let blues = try #require(music.find(2))
    #expect(blues.subgenres.map(\.id) == [1007, 1009, 1010, 1011, 1012, 1013, 1210])
    #expect(blues.feeds.first?.urlText == "https://itunes.apple.com/us/rss/topalbums/genre=2/json")
    #expect(music.find(1007)?.subgenres == [])
    #expect(music.descendantCount > 100)
    #expect(music.find(999_999_999) == nil)
  }

  @Test("A small podcasts tree: feeds tunes does not know are kept but give no chart")
  func podcasts() throws {
    let tree = try Genre.decode(
      Fixtures.ownFile("catalog/charts/genres-id26-podcasts-small.json"), id: 26)
    #expect(tree.feeds.count == 2)
    #expect(tree.charts == [.podcasts])
    #expect(tree.subgenres.map(\.name) == ["Music", "News"])
    #expect(tree.find(1526)?.name == "Daily News")
    #expect(tree.descendantCount == 3)
  }

  @Test("An id the service does not know, and bodies of the wrong shape")
  func failures() throws {
    let unknown = try Fixtures.ownFile("catalog/charts/genres-unknown.json")
    #expect(throws: CatalogError.unknownGenre(12345)) { try Genre.decode(unknown, id: 12345) }
    #expect(CatalogError.unknownGenre(12345).errorDescription == "Apple knows no genre 12345.")
    let music = try Fixtures.shared("genres-id34-music-tree.json")
    #expect(throws: CatalogError.unknownGenre(26)) { try Genre.decode(music, id: 26) }
    #expect(throws: CatalogError.malformed(reason: "the body is empty")) {
      try Genre.decode(Data(), id: 34)
    }
    #expect(throws: CatalogError.notFeed(reason: "the genre service's answer is not an object")) {
      try Genre.decode(Data("[]".utf8), id: 34)
    }
    #expect(throws: CatalogError.malformed(reason: "an HTML page came instead of JSON")) {
      try Genre.decode(Fixtures.ownFile("catalog/charts/html-error.html"), id: 34)
    }
  }
}
