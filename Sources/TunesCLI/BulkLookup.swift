import Foundation
import ITunesCatalog
import ITunesClient

/// Looks up many ids: fresh answers from the cache first, the rest in batches of at most 200 ids
/// a request, paced by the client's rate limiter; items are handed on as each batch arrives.
///
/// Without `entity`, each id's answer is kept in the response cache under the key of a lookup of
/// that id alone (`tunes lookup ID` finds it too), so a repeated run asks Apple only for ids it
/// has not seen within the freshness window, and an id Apple does not know is remembered as such.
/// With `entity` (an album's songs, an artist's albums) a batch's related items cannot be told
/// apart by id, so whole batches are cached, as any lookup is.
///
/// The first failed batch stops the run: the ids not looked up are answered from older cache
/// entries where there are some (network trouble and throttling, as for any request) and
/// reported in the summary with the error.
struct BulkLookup: Sendable {
  /// Apple accepts about 200 ids a lookup.
  static let batchSize = 200

  /// The paced client without a cache layer.
  var network: ITunesClient
  /// The response cache (`nil` with `--no-cache` or when it cannot be opened).
  var cache: ResponseCacheStore?
  /// Freshness, the clock and `--offline`.
  var policy: ResponseCachePolicy
  var entity: String?
  var limit: Int?
  var sort: LookupQuery.Sort?
  var country: String?
  /// For news (`tunes watch`, `tunes where`): a value for Apple's ignored `_` parameter, so no
  /// CDN copy answers; the cache is then not read and no older answer stands in for a failed
  /// request, but each id's fresh answer is still saved for `tunes lookup`.
  var cacheBuster: String?

  /// Where a run stands, for the progress line.
  struct Progress: Equatable {
    /// Ids answered so far (found or not).
    var done: Int
    var total: Int
    /// Requests sent so far, and how many the ids not answered from the cache need.
    var requests: Int
    var batches: Int
  }

  /// What a run did.
  struct Summary: Equatable {
    var total = 0
    /// Items handed on.
    var items = 0
    /// Ids answered from the cache (fresh, or older because the network failed).
    var fromCache = 0
    /// Requests sent.
    var requests = 0
    /// Ids answered with nothing: Apple knows no item with them.
    var unknown: [Int64] = []
    /// Ids that got no answer because a batch failed (or, offline, were not in the cache).
    var notLookedUp: [Int64] = []
    /// Why they got none.
    var failure: ClientError?
    /// The oldest cached answer used in place of a failed request.
    var staleSince: Date?
  }

  /// Looks `ids` up (deduplicated by the caller); `emit` gets each batch's items, in Apple's order,
  /// and may throw to stop the run.
  func run(
    _ ids: [Int64],
    emit: ([CatalogItem]) throws -> Void,
    progress: (Progress) -> Void = { _ in }
  ) async throws -> Summary {
    var summary = Summary(total: ids.count)
    var seen = Set<ItemIdentity>()
    func hand(_ items: [CatalogItem]) throws {
      let new = items.filter { seen.insert(ItemIdentity($0)).inserted }
      summary.items += new.count
      if !new.isEmpty { try emit(new) }
    }
    var pending = ids
    if perID, cacheBuster == nil, let cache {
      var missing: [Int64] = []
      var answered: [CatalogItem] = []
      for id in ids {
        if let stored = try stored(id, in: cache, acceptStale: policy.mode == .offline) {
          summary.fromCache += 1
          if stored.items.isEmpty { summary.unknown.append(id) }
          answered += stored.items
        } else {
          missing.append(id)
        }
      }
      try hand(answered)
      pending = missing
    }
    let batches = stride(from: 0, to: pending.count, by: Self.batchSize).map {
      Array(pending[$0..<min($0 + Self.batchSize, pending.count)])
    }
    var done = ids.count - pending.count
    progress(Progress(done: done, total: ids.count, requests: 0, batches: batches.count))
    if policy.mode == .offline, !pending.isEmpty, perID || cache == nil {
      summary.notLookedUp = pending
      summary.failure = .offlineCacheMiss
      return summary
    }
    var client = network
    if !perID, cacheBuster == nil, let cache {
      client = network.caching(store: cache, policy: policy)
    }
    for (index, batch) in batches.enumerated() {
      let response: CatalogResponse
      do {
        var sent = try request(for: batch)
        if let cacheBuster { sent.parameters.append(.init("_", cacheBuster)) }
        response = try await client.fetch(sent)
        if response.source == .network { summary.requests += 1 }
      } catch let error as ClientError {
        summary.failure = error
        let rest = batches[index...].flatMap { $0 }
        try hand(fallback(rest, after: error, into: &summary))
        return summary
      }
      if case .cache(let fetchedAt, _, _) = response.source {
        summary.fromCache += batch.count
        if let because = response.sourceError {
          summary.failure = because
          summary.staleSince = min(summary.staleSince ?? fetchedAt, fetchedAt)
        }
      }
      if perID, let cache { save(response.body, for: batch, in: cache) }
      let found = Set(response.page.items.map(\.id))
      summary.unknown += batch.filter { !found.contains($0) }
      try hand(response.page.items)
      done += batch.count
      progress(
        Progress(
          done: done, total: ids.count, requests: index + 1, batches: batches.count))
    }
    return summary
  }

  /// Whether answers are cached per id (lookups without related items).
  var perID: Bool { entity == nil }

  /// The lookup of `ids` with this run's options.
  func request(for ids: [Int64]) throws -> CatalogRequest {
    try LookupQuery(key: .ids(ids), entity: entity, limit: limit, sort: sort, country: country)
      .request
  }

  /// After a failed batch: older per-id answers for `ids` where the error allows them; the rest
  /// are not looked up.
  private func fallback(
    _ ids: [Int64], after error: ClientError, into summary: inout Summary
  ) throws -> [CatalogItem] {
    guard perID, cacheBuster == nil, error.allowsStaleFallback, let cache else {
      summary.notLookedUp += ids
      return []
    }
    var items: [CatalogItem] = []
    for id in ids {
      guard let stored = try stored(id, in: cache, acceptStale: true) else {
        summary.notLookedUp.append(id)
        continue
      }
      summary.fromCache += 1
      summary.staleSince = min(summary.staleSince ?? stored.fetchedAt, stored.fetchedAt)
      if stored.items.isEmpty { summary.unknown.append(id) }
      items += stored.items
    }
    return items
  }
}

/// An item's identity in the output: the same id can name an artist and a track.
private struct ItemIdentity: Hashable {
  let id: Int64
  let kind: String

  init(_ item: CatalogItem) {
    id = item.id
    kind = item.kind.rawValue
  }
}

extension CatalogResponse {
  /// The error a cached answer stands in for, if any.
  fileprivate var sourceError: ClientError? {
    if case .cache(_, _, let because?) = source { return because }
    return nil
  }
}
