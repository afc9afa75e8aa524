import Foundation
import ITunesCatalog
import ITunesClient
import Synchronization
import TestSupport
import Testing

/// A wall clock a test sets by hand.
final class WallClock: @unchecked Sendable {
  private let lock = NSLock()
  private var current: Date
  init(_ start: Date) { current = start }
  var now: Date {
    get { lock.withLock { current } }
    set { lock.withLock { current = newValue } }
  }
  func advance(hours: Double) { now = now.addingTimeInterval(hours * 3600) }
}

@Suite("Response cache layer")
struct ResponseCacheTests {
  let request = CatalogRequest(endpoint: .search, parameters: [.init("term", "hello")])
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  func cachedClient(
    _ fake: FakeTransport, store: ResponseCacheStore, mode: ResponseCachePolicy.Mode = .normal,
    wall: WallClock
  ) throws -> ITunesClient {
    let policy = ResponseCachePolicy(mode: mode, now: { wall.now })
    return try makeClient(fake, maxAttempts: 1).caching(store: store, policy: policy)
  }

  @Test("a network answer is stored, and a fresh hit does not reach the network")
  func freshHit() async throws {
    let wall = WallClock(start)
    let store = ResponseCacheStore.inMemory()
    let fake = FakeTransport([.success(TransportResponse(status: 200, body: Bodies.onePage))])
    let client = try cachedClient(fake, store: store, wall: wall)
    let first = try await client.fetch(request)
    #expect(first.source == .network)
    #expect(
      store.load(request.canonicalKey) == CachedResponse(body: Bodies.onePage, fetchedAt: start))
    wall.advance(hours: 23.9)
    let second = try await client.fetch(request)
    #expect(second.source == .cache(fetchedAt: start, stale: false, because: nil))
    #expect(second.page == first.page)
    #expect(fake.count == 1)
  }

  @Test("the key ignores parameter order")
  func canonicalKey() async throws {
    let wall = WallClock(start)
    let store = ResponseCacheStore.inMemory()
    let fake = FakeTransport([.success(TransportResponse(status: 200, body: Bodies.onePage))])
    let client = try cachedClient(fake, store: store, wall: wall)
    let a = CatalogRequest(
      endpoint: .search, parameters: [.init("term", "x"), .init("limit", "5")])
    let b = CatalogRequest(
      endpoint: .search, parameters: [.init("limit", "5"), .init("term", "x")])
    _ = try await client.fetch(a)
    #expect(try await client.fetch(b).isFromCache)
    #expect(fake.count == 1)
  }

  @Test("an expired answer is fetched again and replaced")
  func expired() async throws {
    let wall = WallClock(start)
    let store = ResponseCacheStore.inMemory([
      request.canonicalKey: CachedResponse(body: Bodies.emptyPage, fetchedAt: start)
    ])
    let fake = FakeTransport([.success(TransportResponse(status: 200, body: Bodies.onePage))])
    let client = try cachedClient(fake, store: store, wall: wall)
    wall.advance(hours: 25)
    let response = try await client.fetch(request)
    #expect(response.source == .network)
    #expect(response.page.items.count == 1)
    #expect(store.load(request.canonicalKey)?.fetchedAt == wall.now)
    #expect(fake.count == 1)
  }

  @Test(
    "when the network fails or Apple throttles, a stored answer is served as stale with its date",
    arguments: [
      ClientError.cannotConnect(host: "itunes.apple.com"), .timedOut(seconds: 15),
      .truncated(receivedBytes: 10), .offline,
    ])
  func staleFallbackOnTransportError(error: ClientError) async throws {
    let wall = WallClock(start)
    let store = ResponseCacheStore.inMemory([
      request.canonicalKey: CachedResponse(body: Bodies.onePage, fetchedAt: start)
    ])
    let client = try cachedClient(FakeTransport([.failure(error)]), store: store, wall: wall)
    wall.advance(hours: 48)
    let response = try await client.fetch(request)
    #expect(response.source == .cache(fetchedAt: start, stale: true, because: error))
    #expect(response.page.items.count == 1)
  }

  @Test(
    "throttled and failed answers fall back to the cache and are never stored",
    arguments: [403, 429, 500])
  func throttledNeverCached(status: Int) async throws {
    let wall = WallClock(start)
    let old = CachedResponse(body: Bodies.onePage, fetchedAt: start)
    let store = ResponseCacheStore.inMemory([request.canonicalKey: old])
    let client = try cachedClient(FakeTransport(statuses: [status]), store: store, wall: wall)
    wall.advance(hours: 30)
    let response = try await client.fetch(request)
    guard case .cache(let fetchedAt, true, let because?) = response.source else {
      Issue.record("expected a stale cache answer, got \(response.source)")
      return
    }
    #expect(fetchedAt == start)
    #expect(because.phase == .status)
    #expect(store.load(request.canonicalKey) == old)
  }

  @Test("with nothing stored, an empty 403 is an error and nothing is stored")
  func throttledWithoutCache() async throws {
    let wall = WallClock(start)
    let store = ResponseCacheStore.inMemory()
    let client = try cachedClient(FakeTransport(statuses: [403]), store: store, wall: wall)
    #expect(await fetchError(client, request) == .rateLimited(status: 403))
    #expect(store.load(request.canonicalKey) == nil)
  }

  @Test(
    "errors that a stored answer must not hide are passed on and nothing is stored",
    arguments: [
      (400, Bodies.appleError), (200, Data("<html>".utf8)), (404, Data()),
    ])
  func errorsNotHidden(status: Int, body: Data) async throws {
    let wall = WallClock(start)
    let store = ResponseCacheStore.inMemory()
    let client = try cachedClient(
      FakeTransport([.success(TransportResponse(status: status, body: body))]), store: store,
      wall: wall)
    let error = await fetchError(client, request)
    #expect(error != nil)
    #expect(store.load(request.canonicalKey) == nil)
  }

  @Test("offline: a miss is a clear error and the network is never used")
  func offlineMiss() async throws {
    let wall = WallClock(start)
    let fake = FakeTransport(statuses: [200])
    let client = try cachedClient(fake, store: .inMemory(), mode: .offline, wall: wall)
    let error = await fetchError(client, request)
    #expect(error == .offlineCacheMiss)
    #expect(error?.errorDescription == "No cached answer for this request.")
    #expect(fake.count == 0)
  }

  @Test("offline: a hit is served, marked stale when old")
  func offlineHit() async throws {
    let wall = WallClock(start)
    let store = ResponseCacheStore.inMemory([
      request.canonicalKey: CachedResponse(body: Bodies.onePage, fetchedAt: start)
    ])
    let fake = FakeTransport(statuses: [200])
    let client = try cachedClient(fake, store: store, mode: .offline, wall: wall)
    #expect(
      try await client.fetch(request).source == .cache(fetchedAt: start, stale: false, because: nil)
    )
    wall.advance(hours: 100)
    #expect(
      try await client.fetch(request).source == .cache(fetchedAt: start, stale: true, because: nil))
    #expect(fake.count == 0)
  }

  @Test("no-cache: the store is neither read nor written")
  func disabled() async throws {
    let wall = WallClock(start)
    let old = CachedResponse(body: Bodies.emptyPage, fetchedAt: start)
    let store = ResponseCacheStore.inMemory([request.canonicalKey: old])
    let fake = FakeTransport([.success(TransportResponse(status: 200, body: Bodies.onePage))])
    let client = try cachedClient(fake, store: store, mode: .disabled, wall: wall)
    let response = try await client.fetch(request)
    #expect(response.source == .network)
    #expect(response.page.items.count == 1)
    #expect(store.load(request.canonicalKey) == old)
    #expect(fake.count == 1)
  }

  @Test("an unreadable stored body counts as a miss")
  func corruptEntry() async throws {
    let wall = WallClock(start)
    let store = ResponseCacheStore.inMemory([
      request.canonicalKey: CachedResponse(body: Data("garbage".utf8), fetchedAt: start)
    ])
    let fake = FakeTransport([.success(TransportResponse(status: 200, body: Bodies.onePage))])
    let client = try cachedClient(fake, store: store, wall: wall)
    #expect(try await client.fetch(request).source == .network)
    #expect(store.load(request.canonicalKey)?.body == Bodies.onePage)
  }

  @Test("cancellation is passed on, not hidden by a stored answer")
  func cancellationNotHidden() async throws {
    let wall = WallClock(start)
    let store = ResponseCacheStore.inMemory([
      request.canonicalKey: CachedResponse(body: Bodies.onePage, fetchedAt: start)
    ])
    wall.advance(hours: 30)
    let client = try cachedClient(FakeTransport([.failure(.cancelled)]), store: store, wall: wall)
    #expect(await fetchError(client, request) == .cancelled)
  }

  @Test("one cache layer: an answer without a body is never stored, catalogue or feed")
  func emptyBodiesAreNotStored() async throws {
    let wall = WallClock(start)
    let store = ResponseCacheStore.inMemory()
    let page = try CatalogPage.decode(Bodies.onePage)
    let chart = try ChartQuery(kind: .albums)
    let document = try chart.request.decode(
      Fixtures.ownFile("catalog/charts/v2-top-albums-gb-2.json"))
    let calls = Mutex(0)
    // Answers from the network with empty bodies, as doubles and adapters give them.
    let network = ITunesClient.mock { _ in
      calls.withLock { $0 += 1 }
      return page
    }.withFeeds { _ in
      calls.withLock { $0 += 1 }
      return document
    }
    let client = network.caching(
      store: store, policy: ResponseCachePolicy(mode: .normal, now: { wall.now }))
    for _ in 0..<2 {
      #expect(try await client.fetch(request).source == .network)
      #expect(try await client.fetchFeed(chart.request).source == .network)
    }
    #expect(store.load(request.canonicalKey) == nil)
    #expect(store.load(chart.request.canonicalKey) == nil)
    #expect(calls.withLock { $0 } == 4, "nothing answered from the cache")
  }
}
