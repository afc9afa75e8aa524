import Foundation
import TestSupport
import Testing

@testable import ITunesCatalog

/// The byte-level readings of URL text give what the `URL` and `Character` readings give.
@Suite("URL text read as bytes")
struct URLTextTests {
  /// `URLText.web` as it was before ASCII text was read as bytes: the reference.
  static func webByScalars(_ text: String?) -> String? {
    guard let text else { return nil }
    let trimmed = text.trimmedASCIIWhitespace
    let lower = trimmed.prefix(8).lowercased()
    let rest: Substring
    if lower.hasPrefix("https://") {
      rest = trimmed.dropFirst(8)
    } else if lower.hasPrefix("http://") {
      rest = trimmed.dropFirst(7)
    } else {
      return nil
    }
    guard let first = rest.unicodeScalars.first, !["/", "?", "#", " ", "@", ":"].contains(first),
      !rest.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    else { return nil }
    return trimmed
  }

  /// Pieces random URL-like text is made of: schemes, host and path characters, escapes good and
  /// bad, characters RFC 3986 does not allow, white space, controls, non-ASCII, combining marks.
  static let pieces = [
    "http://", "https://", "HTTP://", "hTTps://", "http:/", "ftp://", "a", "Z", "0", "9", ".", "-",
    ":", "80", ":8080", "/", "//", "?", "#", "%", "%2F", "%zz", "%4", " ", "\t", "\r\n", "@", "[",
    "]", "é", "\u{1B}", "\u{85}", "\u{7F}", "x", "100x100bb", "600x600bb", ".jpg", "-75", "~", "'",
    "|", "^", "`", "{", "\"", "\\", "\u{301}", "_", "=", "&", "+", "!", "*", "(", ",", ";", "$",
    "is1-ssl.mzstatic.com", "itunes.apple.com", "127.0.0.1", "xn--", "<", ">",
  ]

  /// A seeded generator, so a failure can be repeated.
  struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Pieces of text that is mostly plainly valid, so the checks' edges are reached often.
  static let validPieces = [
    "a", "Z", "0", ".", "-", ":", ":8080", "/", "?", "#", "%2F", "%4", "~", "'", "=", "&", "@",
    "100x100bb", ".jpg", "is1-ssl.mzstatic.com", "%", " ",
  ]

  static func randomTexts(count: Int, seed: UInt64, from pieces: [String] = pieces) -> [String] {
    var random = SplitMix(state: seed)
    return (0..<count).map { index in
      // Half start with a scheme, so the checks past it are reached.
      var text = index % 2 == 0 ? ["http://", "https://"][Int(random.next() % 2)] : ""
      for _ in 0..<Int(random.next() % 12) {
        text += pieces[Int(random.next() % UInt64(pieces.count))]
      }
      return text
    }
  }

  /// Every URL text of the shared recordings' items.
  static func recordedTexts() throws -> [String] {
    let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.sharedITunes.path)
    var texts: [String] = []
    for name in names.sorted() where name.hasSuffix(".json") {
      guard let page = try? CatalogPage.decode(Fixtures.shared(name)) else { continue }
      for item in page.items {
        texts += [item.storeURLText, item.authorURLText, item.artworkText, item.previewURLText]
          .compactMap { $0 }
      }
    }
    return texts
  }

  @Test("web(_:) reads ASCII as bytes with the same verdict as scalar by scalar")
  func webSameVerdict() throws {
    let texts = try Self.recordedTexts() + Self.randomTexts(count: 20_000, seed: 1)
    for text in texts {
      #expect(URLText.web(text) == Self.webByScalars(text), "\(text.debugDescription)")
    }
  }

  @Test("absoluteString(_:) is what a URL writes, for recorded and random text")
  func absoluteStringSameText() throws {
    let recorded = try Self.recordedTexts()
    #expect(recorded.count > 100)
    let random =
      Self.randomTexts(count: 20_000, seed: 2)
      + Self.randomTexts(count: 20_000, seed: 6, from: Self.validPieces)
    for text in recorded + random {
      #expect(
        URLText.absoluteString(text) == URLText.url(text)?.absoluteString,
        "\(text.debugDescription)"
      )
    }
    // The random texts reach both ways: kept as they are, and parsed.
    let randomPlain = random.filter { text in
      var copy = text
      return copy.withUTF8(URLText.isPlain)
    }
    #expect(randomPlain.count > 500)
    #expect(randomPlain.count < random.count - 2_000)
    // Recorded URLs are plain: none of them is parsed to be written.
    var plain = 0
    for var text in recorded where text.withUTF8(URLText.isPlain) { plain += 1 }
    #expect(plain == recorded.count)
  }

  @Test(
    "what is not plainly valid goes through URL",
    arguments: [
      "https://x.example/a b", "https://x.example/%zz", "https://x.example/a#b#c", "http://a:b:c/",
      "https://[::1]/", "https://x.example/é", "https://user@x.example/", "http://x:123456/",
      "HTTPS://x.example/", "https://.x/", "https://x.example/a|b",
    ])
  func notPlain(text: String) {
    var copy = text
    let plain = copy.withUTF8(URLText.isPlain)
    #expect(!plain)
    #expect(URLText.absoluteString(text) == URLText.url(text)?.absoluteString)
  }

  @Test("an item's artwork text at a size is its artwork URL's at that size")
  func artworkText() throws {
    var items: [CatalogItem] = []
    let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.sharedITunes.path)
    for name in names where name.hasSuffix(".json") {
      items += (try? CatalogPage.decode(Fixtures.shared(name)).items) ?? []
    }
    for (index, text) in Self.randomTexts(count: 5_000, seed: 3).enumerated() {
      var item = CatalogItem(id: Int64(index), kind: .song, title: "t")
      item.artworkText = text + ["/100x100bb.jpg", "/1x2-75.png", "", "/ax1.jpg"][index % 4]
      items.append(item)
    }
    #expect(items.contains { $0.artworkText != nil })
    for item in items {
      #expect(
        item.artworkURLText(size: 600) == item.artworkURL(size: 600)?.absoluteString,
        "\(item.artworkText.debugDescription)")
    }
  }

  @Test("resized(text:) reads ASCII as bytes with the same answer as by characters")
  func resizedSameText() {
    let texts =
      Self.randomTexts(count: 5_000, seed: 4).map { $0 + "/100x100bb.jpg" }
      + Self.randomTexts(count: 5_000, seed: 5)
      + ["https://x/a/100x100-75.jpg", "https://x/a/cover.jpg", "https://x/100x.jpg", "x1/2x3"]
    for text in texts {
      #expect(
        ArtworkURL.resized(text: text, size: 600) == Self.resizedByCharacters(text, size: 600),
        "\(text.debugDescription)")
    }
  }

  /// `ArtworkURL.resized(text:size:)` as it was before ASCII text was read as bytes.
  static func resizedByCharacters(_ text: String, size: Int) -> String {
    func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }
    guard let slash = text.lastIndex(of: "/") else { return text }
    let segment = text[text.index(after: slash)...]
    guard let xIndex = segment.firstIndex(of: "x"),
      !segment[..<xIndex].isEmpty, segment[..<xIndex].allSatisfy(isDigit)
    else { return text }
    let afterX = segment[segment.index(after: xIndex)...]
    let heightDigits = afterX.prefix(while: isDigit)
    guard !heightDigits.isEmpty else { return text }
    var rest = afterX[heightDigits.endIndex...]
    if let dot = rest.firstIndex(of: ".") { rest = rest[dot...] } else { rest = "" }
    return String(text[...slash]) + "\(size)x\(size)bb" + rest
  }
}
