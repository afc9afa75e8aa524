import Foundation
import ITunesCatalog
import TestSupport
import Testing

@testable import ITunesReplay

/// The demo's genre service and genre feeds: a tree for every medium `tunes genres` names, each
/// genre's charts listing the demo's records of that genre, and Apple's `{}` for an unknown id.
@Suite("Demo genres")
struct DemoGenresTests {
  static var engine: CatalogEngine { DemoCatalogueTests.engine }

  static func answer(_ target: String) throws -> ReplayResponse {
    try #require(engine.answer(for: ReplayRequestKey(target: target)), "\(target)")
  }

  static func tree(_ id: Int, country: String = "us") throws -> Genre {
    let response = try answer(GenreQuery(id: id, country: country).request.pathAndQuery)
    #expect(response.status == 200)
    return try Genre.decode(response.body, id: id)
  }

  @Test(
    "Every medium has a tree of genres whose charts the genre service names",
    arguments: GenreMedium.all)
  func everyMedium(medium: GenreMedium) throws {
    let tree = try Self.tree(medium.id)
    #expect(tree.id == medium.id)
    #expect(!tree.subgenres.isEmpty, "\(medium.name) has no genres")
    let charts = GenreChart.charts(of: tree, medium: medium)
    #expect(Set(charts.map(\.feed)) == Set(medium.charts.map(\.feed)), "\(medium.name)")
    for subgenre in tree.subgenres {
      #expect(subgenre.subgenres.isEmpty)
      #expect(GenreChart.charts(of: subgenre, medium: medium).map(\.feed) == charts.map(\.feed))
    }
  }

  @Test("A genre's feed lists the demo's records of that genre, of the chart's kind")
  func feedsMatchTheirGenre() throws {
    for medium in GenreMedium.all {
      let tree = try Self.tree(medium.id)
      var listed = 0
      for genre in [tree] + tree.subgenres {
        for chart in GenreChart.charts(of: genre, medium: medium) {
          let request = try chart.request(genre: genre.id, country: "us", limit: 100)
          let response = try Self.answer(request.pathAndQuery)
          guard case .chart(let page) = try request.decode(response.body) else {
            Issue.record("not a chart: \(request.pathAndQuery)")
            continue
          }
          #expect(page.skippedCount == 0)
          for item in page.items {
            #expect(item.kind == chart.itemKind, "\(request.pathAndQuery): \(item.kind)")
            if genre.id != medium.id { #expect(item.genre == genre.name, "\(item.title)") }
          }
          listed += page.items.count
        }
      }
      #expect(listed > 0, "\(medium.name)'s genre charts are all empty")
    }
    // An entry's id is the catalogue's: a lookup by it finds the same item.
    let pop = try #require(try Self.tree(34).subgenres.first { $0.name == "Pop" })
    let request = try #require(GenreChart(feed: "topsongs")).request(genre: pop.id, limit: 1)
    guard case .chart(let page) = try request.decode(Self.answer(request.pathAndQuery).body),
      let song = page.items.first
    else { throw RecordingError.missing("Pop's top song") }
    let lookup = try CatalogPage.decode(Self.answer("/lookup?id=\(song.id)").body)
    #expect(lookup.items.first?.title == song.title)
    #expect(song.price != nil && song.currency == "USD" && song.artworkText != nil)
  }

  @Test("An unknown id is answered with {}; a subgenre's id with its own tree; other stores too")
  func unknownAndStores() throws {
    let unknown = try Self.answer("/WebObjects/MZStoreServices.woa/ws/genres?id=12345&cc=us")
    #expect(String(decoding: unknown.body, as: UTF8.self) == "{}")
    #expect(throws: CatalogError.unknownGenre(12345)) { try Genre.decode(unknown.body, id: 12345) }
    let music = try Self.tree(34)
    let first = try #require(music.subgenres.first)
    #expect(try Self.tree(first.id) == first)
    let japan = try Self.tree(34, country: "jp")
    #expect(japan.subgenres.map(\.id) == music.subgenres.map(\.id))
    let request = try #require(GenreChart(feed: "topsongs")).request(genre: 34, country: "gb")
    guard case .chart(let page) = try request.decode(Self.answer(request.pathAndQuery).body) else {
      throw RecordingError.missing("the GB top songs")
    }
    #expect(page.items.first?.currency == "GBP")
    // A storefront the demo does not sell in answers as the US one, as its searches do.
    #expect(try Self.tree(34, country: "de") == music)
  }
}
