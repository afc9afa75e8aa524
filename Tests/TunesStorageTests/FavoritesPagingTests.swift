import Foundation
import Testing

@testable import TunesStorage

/// Paging the favourites on a real SQLite file: 100,000 rows written in one transaction, read a
/// window at a time in each order, by keyset and by offset, with counts and filters in SQL.
@Suite("FavoritesStore paging")
struct FavoritesPagingTests {
  static let count = 100_000

  /// A database file of `count` favourites: ids 1…count, kinds song / album / podcast in
  /// turn, titles out of id order, every tenth by "Jack Johnson", added one second apart
  /// (id 1 the oldest), a few with LIKE's wildcards in their titles.
  static func filled(_ directory: TemporaryDirectory, count: Int = count) throws -> TunesDatabase {
    let database = try TunesDatabase.open(paths: directory.paths, now: fixedClock)
    try database.database.transaction { db in
      try db.execute(
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
        INSERT INTO favorites (id, kind, title, payload, added_at, seq)
        SELECT i, k, t, json_object('id', i, 'kind', k, 'title', t,
            'author', CASE WHEN i % 10 = 0 THEN 'Jack Johnson' ELSE 'Artist ' || (i % 7) END,
            'collection', 'Collection ' || (i % 13)),
          1800000000 + i, i
        FROM (SELECT i,
            CASE i % 3 WHEN 0 THEN 'song' WHEN 1 THEN 'album' ELSE 'podcast' END AS k,
            CASE WHEN i = 77 THEN '100% Pure' WHEN i = 78 THEN 'snake_case'
              ELSE 'Title ' || ((i * 7919) % 100003) END AS t
          FROM n)
        """, [.integer(Int64(count))])
    }
    return database
  }

  @Test("keyset pages in each order join up to the same rows as offset pages, both ways")
  func keysetMatchesOffset() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try Self.filled(directory).favorites
    for sort in FavoritesSort.allCases {
      let query = FavoritesQuery(sort: sort)
      let first = try store.page(query, seek: .offset(0), limit: 50)
      #expect(first.count == 50)
      // Forward: from the row at index 30 (a window overlapping the one held).
      let forward = try store.page(query, seek: .from(first[30].key), limit: 50)
      let byOffset = try store.page(query, seek: .offset(30), limit: 50)
      #expect(forward.map(\.key) == byOffset.map(\.key), "\(sort)")
      // After the last row: the next page without overlap.
      let after = try store.page(query, seek: .after(first[49].key), limit: 50)
      #expect(after.map(\.key) == (try store.page(query, seek: .offset(50), limit: 50)).map(\.key))
      // Backwards: the 50 rows ending with index 79, in the query's order.
      let through = try store.page(query, seek: .through(forward[49].key), limit: 50)
      #expect(through.map(\.key) == byOffset.map(\.key), "\(sort)")
      // The last rows, read from the end.
      let last = try store.page(query, seek: .last, limit: 40)
      let tail = try store.page(query, seek: .offset(Self.count - 40), limit: 40)
      #expect(last.map(\.key) == tail.map(\.key), "\(sort)")
      #expect(last.count == 40)
    }
  }

  @Test("each order is SQL's: newest first, by kind then newest, by title then id")
  func orders() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try Self.filled(directory, count: 3_000).favorites
    let added = try store.page(.init(sort: .added), seek: .offset(0), limit: 3)
    #expect(added.map(\.record.id) == [3_000, 2_999, 2_998])
    #expect(added.first?.record.addedAt == Date(timeIntervalSince1970: 1_800_003_000))
    let kinds = try store.page(.init(sort: .kind), seek: .offset(0), limit: 3_000)
    #expect(kinds.map(\.key.kind) == kinds.map(\.key.kind).sorted())
    #expect(kinds.first?.record.id == 2_998)  // the newest album (2998 % 3 == 1)
    let titles = try store.page(.init(sort: .title), seek: .offset(0), limit: 3_000)
    let keys = titles.map { ($0.key.title.lowercased(), $0.key.id) }
    #expect(keys.map(\.0) == keys.map(\.0).sorted())
    #expect(titles.first?.record.title == "100% Pure")
  }

  @Test("pages, counts and ids read indexes: no temporary sort, no table scan for the order")
  func plansUseIndexes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try Self.filled(directory, count: 2_000)
    let store = database.favorites
    for sort in FavoritesSort.allCases {
      let key = try #require(try store.page(.init(sort: sort), seek: .offset(10), limit: 1).first)
      for seek in [FavoritesSeek.from(key.key), .through(key.key), .last, .offset(5)] {
        let plan = Plan(FavoritesQuery(sort: sort), seek: seek, derived: true)
        let conditions = plan.conditions.isEmpty ? "1" : plan.conditions.joined(separator: " AND ")
        let rows = try database.database.query(
          "EXPLAIN QUERY PLAN SELECT id FROM favorites WHERE \(conditions) ORDER BY \(plan.order) "
            + "LIMIT 10", plan.bindings)
        let detail = rows.compactMap { $0[3].string }.joined(separator: "; ")
        #expect(!detail.contains("TEMP B-TREE"), "\(sort) \(seek): \(detail)")
        #expect(detail.contains("INDEX"), "\(sort) \(seek): \(detail)")
      }
    }
    // With filter text the counts group the matching rows by kind.
    let counts = try database.database.query(
      "EXPLAIN QUERY PLAN SELECT kind, count(*) FROM favorites WHERE 1 GROUP BY kind")
    #expect(counts.compactMap { $0[3].string }.joined().contains("COVERING INDEX"))
  }

  /// The counts the triggers keep, and the counts SQLite finds by counting.
  static func keptAndCounted(_ store: FavoritesStore) throws -> (
    kept: [String], counted: [String]
  ) {
    let kept = try store.countsByKind(.init()).map { "\($0.kind) \($0.count)" }
    let counted = try store.database.query(
      "SELECT kind, count(*) AS n FROM favorites GROUP BY kind ORDER BY n DESC, kind"
    ) { "\($0.text(0) ?? "") \($0.int64(1) ?? 0)" }
    return (kept, counted)
  }

  @Test("the counts by kind kept by triggers follow adds, kind changes, removals and clear")
  func keptCounts() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try Self.filled(directory, count: 3_000).favorites
    var both = try Self.keptAndCounted(store)
    #expect(both.kept == ["album 1000", "podcast 1000", "song 1000"])
    #expect(both.kept == both.counted)
    try store.add(favorite(9_001, kind: "software"))
    try store.add(favorite(5, kind: "song"))  // an album refreshed as a song
    #expect(try store.remove(id: 6))
    _ = try store.take(id: 7)
    _ = try store.importRecords([favorite(9_002, kind: "ebook"), favorite(8, kind: "x")])
    both = try Self.keptAndCounted(store)
    #expect(both.kept == both.counted)
    #expect(both.kept.contains("software 1") && both.kept.contains("ebook 1"))
    try store.clear()
    #expect(try store.countsByKind(.init()).isEmpty)
  }

  @Test("migrating a file of schema 4 counts the favourites it holds")
  func migrationCounts() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/tunes.sqlite"
    let old = try SQLiteDatabase(path: path)
    try old.migrate(Array(StorageSchema.library.prefix(4)))
    let store = FavoritesStore(database: old)
    for n in 1...10 { try store.add(favorite(Int64(n), kind: n % 2 == 0 ? "song" : "album")) }
    old.close()
    let new = try SQLiteDatabase(path: path)
    defer { new.close() }
    try new.migrate(StorageSchema.library)
    let both = try Self.keptAndCounted(FavoritesStore(database: new))
    #expect(both.kept == ["album 5", "song 5"])
    #expect(both.kept == both.counted)
  }

  @Test("counts by kind and the filter are SQL's; LIKE's wildcards are plain text")
  func countsAndFilters() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try Self.filled(directory).favorites
    let counts = try store.countsByKind(.init())
    #expect(counts.map(\.kind) == ["album", "podcast", "song"])
    #expect(counts.map(\.count) == [33_334, 33_333, 33_333])
    // Every tenth is Jack Johnson's; by kind, a tenth of each.
    let jack = FavoritesQuery(text: "jack JOHNSON")
    #expect(try store.countsByKind(jack).map(\.count).reduce(0, +) == 10_000)
    let jackSongs = FavoritesQuery(sort: .title, text: "jack", kind: "song")
    let page = try store.page(jackSongs, seek: .offset(0), limit: 100)
    #expect(page.count == 100)
    #expect(page.allSatisfy { $0.record.kind == "song" && $0.record.id % 30 == 0 })
    // The kind does not change the counts: they are per kind for the text.
    #expect(try store.countsByKind(jackSongs).count == 3)
    // "%" and "_" are letters in a filter, not wildcards.
    #expect(
      try store.page(.init(text: "100%"), seek: .offset(0), limit: 10).map(\.record.id) == [77])
    #expect(
      try store.page(.init(text: "e_c"), seek: .offset(0), limit: 10).map(\.record.id) == [78])
    #expect(try store.page(.init(text: "nothing like it"), seek: .offset(0), limit: 10).isEmpty)
  }

  @Test("take then restore puts a favourite back in its place with its date")
  func takeAndRestore() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try Self.filled(directory, count: 500).favorites
    let before = try store.page(.init(), seek: .offset(0), limit: 10)
    let taken = try #require(try store.take(id: before[4].record.id))
    #expect(taken == before[4])
    #expect(try store.take(id: before[4].record.id) == nil)
    #expect(try store.count() == 499)
    #expect(
      try store.page(.init(), seek: .offset(0), limit: 10).map(\.record.id).contains(496) == false)
    #expect(try store.restore(taken))
    #expect(try store.page(.init(), seek: .offset(0), limit: 10) == before)
    // Put back twice: the second time it is there already.
    #expect(try store.restore(taken) == false)
  }

  @Test("forEachPage streams every favourite in order, a batch at a time")
  func streaming() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try Self.filled(directory).favorites
    var seen = 0
    var previous: Int64 = .max
    var largest = 0
    try store.forEachPage(batch: 1_000) { page in
      largest = max(largest, page.count)
      for stored in page {
        #expect(stored.record.id < previous)
        previous = stored.record.id
      }
      seen += page.count
    }
    #expect(seen == Self.count)
    #expect(largest == 1_000)
    var summaries = 0
    try store.forEachSummaryPage(batch: 777) { page in
      if summaries == 0 { #expect(page.first?.author == "Jack Johnson") }
      summaries += page.count
    }
    #expect(summaries == Self.count)
  }
}
