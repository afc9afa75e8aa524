import Foundation
import Testing

@testable import TunesStorage

@Suite("Favourites export and import files")
struct FavoritesExchangeTests {
  private func store() throws -> FavoritesStore {
    try TunesDatabase.inMemory(now: fixedClock).favorites
  }

  @Test("JSON export is an array of the stored items, byte for byte, newest first")
  func exportJSON() throws {
    let favorites = try store()
    try favorites.add(favorite(1, title: "One", extra: ",\"price\":0.99", addedAt: fixedDate))
    try favorites.add(favorite(2, title: "Two", addedAt: fixedDate.addingTimeInterval(5)))
    let text = String(decoding: try favorites.exportJSON(), as: UTF8.self)
    #expect(
      text == """
        [
        {"id":2,"kind":"song","title":"Two"},
        {"id":1,"kind":"song","title":"One","price":0.99}
        ]

        """)
  }

  @Test("an empty export is an empty array")
  func emptyExport() throws {
    #expect(String(decoding: try store().exportJSON(), as: UTF8.self) == "[]\n")
  }

  @Test("JSON export imports into another database unchanged")
  func roundTrip() throws {
    let source = try store()
    let items = [
      favorite(10, title: "Ünïcödé \"quoted\"", extra: ",\"nested\":{\"a\":[1,2.5,null]}"),
      favorite(11, title: "Second", kind: "album"),
      favorite(12, title: "Third", kind: "podcast"),
    ]
    _ = try source.importRecords(items)
    let exported = try source.exportJSON()

    let target = try store()
    let records = try target.records(fromJSON: exported)
    #expect(try target.importRecords(records) == FavoritesImportSummary(added: 3, skipped: 0))
    #expect(try target.list() == source.list())
    #expect(try target.exportJSON() == exported)
  }

  @Test("reading an import file uses id, kind and title (or name) keys")
  func readsKeys() throws {
    let favorites = try store()
    let file = Data(
      #"[{"id": 5, "kind": "artist", "name": "Björk"}, {"id": 6, "title": "T"}]"#.utf8)
    let records = try favorites.records(fromJSON: file)
    #expect(records.map(\.id) == [5, 6])
    #expect(records.map(\.kind) == ["artist", ""])
    #expect(records.map(\.title) == ["Björk", "T"])
    #expect(records.first?.addedAt == fixedDate)
    #expect(records.first?.payload == Data(#"{"id":5,"kind":"artist","name":"Björk"}"#.utf8))
  }

  @Test(
    "an import file that is not an array of objects with integer ids is refused",
    arguments: [
      "{}", "nonsense", "[1]", #"[{"id":"x"}]"#, #"[{"title":"no id"}]"#, #"[{"id":1.5}]"#,
    ])
  func badImportFile(text: String) throws {
    let favorites = try store()
    #expect(throws: StorageError.self) { try favorites.records(fromJSON: Data(text.utf8)) }
  }

  @Test("CSV quotes commas, quotes and line breaks and lists payload keys as columns")
  func csvQuoting() throws {
    let favorites = try store()
    try favorites.add(
      favorite(
        1, title: "Hello, \"World\"\nAgain",
        extra: ",\"artist\":\"A, B\",\"storeURL\":\"https://x/1\",\"explicit\":true,\"price\":1.29",
        addedAt: fixedDate))
    try favorites.add(
      favorite(
        2, title: "Plain", extra: ",\"artist\":\"C\",\"genre\":null,\"tags\":[\"x\",\"y\"]",
        addedAt: fixedDate.addingTimeInterval(1)))
    let rows = try favorites.exportRows()
    let expected = [
      [
        "id", "kind", "title", "added_at", "artist", "genre", "tags", "storeURL", "explicit",
        "price",
      ],
      ["2", "song", "Plain", "2027-01-15T08:00:01Z", "C", "", #"["x","y"]"#, "", "", ""],
      [
        "1", "song", "Hello, \"World\"\nAgain", "2027-01-15T08:00:00Z", "A, B", "", "",
        "https://x/1",
        "true", "1.29",
      ],
    ]
    #expect(rows == expected)
  }

  @Test("CSV columns can be chosen")
  func csvChosenColumns() throws {
    let favorites = try store()
    try favorites.add(favorite(1, extra: ",\"artist\":\"A\",\"collection\":\"C\""))
    #expect(
      try favorites.exportRows(extraColumns: ["collection", "missing"]) == [
        ["id", "kind", "title", "added_at", "collection", "missing"],
        ["1", "song", "Title", "2027-01-15T08:00:00Z", "C", ""],
      ])
  }
}

@Suite("Favourites table fields")
struct FavoriteSummaryTests {
  static let full = FavoriteRecord(
    id: 7, kind: "song", title: "Tab\there",
    payload: Data(
      #"{"id":7,"kind":"song","title":"Tab\there","author":"Bj\u00f6rk \"B\"","price":1.29,"currency":"USD","durationMillis":200000,"releaseDate":"2005-03-01T08:00:00Z","formattedPrice":"Gratuit"}"#
        .utf8), addedAt: Date(timeIntervalSince1970: 1))
  static let bare = FavoriteRecord(
    id: 8, kind: "podcast", title: "Bare",
    payload: Data(#"{"id":8,"kind":"podcast","title":"Bare"}"#.utf8),
    addedAt: Date(timeIntervalSince1970: 2))

  @Test(
    "the table fields are columns SQLite derives from the stored item, escapes and nulls included")
  func summaries() throws {
    let favorites = try TunesDatabase.inMemory().favorites
    _ = try favorites.importRecords([Self.full, Self.bare])
    let rows = try favorites.summaries()
    #expect(rows.map(\.id) == [8, 7])
    #expect(rows[0] == FavoriteSummary(id: 8, kind: "podcast", title: "Bare"))
    #expect(
      rows[1]
        == FavoriteSummary(
          id: 7, kind: "song", title: "Tab\there", author: "Björk \"B\"", collection: nil,
          durationMillis: 200_000, price: "1.29", currency: "USD", formattedPrice: "Gratuit",
          releaseDate: "2005-03-01T08:00:00Z"))
  }

  @Test("a version 1 database gets the columns filled from the favourites it holds")
  func migratesVersionOne() throws {
    let db = try SQLiteDatabase.inMemory()
    try db.migrate(Array(StorageSchema.library.prefix(1)))
    _ = try db.execute(
      "INSERT INTO favorites (id, kind, title, payload, added_at, seq) VALUES (?, ?, ?, ?, ?, ?)",
      [
        .integer(7), .text("song"), .text("Tab\there"),
        .text(String(decoding: Self.full.payload, as: UTF8.self)), .real(1), .integer(1),
      ])
    #expect(try db.migrate(StorageSchema.library) == StorageSchema.library.count)
    let favorites = FavoritesStore(database: db)
    #expect(try favorites.summaries().first?.author == "Björk \"B\"")
    #expect(try favorites.summaries().first?.price == "1.29")
    #expect(try favorites.list().first?.payload == Self.full.payload)
  }
}
