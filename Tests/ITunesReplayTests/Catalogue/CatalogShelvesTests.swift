import Foundation
import TestSupport
import Testing

@testable import ITunesReplay

/// A catalogue made by storefront (the demo's): each storefront is made when a request first
/// reads it, and the answers are those of the same records made up front.
@Suite("Storefronts made on first use")
struct CatalogShelvesTests {
  static let base = URL(test: "http://127.0.0.1:4321")

  @Test("A search makes only the storefront it reads; a lookup elsewhere makes that one too")
  func onlyWhatIsRead() throws {
    let engine = DemoCatalogue.make(base: Self.base)
    let shelves = try #require(engine.shelves)
    #expect(shelves.madeCodes.isEmpty)
    #expect(engine.answer(for: ReplayRequestKey(target: "/search?term=golden"))?.status == 200)
    #expect(shelves.madeCodes == ["us"])
    // A storefront the demo does not sell in is answered as the US one: nothing more is made.
    _ = engine.answer(for: ReplayRequestKey(target: "/search?term=golden&country=de"))
    #expect(shelves.madeCodes == ["us"])
    _ = engine.answer(for: ReplayRequestKey(target: "/lookup?id=9100000001&country=jp"))
    #expect(shelves.madeCodes == ["us", "jp"])
    #expect(engine.records.count == 5 * engine.records.filter { $0.storefront == "us" }.count)
    #expect(shelves.madeCodes == Set(DemoStorefront.all.map(\.code)))
  }

  @Test(
    "Every kind of request is answered byte for byte as by the same records made up front",
    arguments: ["us", "gb", "jp", "fr", "ru", "de"])
  func sameAnswers(country: String) throws {
    let lazy = DemoCatalogue.make(base: Self.base)
    var eager = CatalogEngine(records: lazy.records, fallbackStorefront: "us")
    eager.storePages = true
    let records = eager.records.filter { $0.storefront == "us" }
    let album = try #require(records.first { $0.kind == .album && $0.keys["amgAlbumId"] != nil })
    let artist = try #require(records.first { $0.integer("amgArtistId") != nil })
    let book = try #require(records.first { $0.keys["isbn"] != nil })
    let app = try #require(records.first { $0.string("bundleId") != nil })
    let targets = [
      "/search?term=golden", "/search?term=love&media=music&entity=song&limit=200",
      "/search?term=the&explicit=no&offset=5&limit=20", "/search?term=a&attribute=artistTerm",
      "/lookup?id=\(album.id)&entity=song", "/lookup?id=\(artist.id)&entity=album&sort=recent",
      "/lookup?id=\(album.id),\(book.id),\(app.id)",
      "/lookup?amgArtistId=\(artist.integer("amgArtistId") ?? 0)&entity=album",
      "/lookup?amgAlbumId=\(album.keys["amgAlbumId"] ?? "")",
      "/lookup?upc=\(album.keys["upc"] ?? "")",
      "/lookup?isbn=\(book.keys["isbn"] ?? "")", "/lookup?bundleId=\(app.string("bundleId") ?? "")",
      "/lookup?id=1", "/search?term=golden&media=nothing",
    ].map { $0 + ($0.contains("?") ? "&" : "?") + "country=\(country)" }
    for target in targets + ["/store/\(country)/album/x/id\(album.id)", "/store/\(country)/x/id1"] {
      let key = ReplayRequestKey(target: target)
      let answer = lazy.answer(for: key)
      #expect(answer?.status == eager.answer(for: key)?.status, "\(target)")
      #expect(answer?.body == eager.answer(for: key)?.body, "\(target)")
    }
  }
}
