import Foundation
import TestSupport
import Testing

@testable import ITunesCatalog

/// The fast decoder (results read straight from the bytes) against the reference (a `JSONValue` tree).
private enum Decoders {
  static func fast(_ bytes: [UInt8]) -> Result<CatalogPage, CatalogError> {
    Result { () throws(CatalogError) -> CatalogPage in try CatalogPage.decode(bytes: bytes) }
  }

  static func tree(_ bytes: [UInt8]) -> Result<CatalogPage, CatalogError> {
    bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(CatalogError) -> CatalogPage in
        try CatalogPage.decodeTree(buffer: buffer)
      }
    }
  }

  /// Whether the fast reader took the document itself (rather than handing it to the tree parser).
  static func fastReaderAccepts(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      var cursor = JSONCursor(bytes: buffer)
      return (try? cursor.readCatalogDocument()) != nil
    }
  }

  /// Whether the strict parser accepts the document and its top level is an object.
  static func parserAcceptsObject(_ bytes: [UInt8]) -> Bool {
    guard case .object? = try? JSONParser.parse(bytes) else { return false }
    return true
  }

  /// The bytes of every decimal on the page, so equal values with different representations differ.
  static func decimalBits(_ page: CatalogPage) -> [[UInt8]] {
    page.items.flatMap { item in
      [item.price, item.movie?.rentalPrice, item.movie?.hdPrice, item.movie?.hdRentalPrice].map {
        value in value.map { withUnsafeBytes(of: $0) { Array($0) } } ?? []
      }
    }
  }

  /// Checks that both decoders agree on `bytes`, to the bit for decimals, and that the fast reader takes
  /// exactly the documents the strict parser accepts.
  static func expectSame(
    _ bytes: [UInt8], _ comment: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let fast = fast(bytes)
    let tree = tree(bytes)
    #expect(fast == tree, "\(comment)", sourceLocation: sourceLocation)
    if case .success(let a) = fast, case .success(let b) = tree {
      #expect(decimalBits(a) == decimalBits(b), "\(comment)", sourceLocation: sourceLocation)
    }
    #expect(
      fastReaderAccepts(bytes) == parserAcceptsObject(bytes), "\(comment)",
      sourceLocation: sourceLocation)
  }
}

