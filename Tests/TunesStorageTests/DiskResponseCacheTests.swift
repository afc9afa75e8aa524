import Foundation
import Testing

@testable import TunesStorage

@Suite("DiskResponseCache")
struct DiskResponseCacheTests {
  private func cache(capacity: Int = DiskResponseCache.defaultCapacityBytes) throws
    -> DiskResponseCache
  {
    try DiskResponseCache(database: SQLiteDatabase.inMemory(), capacityBytes: capacity)
  }

  private func body(_ size: Int, _ byte: UInt8 = 65) -> Data { Data(repeating: byte, count: size) }

  @Test("a stored body comes back with its fetch time; a missing key gives nil")
  func storeAndLookup() throws {
    let cache = try cache()
    let json = Data(#"{"resultCount":1}"#.utf8)
    #expect(try cache.store(key: "k", body: json, fetchedAt: fixedDate))
    #expect(try cache.lookup(key: "k") == StoredResponse(body: json, fetchedAt: fixedDate))
    #expect(try cache.lookup(key: "other") == nil)
  }

  @Test("storing the same key replaces the body")
  func replace() throws {
    let cache = try cache()
    try cache.store(key: "k", body: body(10), fetchedAt: fixedDate)
    try cache.store(key: "k", body: body(20, 66), fetchedAt: fixedDate.addingTimeInterval(60))
    #expect(try cache.lookup(key: "k")?.body == body(20, 66))
    #expect(try cache.count() == 1)
    #expect(try cache.totalBytes() == 21)
  }

  @Test("an empty body (how throttling answers) is never cached")
  func emptyNotCached() throws {
    let cache = try cache()
    #expect(try cache.store(key: "k", body: Data(), fetchedAt: fixedDate) == false)
    #expect(try cache.lookup(key: "k") == nil)
  }

  @Test("the least recently used entries are evicted at the cap")
  func lruEviction() throws {
    let cache = try cache(capacity: 300)
    // Each entry is 99 bytes of body plus a 1-byte key: three fit in 300.
    for key in ["a", "b", "c"] { try cache.store(key: key, body: body(99), fetchedAt: fixedDate) }
    #expect(try cache.totalBytes() == 300)
    _ = try cache.lookup(key: "a")  // "a" is now the most recently used; "b" the least
    try cache.store(key: "d", body: body(99), fetchedAt: fixedDate)
    #expect(try cache.lookup(key: "b") == nil)
    for key in ["a", "c", "d"] { #expect(try cache.lookup(key: key) != nil, "\(key) evicted") }
    #expect(try cache.totalBytes() == 300)
    try cache.store(key: "e", body: body(199), fetchedAt: fixedDate)
    #expect(try cache.count() == 2)
    #expect(try cache.totalBytes() <= 300)
    #expect(try cache.lookup(key: "e") != nil)
  }

  @Test("a body larger than the whole cap is not stored and evicts nothing")
  func tooLarge() throws {
    let cache = try cache(capacity: 100)
    try cache.store(key: "a", body: body(50), fetchedAt: fixedDate)
    #expect(try cache.store(key: "big", body: body(200), fetchedAt: fixedDate) == false)
    #expect(try cache.count() == 1)
  }

  @Test("remove and clear forget entries")
  func removeAndClear() throws {
    let cache = try cache()
    try cache.store(key: "a", body: body(5), fetchedAt: fixedDate)
    try cache.store(key: "b", body: body(5), fetchedAt: fixedDate)
    #expect(try cache.remove(key: "a") == true)
    #expect(try cache.remove(key: "a") == false)
    #expect(try cache.count() == 1)
    try cache.clear()
    #expect(try cache.totalBytes() == 0)
  }

  @Test(
    "freshness: younger than the max age is fresh; older, or fetched in the future, is not",
    arguments: [
      (0.0, true), (60.0, true), (86_399.0, true), (86_400.0, false), (100_000.0, false),
      (-60.0, false),
    ])
  func freshness(age: Double, fresh: Bool) {
    let response = StoredResponse(body: Data("x".utf8), fetchedAt: fixedDate)
    #expect(
      DiskResponseCache.isFresh(response, now: fixedDate.addingTimeInterval(age)) == fresh)
  }

  @Test("a custom max age is honoured")
  func customMaxAge() {
    let response = StoredResponse(body: Data("x".utf8), fetchedAt: fixedDate)
    let now = fixedDate.addingTimeInterval(120)
    #expect(DiskResponseCache.isFresh(response, now: now, maxAge: 60) == false)
    #expect(DiskResponseCache.isFresh(response, now: now, maxAge: 600) == true)
  }

  @Test("the cache file lives under XDG_CACHE_HOME/tunes with private permissions")
  func opensUnderCacheHome() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let cache = try DiskResponseCache.open(paths: dir.paths, capacityBytes: 1_000)
    try cache.store(key: "k", body: body(10), fetchedAt: fixedDate)
    let file = dir.path + "/cache/tunes/responses.sqlite"
    #expect(FileManager.default.fileExists(atPath: file))
    #expect(permissions(dir.path + "/cache/tunes") == 0o700)
    #expect(permissions(file) == 0o600)
    #expect(try cache.database.userVersion() == StorageSchema.responseCache.count)
  }

