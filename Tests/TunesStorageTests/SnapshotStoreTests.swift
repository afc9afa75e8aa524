import Foundation
import Testing

@testable import TunesStorage

/// Snapshots, changes and sweeps on a real SQLite file.
@Suite("Snapshot store")
struct SnapshotStoreTests {
  func app(
    _ id: Int64 = 1, country: String = "us", price: String = "4.99", version: String = "1.0",
    title: String = "Pocket Planner", at date: Date
  ) -> WatchSnapshot {
    WatchSnapshot(
      itemID: id, country: country, kind: "software", title: title, currency: "USD",
      prices: ["price": price], version: version, versionDate: fixedDate,
      releaseNotes: "Notes for \(version)", ratingCount: 10, takenAt: date)
  }

  func open(_ directory: TemporaryDirectory) throws -> TunesDatabase {
    try TunesDatabase.open(paths: directory.paths, now: fixedClock)
  }

  @Test("the first check records, a change is stored once with old and new, a repeat is quiet")
  func changesOnce() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try open(directory).snapshots
    let day = 86_400.0
    let first = try store.record([app(at: fixedDate), app(2, price: "0.99", at: fixedDate)])
    #expect(first.firstSeen == 2)
    #expect(first.changes.isEmpty)
    let later = fixedDate.addingTimeInterval(day)
    let second = try store.record([
      app(price: "2.99", version: "1.1", at: later), app(2, price: "0.99", at: later),
    ])
    #expect(second.unchanged == 1)
    #expect(second.changes.map(\.change) == [.priceDown, .newVersion])
    #expect(second.changes[0].old == "4.99" && second.changes[0].new == "2.99")
    #expect(second.changes[0].currency == "USD")
    #expect(second.changes[1].old == "1.0" && second.changes[1].new == "1.1")
    #expect(second.changes[1].notes == "Notes for 1.1")
    // Reopened from the file: the same state again is no change.
    let reopened = try open(directory).snapshots
    let third = try reopened.record([
      app(price: "2.99", version: "1.1", at: later.addingTimeInterval(day)),
      app(2, price: "0.99", at: later.addingTimeInterval(day)),
    ])
    #expect(third.changes.isEmpty)
    #expect(third.unchanged == 2)
    // One row per state: item 1 has two, item 2 one, and the last check is remembered.
    let history = try reopened.history(itemID: 1, country: "us")
    #expect(history.map { $0.prices["price"] } == ["4.99", "2.99"])
    #expect(history.last?.checkedAt == later.addingTimeInterval(day))
    #expect(try reopened.snapshotCount() == 3)
    #expect(try reopened.changes().count == 2)
  }

  @Test("gone, back (compared with the last snapshot on sale), renamed, tracks, per storefront")
  func goneAndBack() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try open(directory).snapshots
    let t = (0..<5).map { fixedDate.addingTimeInterval(Double($0) * 3600) }
    var album = WatchSnapshot(
      itemID: 7, country: "gb", kind: "album", title: "Night", currency: "GBP",
      prices: ["price": "7.99"], trackCount: 12, takenAt: t[0])
    _ = try store.record([album, app(7, country: "us", at: t[0])])
    let gone = try store.record([
      .unavailable(itemID: 7, country: "gb", kind: "album", at: t[1]),
      app(7, country: "us", at: t[1]),
    ])
    #expect(gone.changes.map(\.change) == [.gone])
    #expect(gone.changes.first?.title == "Night")
    #expect(gone.changes.first?.old == "7.99")
    #expect(
      try store.record([.unavailable(itemID: 7, country: "gb", kind: "album", at: t[2])]).changes
        .isEmpty)
    album.takenAt = t[3]
    album.checkedAt = t[3]
    album.title = "Night (Deluxe)"
    album.trackCount = 15
    let back = try store.record([album])
    #expect(back.changes.map(\.change) == [.back, .renamed, .tracksAdded])
    #expect(back.changes[1].old == "Night" && back.changes[1].new == "Night (Deluxe)")
    #expect(back.changes[2].old == "12" && back.changes[2].new == "15")
  }

  @Test("a price in another currency, or one that appears, is a price change with currencies")
  func currency() throws {
    let before = app(price: "4.99", at: fixedDate)
    var after = app(price: "4.49", at: fixedDate)
    after.currency = "EUR"
    after.prices["rentalPrice"] = "1.99"
    let changes = WatchChange.between(previous: before, lastAvailable: nil, current: after)
    #expect(changes.map(\.change) == [.priceChanged, .priceChanged])
    #expect(changes[0].field == "price" && changes[0].old == "4.99 USD")
    #expect(changes[0].new == "4.49 EUR")
    #expect(changes[1].field == "rentalPrice" && changes[1].old == nil)
  }

  @Test("a sweep keeps each storefront's answer and resumes until it is finished")
  func sweeps() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let sweeps = try open(directory).sweeps
    let sweep = try sweeps.open(key: "1|all", at: fixedDate)
    #expect(!sweep.resumed && sweep.answers.isEmpty)
    try sweeps.save(sweep: sweep.id, country: "us", answer: Data("[1]".utf8), at: fixedDate)
    try sweeps.save(sweep: sweep.id, country: "gb", answer: Data("[]".utf8), at: fixedDate)
    let resumed = try open(directory).sweeps.open(key: "1|all", at: fixedDate)
    #expect(resumed.resumed && resumed.id == sweep.id)
    #expect(resumed.answers == ["us": Data("[1]".utf8), "gb": Data("[]".utf8)])
    #expect(try sweeps.open(key: "2|all", at: fixedDate).id != sweep.id)
    try sweeps.finish(sweep: sweep.id, at: fixedDate)
    let fresh = try sweeps.open(key: "1|all", at: fixedDate)
    #expect(!fresh.resumed && fresh.answers.isEmpty)
  }

  @Test("releases: what was seen per creator and storefront, and when it was checked")
  func releases() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let releases = try open(directory).releases
    #expect(try releases.lastChecked(creatorID: 5, country: "us") == nil)
    try releases.markSeen(creatorID: 5, country: "us", itemIDs: [10, 11], at: fixedDate)
    try releases.markSeen(creatorID: 5, country: "us", itemIDs: [11, 12], at: fixedDate)
    #expect(try releases.seen(creatorID: 5, country: "us") == [10, 11, 12])
    #expect(try releases.seen(creatorID: 5, country: "gb").isEmpty)
    #expect(try releases.lastChecked(creatorID: 5, country: "us") == fixedDate)
  }
}
