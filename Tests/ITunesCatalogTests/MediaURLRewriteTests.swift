import Foundation
import ITunesCatalog
import TestSupport
import Testing

@Suite("Media URL rewrite (TUNES_MEDIA_BASE)")
struct MediaURLRewriteTests {
  private static let preview = URL(
    test:
      "https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview122/v4/2d/mzaf_1.plus.aac.p.m4a"
  )

  @Test(
    "scheme, host and port come from the base; the base's path goes before the URL's",
    arguments: [
      (
        "http://127.0.0.1:8080/media",
        "http://127.0.0.1:8080/media/itunes-assets/AudioPreview122/v4/2d/mzaf_1.plus.aac.p.m4a"
      ),
      (
        "http://127.0.0.1:8080/media/",
        "http://127.0.0.1:8080/media/itunes-assets/AudioPreview122/v4/2d/mzaf_1.plus.aac.p.m4a"
      ),
      (
        "http://localhost:9",
        "http://localhost:9/itunes-assets/AudioPreview122/v4/2d/mzaf_1.plus.aac.p.m4a"
      ),
    ])
  func rewrite(base: String, expected: String) throws {
    let rewrite = try #require(MediaURLRewrite(base: base))
    #expect(rewrite.apply(Self.preview).absoluteString == expected)
  }

  @Test("the query is kept")
  func query() throws {
    let rewrite = try #require(MediaURLRewrite(base: "http://127.0.0.1:1"))
    let url = try #require(URL(string: "https://is1-ssl.mzstatic.com/image/100x100bb.jpg?x=1"))
    #expect(rewrite.apply(url).absoluteString == "http://127.0.0.1:1/image/100x100bb.jpg?x=1")
  }

  @Test(
    "bases that are not absolute http(s) URLs are ignored",
    arguments: ["", "ftp://h/x", "/media", "127.0.0.1:8080"])
  func invalid(base: String) {
    #expect(MediaURLRewrite(base: base) == nil)
    #expect(MediaURLRewrite.from(environment: ["TUNES_MEDIA_BASE": base]) == nil)
  }

  @Test("an item's artwork and preview move; its store link stays on Apple's store")
  func item() throws {
    var item = CatalogItem(id: 1, kind: .song, title: "Tone")
    item.previewURL = Self.preview
    item.artwork = URL(string: "https://is1-ssl.mzstatic.com/image/thumb/a/100x100bb.jpg")
    item.storeURL = URL(string: "https://music.apple.com/us/album/x/1?i=1")
    let rewrite = try #require(
      MediaURLRewrite.from(environment: ["TUNES_MEDIA_BASE": "http://127.0.0.1:5/media"]))
    let moved = rewrite.apply(to: item)
    #expect(moved.previewURL?.host == "127.0.0.1" && moved.previewURL?.port == 5)
    #expect(moved.artwork?.absoluteString == "http://127.0.0.1:5/media/image/thumb/a/100x100bb.jpg")
    #expect(moved.storeURL == item.storeURL)
  }
}
