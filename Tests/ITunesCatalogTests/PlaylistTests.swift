import Foundation
import ITunesCatalog
import Testing

@Suite("M3U8 playlists and store links")
struct PlaylistTests {
  static func item(_ id: Int64, _ title: String, author: String?, preview: String?) -> CatalogItem {
    var item = CatalogItem(id: id, kind: .song, title: title)
    item.author = author
    item.previewURLText = preview
    return item
  }

  @Test("a playlist lists what plays, with artist and title, and leaves out items with nothing")
  func playlist() {
    let items = [
      Self.item(1, "Better Together", author: "Jack Johnson", preview: "https://a.example/1.m4a"),
      Self.item(2, "No Preview", author: "X", preview: nil),
      Self.item(3, "Line\nBreak\u{1B}[2J", author: nil, preview: "https://a.example/3.m4a"),
    ]
    #expect(
      M3U8.playlist(items) == """
        #EXTM3U
        #EXTINF:-1,Jack Johnson - Better Together
        https://a.example/1.m4a
        #EXTINF:-1,Line Break [2J
        https://a.example/3.m4a

        """)
  }

  @Test("a whole episode gives its length in seconds and plays its episode URL")
  func episode() {
    var item = CatalogItem(id: 9, kind: .podcastEpisode, title: "Ep")
    item.durationMillis = 1_800_500
    item.previewURLText = "https://a.example/preview.m4a"
    item.episode = EpisodeFacts(episodeURL: URL(string: "https://a.example/full.mp3"))
    #expect(item.playableURL?.absoluteString == "https://a.example/full.mp3")
    #expect(M3U8.playlist([item]) == "#EXTM3U\n#EXTINF:1800,Ep\nhttps://a.example/full.mp3\n")
  }

  @Test(
    "store links name the item to play and its storefront",
    arguments: [
      ("https://music.apple.com/us/album/x/1440857781?i=1440857786", 1_440_857_786, "us"),
      ("https://music.apple.com/gb/album/kites/1440857781", 1_440_857_781, "gb"),
      (
        "https://podcasts.apple.com/us/podcast/x/id1200361736?i=1000573601234", 1_000_573_601_234,
        "us"
      ),
      ("https://itunes.apple.com/jp/album/id123?i=456&uo=4", 456, "jp"),
      ("https://books.apple.com/book/x/id77", 77, nil),
    ] as [(String, Int64, String?)])
  func links(text: String, id: Int64, country: String?) throws {
    let link = try #require(StoreLink(text))
    #expect(link.id == id)
    #expect(link.country == country)
  }

  @Test(
    "links that are not Apple store links to an item are refused",
    arguments: [
      "file:///etc/passwd", "https://evil.example/us/album/x/123", "music.apple.com/us/album/1",
      "https://music.apple.com/us/browse", "javascript:alert(1)",
    ])
  func refused(text: String) {
    #expect(StoreLink(text) == nil)
  }
}
