import Foundation
import ITunesCatalog
import ITunesClient

extension BulkLookup {
  /// One id's answer from the cache.
  struct StoredAnswer {
    var items: [CatalogItem]
    var fetchedAt: Date
  }

  /// The cache key of a lookup of `id` alone, with this run's options.
  func key(for id: Int64) throws -> String {
    try request(for: [id]).canonicalKey
  }

  /// `id`'s stored answer if it is fresh (or any age, with `acceptStale`) and still reads.
  func stored(
    _ id: Int64, in cache: ResponseCacheStore, acceptStale: Bool
  ) throws -> StoredAnswer? {
    guard let entry = cache.load(try key(for: id)),
      acceptStale || policy.isFresh(entry.fetchedAt, at: policy.now()),
      let page = try? CatalogPage.decode(entry.body)
    else { return nil }
    return StoredAnswer(items: page.items, fetchedAt: entry.fetchedAt)
  }

  /// Stores a batch's answer as one answer per id: each id's results (none for an id Apple does
  /// not know), as Apple would have answered a lookup of that id alone.
  func save(_ body: Data, for ids: [Int64], in cache: ResponseCacheStore) {
    guard let groups = Self.resultsByID(body) else { return }
    let now = policy.now()
    var entries: [(key: String, response: CachedResponse)] = []
    entries.reserveCapacity(ids.count)
    for id in ids {
      let results = groups[id] ?? []
      var document: [UInt8] = Array("{\"resultCount\":\(results.count),\"results\":[".utf8)
      for (index, result) in results.enumerated() {
        if index > 0 { document.append(UInt8(ascii: ",")) }
        document += result
      }
      document += Array("]}".utf8)
      guard let key = try? key(for: id) else { continue }
      entries.append((key, CachedResponse(body: Data(document), fetchedAt: now)))
    }
    // One batch: one transaction and one eviction pass for the whole answer.
    cache.saveAll(entries)
  }

  /// The raw JSON of each result in a lookup answer, grouped by the id tunes gives its item;
  /// `nil` when the body is not a readable answer (nothing is stored then).
  static func resultsByID(_ body: Data) -> [Int64: [[UInt8]]]? {
    guard case .object(let members)? = try? JSONParser.parse([UInt8](body)),
      case .array(let results)? = members.first(where: { $0.key == "results" })?.value
    else { return nil }
    var groups: [Int64: [[UInt8]]] = [:]
    for result in results {
      let bytes = JSONWriter.bytes(result)
      let single = Array("{\"results\":[".utf8) + bytes + Array("]}".utf8)
      guard let item = (try? CatalogPage.decode(bytes: single))?.items.first else { continue }
      groups[item.id, default: []].append(bytes)
    }
    return groups
  }
}