  @Test("a batch is stored in one go; over the cap the oldest go, with their bodies")
  func batch() throws {
    let cache = try cache(capacity: 300)
    try cache.store(key: "old", body: body(99), fetchedAt: fixedDate)
    let entries = ["a", "b", "c"].map { (key: $0, body: body(99), fetchedAt: fixedDate) }
    #expect(try cache.store(entries + [("empty", Data(), fixedDate)]) == 3)
    // Four 100-byte entries do not fit in 300: the oldest, stored before the batch, went.
    #expect(try cache.lookup(key: "old") == nil)
    for key in ["a", "b", "c"] { #expect(try cache.lookup(key: key) != nil, "\(key) evicted") }
    #expect(try cache.totalBytes() == 300)
    let orphans = try cache.database.query(
      "SELECT count(*) FROM response_bodies WHERE key NOT IN (SELECT key FROM responses)")
    #expect(orphans.first?[0].int64 == 0)
  }
}

@Suite("DiskResponseCache schema")
struct ResponseCacheSchemaTests {
  @Test(
    "a version-1 cache (bodies in the entry row) is replaced by the latest version and keeps working"
  )
  func upgradeFromVersionOne() throws {
    let database = try SQLiteDatabase.inMemory()
    try database.migrate(Array(StorageSchema.responseCache.prefix(1)))
    try database.execute(
      "INSERT INTO responses (key, body, fetched_at, used_seq, size) VALUES ('k', x'41', 0, 1, 2)")
    try database.migrate(StorageSchema.responseCache)
    #expect(try database.userVersion() == 3)
    let cache = try DiskResponseCache(database: database, capacityBytes: 1_000)
    #expect(try cache.count() == 0)
    #expect(try cache.store(key: "k", body: Data("B".utf8), fetchedAt: fixedDate))
    #expect(try cache.lookup(key: "k")?.body == Data("B".utf8))
  }

  @Test("marking an entry as used leaves its body alone, and eviction removes bodies too")
  func bodiesFollowEntries() throws {
    let cache = try DiskResponseCache(database: SQLiteDatabase.inMemory(), capacityBytes: 30)
    try cache.store(key: "a", body: Data(repeating: 65, count: 10), fetchedAt: fixedDate)
    try cache.store(key: "b", body: Data(repeating: 66, count: 10), fetchedAt: fixedDate)
    #expect(try cache.lookup(key: "a")?.body.count == 10)  // a is now the newest
    try cache.store(key: "c", body: Data(repeating: 67, count: 10), fetchedAt: fixedDate)
    #expect(try cache.lookup(key: "b") == nil)
    #expect(try cache.lookup(key: "a") != nil)
    let orphans = try cache.database.query(
      "SELECT count(*) FROM response_bodies WHERE key NOT IN (SELECT key FROM responses)")
    #expect(orphans.first?[0].int64 == 0)
    #expect(try cache.database.query("SELECT count(*) FROM response_bodies").first?[0].int64 == 2)
  }
}