/// A page with one result made of `members` (JSON text without the braces).
private func page(_ members: String) -> [UInt8] {
  Array(#"{"resultCount":1,"results":[{"wrapperType":"track","kind":"song",\#(members)}]}"#.utf8)
}

@Suite("The fast decoder gives exactly what the JSONValue tree gives")
struct FastDecodingTests {
  static let sharedFiles: [String] = {
    let names = try? FileManager.default.contentsOfDirectory(atPath: Fixtures.sharedITunes.path)
    return (names ?? []).filter { $0.hasSuffix(".json") }.sorted()
  }()

  static let ownFiles = [
    "audiobook-search.json", "ebook-and-quirks.json", "mac-app-lookup.json",
    "tv-episode-search.json",
  ]

  @Test("Every shared recording decodes the same both ways, through the fast reader")
  func sharedRecordings() throws {
    #expect(Self.sharedFiles.count >= 25)
    for name in Self.sharedFiles {
      let bytes = [UInt8](try Fixtures.shared(name))
      Decoders.expectSame(bytes, name)
      #expect(Decoders.fastReaderAccepts(bytes), "\(name)")
    }
  }

  @Test("Every own fixture decodes the same both ways", arguments: ownFiles)
  func ownFixtures(name: String) throws {
    let bytes = [UInt8](try Fixtures.ownFile("catalog/" + name))
    Decoders.expectSame(bytes, name)
    #expect(Decoders.fastReaderAccepts(bytes))
  }

  @Test(
    "Hostile and odd members decode the same both ways",
    arguments: [
      #""trackId":1,"track\u004eame":"escaped key""#,
      #""trackId":1,"trackName":"Tab\there \"q\" \u00e9 \ud83c\udfb5 \/""#,
      #""trackId":1,"trackName":"lone \ud800 surrogate""#,
      #""trackId":1,"trackName":"A","trackName":"B""#,
      #""trackId":1,"trackName":"A","trackName":null,"collectionName":"C""#,
      #""trackId":1,"trackName":"A","trackName":"","artistName":"Z""#,
      #""trackId":1,"trackName":"A","narrator":"N","narratorName":"M""#,
      #""trackId":"123","trackName":"A","trackPrice":"1.29","trackTimeMillis":" 2e5 ""#,
      #""trackId":" 42 ","trackName":"A","trackPrice":"abc","discCount":"x""#,
      #""trackId":12.0,"trackName":"A","trackNumber":1e3,"discNumber":-0,"trackCount":1.5"#,
      #""trackId":12345678901234567890,"trackName":"A""#,
      #""trackId":9223372036854775807,"trackName":"A","trackCount":-9223372036854775808"#,
      #""trackId":123456789012345678,"trackName":"A","trackCount":1234567890123456789"#,
      #""trackId":1,"trackName":"A","trackPrice":0,"collectionPrice":0.00"#,
      #""trackId":1,"trackName":"A","trackPrice":-0.0,"collectionPrice":-1"#,
      #""trackId":1,"trackName":"A","trackPrice":1.290,"collectionPrice":1e2"#,
      #""trackId":1,"trackName":"A","trackPrice":1E-2,"collectionPrice":1.5e+3"#,
      #""trackId":1,"trackName":"A","trackPrice":12345678901234567890.5"#,
      #""trackId":1,"trackName":"A","trackPrice":1e400,"collectionPrice":1e-400"#,
      #""trackId":1,"trackName":"A","trackPrice":0.000000000000000000001"#,
      #""trackId":1,"trackName":"A","trackPrice":99999.99e-45,"collectionPrice":7e45"#,
      #""trackId":1,"trackName":"A","trackRentalPrice":3.99,"trackHdPrice":19.99"#,
      #""trackId":null,"trackName":null,"trackPrice":null,"genres":null"#,
      #""trackId":1,"trackName":true,"collectionName":false,"averageUserRating":null"#,
      #""trackId":1,"trackName":5,"version":1.10,"averageUserRating":"4.5""#,
      #""trackId":1,"trackName":["a"],"collectionName":{"a":1},"artistName":"X""#,
      #""trackId":1,"trackName":"A","genres":"Rock","languageCodesISO2A":["EN",5,{"name":"x"}]"#,
      #""trackId":1,"trackName":"A","genres":[{"name":"A"},"B",{"id":1},5,{"name":""}]"#,
      #""trackId":1,"trackName":"A","ключ":"значение","x":[1,{"y":[true,null]}],"z":{}"#,
      #""trackId":1,"trackName":"A","unknown":"caf\u00e9","other":"\\","e":"""#,
      #""trackId":1,"trackName":"   ","collectionName":"Real""#,
      #""trackId":1,"trackName":"A","kind":"software","wrapperType":"software""#,
      #""trackId":1,"trackName":"A","kind":"","wrapperType":"collection","collectionType":"TV Season""#,
      #""trackId":1,"trackName":"A","artworkUrl100":"http://x/a.jpg","artworkUrl100":"http:\/\/y\/b.jpg""#,
      #""trackId":1,"trackName":"A","artworkUrl100":"http:\/\/y\/b.jpg","artworkUrl100":"http://x/a.jpg""#,
      #""trackId":1,"trackName":"A","artworkUrl600":"","artworkUrl100":"http://x/a.jpg""#,
      #""trackId":1,"trackName":"A","artworkUrl600":null,"artworkUrl30":" http://x/a.jpg ""#,
      #""trackId":1,"trackName":"A","trackViewUrl":"caf\u00e9","collectionViewUrl":"https://x/é""#,
      #""trackId":1,"trackName":"A","trackViewUrl":"","collectionViewUrl":"https://x/c""#,
      #""trackId":1,"trackName":"A","trackExplicitness":null,"collectionExplicitness":"explicit""#,
      #""trackId":1,"trackCensoredName":"Cen","collectionCensoredName":"Col","kind":"x""#,
      #""trackId":1,"trackName":"A","kind":"podcast-episode","shortDescription":"S <b>x</b> &amp;""#,
      #""trackId":1,"trackName":"A","kind":"feature-movie","shortDescription":"Only short""#,
      #""artistId":1,"artistName":"A","wrapperType":"artist","artistLinkUrl":"x","artistViewUrl":"y""#,
      #""trackId":1,"trackName":"A","kind":"software","screenshotUrls":["a",["b"],{"c":1},null]"#,
      #""trackId":1,"trackName":"A","kind":"software","screenshotUrls":"x","ipadScreenshotUrls":[]"#,
      #""trackId":1,"trackName":"A","kind":"software","ipadScreenshotUrls":[],"ipadScreenshotUrls":5"#,
      #""trackId":1,"trackName":"A","kind":"software","averageUserRatingForCurrentVersion":"4.5""#,
      #""trackId":1,"trackName":"A","kind":"software","userRatingCountForCurrentVersion":"12""#,
      "  \"trackId\" : 1 ,\t\"trackName\"\t:\n  \"spaced\"  ",
    ])
  func hostileMembers(members: String) {
    Decoders.expectSame(page(members), members)
  }

  @Test(
    "Whole documents of other shapes decode (or fail) the same both ways",
    arguments: [
      #"{}"#, #"{"results":[]}"#, #"{"results":[{}]}"#, #"{"results":{}}"#, #"{"results":null}"#,
      #"{"results":[{"trackId":1,"trackName":"A"}],"results":"x"}"#,
      #"{"results":"x","results":[{"trackId":1,"trackName":"A"}]}"#,
      #"{"results":[{"trackId":1,"trackName":"A"}],"errorMessage":"bad"}"#,
      #"{"errorMessage":5,"results":[]}"#, #"{"errorMessage":"","results":[]}"#,
      #"{"contents":"{}"}"#, #"{"feed":{}}"#, #"[1]"#, #""text""#, #"12"#, "null",
      #"{"results":[1,"x",null,[{"trackId":1}],{"trackId":2,"trackName":"B"}]}"#,
      #"{"results":[]} x"#, #"{"results":[{"trackId":1,}]}"#, #"{"results":[1,]}"#,
      #"{"results":[{"trackId":01}]}"#, #"{"results":[{"trackId":1.}]}"#,
      #"{"results":[{"trackId":-}]}"#, #"{"results":[{"trackPrice":1e}]}"#,
      #"{"results":[{"trackName":"a\qb"}]}"#, #"{"results":[{"trackName":"\u12"}]}"#,
      #"{"results":[{"x":tru}]}"#, #"{"results":[{"trackId" 1}]}"#, #"{"results":[{1:2}]}"#,
      #"{"resultCount":"7","results":[]}"#, #"{"resultCount":7.0,"results":[]}"#,
      "<html></html>", " \n\t", "{\"results\":[{\"trackName\":\"a\u{01}b\"}]}",
      "{\"results\":[{\"other\":\"a\u{1F}b\"}]}",
    ])
  func documents(text: String) {
    Decoders.expectSame(Array(text.utf8), text)
  }

  @Test("Invalid UTF-8 in a key, a read value or a skipped value is the same error both ways")
  func invalidUTF8() {
    let bad: [UInt8] = [0xC3, 0x28]
    let cases: [[UInt8]] = [
      Array(#"{"results":[{"trackName":""#.utf8) + bad + Array(#""}]}"#.utf8),
      Array(#"{"results":[{"unknown":""#.utf8) + bad + Array(#""}]}"#.utf8),
      Array(#"{"results":[{""#.utf8) + bad + Array(#"":1}]}"#.utf8),
      Array(#"{"results":[{"trackName":"\n"#.utf8) + bad + Array(#""}]}"#.utf8),
      Array(#"{"results":[{"x":[""#.utf8) + [0xFF] + Array(#""]}]}"#.utf8),
      Array(#"{"results":[{"trackName":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}]}"#.utf8),
    ]
    for bytes in cases {
      Decoders.expectSame(bytes, "\(bytes)")
      guard case .failure(.malformed(let reason)) = Decoders.fast(bytes) else {
        Issue.record("accepted \(bytes)")
        continue
      }
      #expect(reason.contains("not valid UTF-8"))
    }
  }

  @Test("Nesting up to the limit is read, deeper nesting is refused, in skipped and read values")
  func nesting() {
    // The result object sits at depth 3, so its members' values may nest 125 more levels.
    for depth in [124, 125, 126, 200] {
      let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      let nested =
        String(repeating: #"{"a":"#, count: depth) + "1"
        + String(repeating: "}", count: depth)
      Decoders.expectSame(page(#""trackId":1,"trackName":"A","x":\#(deep)"#), "skip \(depth)")
      Decoders.expectSame(page(#""trackId":1,"trackName":"A","x":\#(nested)"#), "obj \(depth)")
      Decoders.expectSame(page(#""trackId":1,"trackName":\#(deep)"#), "read \(depth)")
      Decoders.expectSame(page(#""trackId":1,"genres":\#(deep),"trackName":"A""#), "names")
    }
  }

  @Test("Every truncation and every one-byte damage of a fixture fails (or not) the same both ways")
  func damage() throws {
    let bytes = [UInt8](try Fixtures.ownFile("catalog/ebook-and-quirks.json"))
    for end in 0..<bytes.count {
      Decoders.expectSame(Array(bytes[..<end]), "cut at \(end)")
    }
    for position in stride(from: 0, to: bytes.count, by: 3) {
      for replacement: UInt8 in [0x22, 0x5C, 0x7B, 0x5D, 0x2C, 0x00, 0xFF, 0x31] {
        var damaged = bytes
        damaged[position] = replacement
        Decoders.expectSame(damaged, "byte \(position) = \(replacement)")
      }
    }
  }
}
