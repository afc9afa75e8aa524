import Foundation
import ITunesCatalog
import Testing
import TunesFeatures
import TunesStorage

@testable import TunesLive

/// A history entry written by the command line and read back by the app, through the real store
/// and the one codec (`SearchQuery.historyFields`).
@Suite("History entry codec")
struct HistoryCodecTests {
  @Test("a command-line search with --attribute runs the same search when picked in the app")
  func attributeSurvives() async throws {
    let database = try TunesDatabase.inMemory()
    let cli = try SearchQuery(
      term: "jack", country: "gb", media: .music, entity: "song", attribute: "artistTerm",
      limit: 10, explicit: false)
    // What `tunes search` records (HistoryRecorder.filters(of:) is `query.historyFields`).
    _ = try database.history.record(query: cli.term, filters: cli.historyFields)
    let client = LiveDependencies.history(database.history, persistent: true, records: { true })
    let filters = try #require(try await client.filters("jack"))
    let again = try filters.query(term: "jack")
    #expect(again.media == .music && again.entity == "song" && again.attribute == "artistTerm")
    #expect(again.limit == 10 && again.explicit == false)
    #expect(again.country == nil, "the entry brings no storefront; the app applies its own")
  }

  @Test("no history entry keeps a storefront, and an old row's country is ignored")
  func storefrontIsASetting() throws {
    let query = try SearchQuery(term: "x", country: "jp", media: .podcast)
    #expect(query.historyFields == ["media": "podcast"])
    #expect(
      SearchFilters(media: .music, country: "GB", limit: 50).historyFields == [
        "media": "music", "limit": "50",
      ])
    let old = SearchFilters(historyFields: ["media": "music", "country": "GB"], country: "JP")
    #expect(old == SearchFilters(media: .music, country: "JP"))
  }

  @Test("a damaged entry gives the defaults, never another search")
  func damagedEntry() {
    for fields in [["media": "vinyl"], ["limit": "lots"], ["media": "music", "entity": "movie"]] {
      #expect(SearchFilters(historyFields: fields, country: "GB") == SearchFilters(country: "GB"))
    }
  }
}
