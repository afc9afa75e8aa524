import Foundation
import Testing

@testable import ITunesCatalog

@Suite("Links and preview URLs are http(s) only")
struct URLSchemeTests {
  static let refused = [
    "javascript:alert(1)", "JAVASCRIPT:alert(1)", "smb://evil/share", "file:///etc/passwd",
    "/etc/passwd", "~/.ssh/id_rsa", "edl://%20;file:///etc/passwd", "lavf://file:/etc/passwd",
    "appending://file:///etc/passwd", "fd://0", "data:text/html,x", "mpv://x", "http:/etc",
    "https:///path", "http://", "ftp://x/y", "", "  ", "https:// x", "https://x\u{1B}]8;;y",
  ]

  @Test("an item's links and preview from a hostile answer are absent", arguments: refused)
  func hostileSchemes(url: String) throws {
    let text = String(decoding: JSONWriter.bytes(.string(url)), as: UTF8.self)
    let body = """
      {"resultCount":1,"results":[{"wrapperType":"track","kind":"song","trackId":1,
      "trackName":"T","artistName":"A","previewUrl":\(text),"trackViewUrl":\(text),
      "artistViewUrl":\(text),"collectionViewUrl":\(text),"artworkUrl100":\(text)}]}
      """
    let item = try #require(try CatalogPage.decode(Data(body.utf8)).items.first)
    #expect(item.previewURLText == nil)
    #expect(item.previewURL == nil)
    #expect(item.storeURLText == nil)
    #expect(item.storeURL == nil)
    #expect(item.authorURLText == nil)
    #expect(item.artworkText == nil)
    let back = try #require(CatalogItem(json: try JSONParser.parse(item.jsonBytes)))
    #expect(back.previewURL == nil)
    var stored = item
    stored.previewURLText = url
    #expect(stored.previewURL == nil, "the getter refuses it too")
  }

  @Test(
    "http and https URLs are kept, whatever the case of the scheme",
    arguments: [
      "https://audio-ssl.itunes.apple.com/x.m4a", "HTTPS://itunes.apple.com/us/album/1",
      "http://127.0.0.1:8123/preview.m4a", " https://x.example/a b ",
    ])
  func webKept(url: String) {
    #expect(URLText.web(url) != nil)
    #expect(URLText.url(url) != nil)
  }

  @Test("a chart entry's links are filtered the same way")
  func chartLinks() throws {
    let body = """
      {"feed":{"results":[{"id":"1","name":"N","kind":"songs","artistName":"A",
      "url":"javascript:alert(1)","artistUrl":"file:///etc/passwd","artworkUrl100":"fd://3"}]}}
      """
    let page = try ChartPage.decode(Data(body.utf8), expected: .song)
    let item = try #require(page.items.first)
    #expect(item.storeURLText == nil)
    #expect(item.authorURLText == nil)
    #expect(item.artworkText == nil)
  }
}
