import Foundation
import Testing

@testable import TunesStorage

@Suite("HistoryStore")
struct HistoryStoreTests {
  private func store() throws -> HistoryStore {
    try TunesDatabase.inMemory(now: fixedClock).history
  }

  private func at(_ seconds: Double) -> Date { fixedDate.addingTimeInterval(seconds) }

  @Test("searches come back newest first with their filters and dates")
  func newestFirst() throws {
    let history = try store()
    try history.record(query: "beatles", filters: ["media": "music"], at: at(1))
    try history.record(query: "podcast", filters: ["media": "podcast", "country": "de"], at: at(2))
    #expect(
      try history.recent() == [
        HistoryEntry(
          query: "podcast", filters: ["media": "podcast", "country": "de"], searchedAt: at(2)),
        HistoryEntry(query: "beatles", filters: ["media": "music"], searchedAt: at(1)),
      ])
  }

  @Test(
    "a repeat differing only in case or surrounding spaces moves to the top with the newest spelling"
  )
  func dedupe() throws {
    let history = try store()
    try history.record(query: "The Score", filters: ["media": "music"], at: at(1))
    try history.record(query: "other", at: at(2))
    try history.record(query: "  the SCORE \n", filters: ["media": "movie"], at: at(3))
    let entries = try history.recent()
    #expect(entries.map(\.query) == ["the SCORE", "other"])
    #expect(entries.first?.filters == ["media": "movie"])
    #expect(entries.first?.searchedAt == at(3))
  }

  @Test("only the five newest distinct searches are kept, on disk too")
  func fiveCap() throws {
    let history = try store()
    for index in 1...8 { try history.record(query: "q\(index)", at: at(Double(index))) }
    #expect(try history.recent().map(\.query) == ["q8", "q7", "q6", "q5", "q4"])
    #expect(try history.database.query("SELECT count(*) FROM history").first?[0] == .integer(5))
  }

  @Test("searches recorded at the same instant still keep their order")
  func sameInstant() throws {
    let history = try store()
    for query in ["a", "b", "c"] { try history.record(query: query, at: fixedDate) }
    #expect(try history.recent().map(\.query) == ["c", "b", "a"])
  }

  @Test("a blank query is never recorded", arguments: ["", "   ", "\n\t "])
  func blankNotRecorded(query: String) throws {
    let history = try store()
    #expect(try history.record(query: query, at: fixedDate) == false)
    #expect(try history.recent().isEmpty)
  }

  @Test("a record without a date is stamped by the injected clock")
  func clockStamps() throws {
    let history = try store()
    try history.record(query: "now")
    #expect(try history.recent().first?.searchedAt == fixedDate)
  }

  @Test("clearing one forgets it whatever its case; clearing all forgets everything")
  func clearOneAndAll() throws {
    let history = try store()
    try history.record(query: "Keep", at: at(1))
    try history.record(query: "Drop Me", at: at(2))
    #expect(try history.remove(query: " drop me ") == true)
    #expect(try history.remove(query: "never there") == false)
    #expect(try history.recent().map(\.query) == ["Keep"])
    try history.clear()
    #expect(try history.recent().isEmpty)
  }

  @Test("the dedupe key folds case fully but keeps accents")
  func keyFolding() {
    #expect(HistoryStore.key(" STRASSE ") == HistoryStore.key("straße"))
    #expect(HistoryStore.key("МУЗЫКА") == HistoryStore.key("музыка"))
    #expect(HistoryStore.key("Été") != HistoryStore.key("Ete"))
  }
}
