import Testing

@testable import Artwork

@Suite("Artwork requests")
struct ArtworkRequestTests {
  @Test(
    "Apple's size segment is rewritten to the pixels asked for",
    arguments: [
      (
        "https://is1-ssl.mzstatic.com/image/thumb/Music/v4/aa/bb/source/100x100bb.jpg", 300,
        "https://is1-ssl.mzstatic.com/image/thumb/Music/v4/aa/bb/source/300x300bb.jpg"
      ),
      ("https://a.test/x/60x60bb-80.jpg", 200, "https://a.test/x/200x200bb.jpg"),
      ("https://a.test/x/512x512bb.png", 64, "https://a.test/x/64x64bb.png"),
      ("https://a.test/x/cover.jpg", 300, "https://a.test/x/cover.jpg"),
    ])
  func sizedURL(url: String, pixels: Int, expected: String) {
    #expect(ArtworkRequest(url: url, pixels: pixels).sizedURL == expected)
  }
}
