import Foundation
import Testing

@testable import TunesStorage

@Suite("FavoritesStore")
struct FavoritesStoreTests {
  private func store() throws -> FavoritesStore {
    try TunesDatabase.inMemory(now: fixedClock).favorites
  }

  private func at(_ seconds: Double) -> Date { fixedDate.addingTimeInterval(seconds) }

  @Test("added favourites list newest first with the whole item")
  func addAndList() throws {
    let favorites = try store()
    let older = favorite(1, title: "Older", addedAt: at(1))
    let newer = favorite(2, title: "Newer", kind: "album", addedAt: at(2))
    #expect(try favorites.add(older) == true)
    #expect(try favorites.add(newer) == true)
    #expect(try favorites.list() == [newer, older])
    #expect(try favorites.ids() == [1, 2])
    #expect(try favorites.contains(id: 2))
    #expect(try favorites.count() == 2)
  }

  @Test("adding an existing id refreshes the item but keeps its place and date")
  func addExisting() throws {
    let favorites = try store()
    try favorites.add(favorite(1, title: "Old title", addedAt: at(1)))
    try favorites.add(favorite(2, addedAt: at(2)))
    #expect(try favorites.add(favorite(1, title: "New title", addedAt: at(9))) == false)
    let listed = try favorites.list()
    #expect(listed.map(\.id) == [2, 1])
    #expect(listed.last?.title == "New title")
    #expect(listed.last?.addedAt == at(1))
  }

  @Test("remove reports whether the id was a favourite")
  func remove() throws {
    let favorites = try store()
    try favorites.add(favorite(7))
    #expect(try favorites.remove(id: 7) == true)
    #expect(try favorites.remove(id: 7) == false)
    #expect(try favorites.list().isEmpty)
  }

  @Test("toggle adds, then removes, and says which")
  func toggle() throws {
    let favorites = try store()
    #expect(try favorites.toggle(favorite(3)) == true)
    #expect(try favorites.contains(id: 3))
    #expect(try favorites.toggle(favorite(3)) == false)
    #expect(try !favorites.contains(id: 3))
  }

  @Test("a payload that is not one JSON object is refused", arguments: ["not json", "[1,2]", "42"])
  func payloadMustBeObject(payload: String) throws {
    let favorites = try store()
    let record = FavoriteRecord(
      id: 1, kind: "song", title: "x", payload: Data(payload.utf8), addedAt: fixedDate)
    #expect(throws: StorageError.self) { try favorites.add(record) }
    #expect(try favorites.count() == 0)
  }

  @Test("import merges by id and counts added and skipped")
  func importMerge() throws {
    let favorites = try store()
    try favorites.add(favorite(1, title: "Mine", addedAt: at(1)))
    let incoming = [favorite(1, title: "Theirs"), favorite(2), favorite(3), favorite(2)]
    #expect(try favorites.importRecords(incoming) == FavoritesImportSummary(added: 2, skipped: 2))
    #expect(try favorites.ids() == [1, 2, 3])
    #expect(try favorites.list().first { $0.id == 1 }?.title == "Mine")
  }

  @Test("imported records sharing a date list in file order")
  func importOrder() throws {
    let favorites = try store()
    _ = try favorites.importRecords([favorite(5), favorite(6), favorite(7)])
    #expect(try favorites.list().map(\.id) == [5, 6, 7])
  }

  @Test("an import that fails half-way leaves nothing behind")
  func importAtomic() throws {
    let favorites = try store()
    try favorites.add(favorite(1))
    var records = (2...50).map { favorite(Int64($0)) }
    records.insert(
      FavoriteRecord(
        id: 999, kind: "song", title: "bad", payload: Data("{oops".utf8), addedAt: fixedDate),
      at: 25)
    #expect(throws: StorageError.self) { try favorites.importRecords(records) }
    #expect(try favorites.ids() == [1])
  }

  @Test("20,000 favourites import in one transaction")
  func largeImport() throws {
    let favorites = try store()
    let records = (1...20_000).map {
      favorite(Int64($0), title: "Song \($0)", extra: ",\"artist\":\"Artist \($0 % 97)\"")
    }
    let started = Date()
    #expect(
      try favorites.importRecords(records) == FavoritesImportSummary(added: 20_000, skipped: 0))
    let seconds = Date().timeIntervalSince(started)
    #expect(seconds < 20, "import took \(seconds) s")
    #expect(try favorites.count() == 20_000)
    #expect(
      try favorites.importRecords(records) == FavoritesImportSummary(added: 0, skipped: 20_000))

    let exportStarted = Date()
    let file = try favorites.exportJSON()
    let other = try store()
    let read = try other.records(fromJSON: file)
    #expect(try other.importRecords(read) == FavoritesImportSummary(added: 20_000, skipped: 0))
    let roundTrip = Date().timeIntervalSince(exportStarted)
    #expect(roundTrip < 20, "export, read and import took \(roundTrip) s")
    #expect(try other.list().map(\.id) == favorites.list().map(\.id))
  }
}
